import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipTo, displayWidth, padEndTo, padStartTo } from '../../src/bot/views/display-width.ts';
import { crosstableText } from '../../src/bot/views/tournament-messages.ts';

describe('display width: cells in a fixed-width font', () => {
  it('East Asian wide characters and emoji take two cells, marks none, the rest one', () => {
    expect(displayWidth('Ann')).toBe(3);
    expect(displayWidth('山田太郎')).toBe(8);
    expect(displayWidth('김민준')).toBe(6);
    expect(displayWidth('ｆｕｌｌ')).toBe(8);
    expect(displayWidth('李・ナ')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('🇸🇪')).toBe(2);
    expect(displayWidth('Ωμέγα')).toBe(5);
    expect(displayWidth('Ärger')).toBe(5);
  });

  it('pads to a width in cells, and clips whole characters with an ellipsis', () => {
    expect(padEndTo('山田', 6)).toBe('山田  ');
    expect(padStartTo('勝', 3)).toBe(' 勝');
    expect(padEndTo('longer than that', 4)).toBe('longer than that');
    expect(clipTo('Annabelle Bartholomew', 16)).toBe('Annabelle Barth…');
    expect(clipTo('山田太郎山田太郎山田太郎', 16)).toBe('山田太郎山田太…');
    expect(clipTo('a山田太郎山田太郎山田太郎', 16)).toBe('a山田太郎山田太…');
    expect(clipTo('short', 16)).toBe('short');
  });

  it('any name, clipped and padded, fills exactly its column', () => {
    const pieces = fc.constantFrom(
      'a',
      'Z',
      'é',
      'e\u0301',
      '山',
      '田',
      '김',
      'ｆ',
      '👍🏽',
      ' ',
      'Ω',
      '🇸🇪',
      '·',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const name = parts.join('');
        expect(displayWidth(padEndTo(clipTo(name, 16), 16))).toBe(16);
        expect(displayWidth(clipTo(name, 16))).toBeLessThanOrEqual(16);
        expect(clipTo(name, 16) === name).toBe(displayWidth(name) <= 16);
      }),
    );
  });
});

describe('the crosstable as text, with names in Japanese and Chinese', () => {
  it('keeps every column in place: each row as wide, by cells, as the head', () => {
    const text = crosstableText({
      title: '春の大会',
      heads: { rank: '#', player: 'プレイヤー', columns: ['1', '2', '3'], points: '点', tiebreak: 'SB' },
      rows: [
        { rank: 1, name: '山田太郎', cells: ['', '1', '1'], points: '2', tiebreak: '1' },
        { rank: 2, name: 'Ann', cells: ['0', '', '1'], points: '1', tiebreak: '0.5' },
        { rank: 3, name: '李娜李娜李娜李娜李娜', cells: ['0', '0', ''], points: '0', tiebreak: '0' },
      ],
      diagonal: true,
    });
    const lines = text.split('\n').filter((line) => /^\s*(#|\d)/.test(line));
    expect(lines).toHaveLength(4);
    // Every column right-aligned but the name's, which is padded: each line ends at the same cell.
    expect(new Set(lines.map(displayWidth)).size).toBe(1);
    expect(text).toContain('李娜李娜李娜李…');
  });
});
