import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/bot/views/display-width.ts';
import { wrapText } from '../../src/render/wrap.ts';

/** A stand-in for a font: one unit a cell, as a fixed-width font draws it. */
const cells = (text: string) => displayWidth(text);

describe('wrapping a caption in any script', () => {
  it('English at spaces', () => {
    expect(wrapText('Sonneborn-Berger breaks ties between equal scores', 20, cells)).toEqual([
      'Sonneborn-Berger',
      'breaks ties between',
      'equal scores',
    ]);
  });

  it('Chinese and Japanese between words, though they have no spaces', () => {
    const chinese = '同分时以索内本-伯格分决定名次，再以直接对局结果决定。';
    const lines = wrapText(chinese, 16, cells);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(chinese);
    for (const line of lines) expect(cells(line)).toBeLessThanOrEqual(16 + 2);
    // No line starts with closing punctuation.
    for (const line of lines) expect(line).not.toMatch(/^[，。、）」]/u);
    const japanese = wrapText('同点の場合はゾンネボルン・ベルガー方式で順位を決めます。', 20, cells);
    expect(japanese.join('')).toBe('同点の場合はゾンネボルン・ベルガー方式で順位を決めます。');
    expect(japanese.length).toBeGreaterThan(1);
  });

  it('a word wider than the line is cut between characters, never inside one', () => {
    expect(wrapText('abcdefghij', 4, cells)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('👍🏽👍🏽👍🏽', 4, cells)).toEqual(['👍🏽👍🏽', '👍🏽']);
  });

  it('any text: nothing lost but spaces, and every line fits but for closing punctuation', () => {
    const pieces = fc.constantFrom('a', 'bb', ' ', '漢', '字', 'の', '。', '，', 'Wort', '👍🏽', '-');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), fc.integer({ min: 2, max: 30 }), (parts, width) => {
        const text = parts.join('');
        const lines = wrapText(text, width, cells);
        expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        for (const line of lines) {
          expect(line).toBe(line.trim());
          expect(cells(line.replace(/[\s\p{Pe}\p{Pf}\p{Po}]+$/u, ''))).toBeLessThanOrEqual(width);
        }
      }),
    );
  });
});
