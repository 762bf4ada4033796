/**
 * Names and captions in every script the bot's members write: Latin, Cyrillic, Greek, Japanese,
 * Korean, Chinese. Every character has a glyph in the fonts the pictures load (read from each
 * font file's cmap), and the canvas draws it with that glyph, not the missing-glyph box.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { fontCoverage } from '../../src/render/font-coverage.ts';
import { font, fontFiles, registerFonts } from '../../src/render/fonts.ts';
import { boardPixels, renderBoard } from '../../src/render/index.ts';

/** A player's name and a caption in each script, as a member of that language would see them. */
const SCRIPTS = {
  Cyrillic: { name: 'Рагнар Лодброк', caption: 'Ход 12: атакующие ходят, король может сбежать' },
  Greek: { name: 'Αθηνά', caption: 'Κίνηση 12: παίζουν οι επιτιθέμενοι' },
  Japanese: { name: '山田 太郎', caption: '12手目：攻め方の手番、王は逃げられる' },
  Korean: { name: '김민준', caption: '12수: 공격측 차례, 왕이 탈출할 수 있음' },
  'Chinese (simplified)': { name: '王小明', caption: '第12步：进攻方走棋，国王可以逃脱' },
  'Chinese (traditional)': { name: '陳大文', caption: '第12步：進攻方走棋，國王可以逃脫' },
} as const;

const covered = (files: readonly { path: string }[]) => {
  const points = new Set<number>();
  for (const { path } of files) for (const point of fontCoverage(path)) points.add(point);
  return points;
};

const missing = (points: Set<number>, text: string) =>
  [...text].filter((character) => !/\s/.test(character) && !points.has(character.codePointAt(0) as number));

describe('every script has its glyphs', () => {
  const all = covered(fontFiles());

  it.each(Object.entries(SCRIPTS))(
    '%s: every character is in the fonts the pictures load',
    (_script, text) => {
      expect(missing(all, text.name + text.caption)).toEqual([]);
    },
  );

  it('the CJK scripts would miss without the CJK fonts (DejaVu and the emoji alone)', () => {
    const without = covered(fontFiles().filter(({ path }) => !/noto-sans-(sc|kr)/.test(path)));
    expect(missing(without, SCRIPTS.Cyrillic.caption)).toEqual([]);
    for (const script of ['Japanese', 'Korean', 'Chinese (simplified)'] as const)
      expect(missing(without, SCRIPTS[script].caption).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(SCRIPTS))(
    '%s: the canvas draws each character, not the missing-glyph box',
    (_script, text) => {
      registerFonts();
      const canvas = createCanvas(64, 64);
      const context = canvas.getContext('2d');
      const drawn = (character: string) => {
        context.clearRect(0, 0, 64, 64);
        context.font = font(40, false, character);
        context.fillStyle = '#000';
        context.fillText(character, 8, 48);
        return Buffer.from(context.getImageData(0, 0, 64, 64).data).toString('base64');
      };
      // A private-use character no font has: what a missing glyph looks like.
      const box = drawn('\u{10FFFD}');
      const blank = drawn(' ');
      for (const character of new Set(text.name + text.caption)) {
        if (/\s/.test(character)) continue;
        const pixels = drawn(character);
        expect(pixels, `U+${character.codePointAt(0)?.toString(16)} ${character}`).not.toBe(box);
        expect(pixels, `U+${character.codePointAt(0)?.toString(16)} ${character}`).not.toBe(blank);
      }
    },
  );

  it.each(Object.entries(SCRIPTS))(
    '%s: a board with the players so named is drawn, names in the caption',
    async (_script, text) => {
      const snapshot = new Game('brandubh').snapshot();
      const png = await renderBoard(
        snapshot,
        { attackers: text.name, defenders: 'Æthelflæd' },
        { messages: messagesFor('de') },
      );
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The caption differs from one whose name is the same length in Latin letters: the name is drawn.
      const named = boardPixels(snapshot, { attackers: text.name, defenders: 'Æthelflæd' });
      const latin = boardPixels(snapshot, {
        attackers: 'x'.repeat([...text.name].length),
        defenders: 'Æthelflæd',
      });
      expect(Buffer.compare(Buffer.from(named.rows), Buffer.from(latin.rows))).not.toBe(0);
    },
  );
});
