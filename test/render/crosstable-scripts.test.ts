import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { type Crosstable, renderCrosstable } from '../../src/render/crosstable.ts';

const table = (footer: string): Crosstable => ({
  title: '春季锦标赛',
  heads: { rank: '#', player: '棋手', columns: ['1', '2'], points: '积分', tiebreak: 'SB' },
  rows: [
    { rank: 1, name: '山田太郎', cells: ['', '1'], points: '1', tiebreak: '0' },
    { rank: 2, name: 'さくら', cells: ['0', ''], points: '0', tiebreak: '0' },
  ],
  diagonal: true,
  footer,
});

const size = async (footer: string) => {
  const image = await loadImage(renderCrosstable(table(footer)));
  return { width: image.width, height: image.height };
};

/** FOOTER_PX + 6: one line of the footer. */
const FOOTER_LINE = 21;

describe('the crosstable picture with Japanese names and a Chinese caption', () => {
  it('wraps a long caption without spaces inside the picture’s width, line by line', async () => {
    const short = await size('同分');
    const long = await size(
      '同分时先以索内本-伯格分（与每位对手的积分乘以对其成绩之和）决定名次，再以直接对局的结果决定；仍然相同的，名次并列。',
    );
    expect(long.width).toBe(short.width);
    expect(long.height - short.height).toBeGreaterThanOrEqual(2 * FOOTER_LINE);
  });

  it('an English caption of the same length wraps at its spaces just the same', async () => {
    const short = await size('Ties');
    const long = await size(
      'Ties are broken by the Sonneborn-Berger score, then by the games between the tied players; players still equal share the place.',
    );
    expect(long.width).toBe(short.width);
    expect(long.height - short.height).toBeGreaterThanOrEqual(2 * FOOTER_LINE);
  });
});
