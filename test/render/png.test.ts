import { inflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/sample-games.ts';
import { type BoardSnapshot, Game, type VariantId, variantIds } from '../../src/engine/index.ts';
import { boardPixels, renderBoard } from '../../src/render/index.ts';
import { forgetKeptBands } from '../../src/render/png.ts';
import { gameWith } from '../engine/setup.ts';

const players = { attackers: 'Ragnar', defenders: 'Æthelflæd' };

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** The inflated scanlines, checked by zlib against the stream's Adler-32. */
  rows: Buffer;
}

function readPng(png: Buffer): Png {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const idat: Buffer[] = [];
  let header: Buffer = Buffer.alloc(0);
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    bitDepth: header[8],
    colourType: header[9],
    rows: inflateSync(Buffer.concat(idat)),
  };
}

/** Positions of a game played by seeded random moves, one in every `step`. */
function positions(variant: VariantId, seed: number, plies: number, step: number): BoardSnapshot[] {
  const random = seededRandom(seed);
  const game = new Game(variant);
  const all = [game.snapshot()];
  for (let ply = 1; ply <= plies && !game.isGameOver(); ply++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
    if (ply % step === 0 || game.isGameOver()) all.push(game.snapshot());
  }
  return all;
}

describe('the board picture’s PNG', () => {
  it('inflates to exactly the picture drawn in full, for every variant, across interleaved games', async () => {
    forgetKeptBands();
    // Two games of each variant, their pictures interleaved as the bot's are: bands kept from one
    // game's picture are reused in the other's, and in the next of the same game.
    const games = variantIds.flatMap((variant) => [1, 2].map((seed) => positions(variant, seed, 60, 3)));
    const longest = Math.max(...games.map((game) => game.length));
    let pictures = 0;
    for (let turn = 0; turn < longest; turn++) {
      for (const [index, game] of games.entries()) {
        const snapshot = game[turn];
        if (!snapshot) continue;
        const names = index % 2 === 0 ? players : { attackers: 'Sigrid 👑', defenders: 'Ólafr' };
        const options = { note: index % 4 === 1 ? 'match game 2 of 2' : undefined };
        const png = readPng(await renderBoard(snapshot, names, options));
        const frame = boardPixels(snapshot, names, options);
        expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([
          frame.width,
          frame.height,
          8,
          2,
        ]);
        expect(png.rows.equals(frame.rows), `${snapshot.variant}, game ${index}, picture ${turn}`).toBe(true);
        pictures++;
      }
    }
    expect(pictures).toBeGreaterThan(150);
  });

  it('draws again the ranks beside a threatened king, where his ring reaches, instead of reusing them', async () => {
    forgetKeptBands();
    const pairs = [
      // The same pieces but one, with the king quiet first and then in danger: the ranks beside
      // him are otherwise the same in both pictures.
      [
        gameWith(
          'alea-armed',
          { king: 'e5', attackers: ['d5', 'f5', 'h4'], defenders: ['a10'] },
          'attackers',
        ),
        gameWith(
          'alea-armed',
          { king: 'e5', attackers: ['d5', 'f5', 'e6', 'h4'], defenders: ['a10'] },
          'attackers',
        ),
      ],
      [
        gameWith('fetlar', { king: 'c1', attackers: ['b1', 'f1', 'h7'], defenders: ['e6'] }, 'attackers'),
        gameWith('fetlar', { king: 'c1', attackers: ['f1', 'h7'], defenders: ['e6'] }, 'attackers'),
      ],
    ];
    for (const [quiet, threatened] of pairs) {
      expect(quiet.threats()).toEqual({ kingCanEscape: false, kingCanBeCaptured: false });
      expect(Object.values(threatened.threats())).toContain(true);
      for (const game of [quiet, threatened]) {
        const png = readPng(await renderBoard(game.snapshot(), players));
        expect(png.rows.equals(boardPixels(game.snapshot(), players).rows)).toBe(true);
      }
    }
  });

  it('gives the same bytes for the same picture whatever was drawn before it, or with nothing kept', async () => {
    const a = positions('alea-guards', 3, 30, 30).at(-1) as BoardSnapshot;
    const b = positions('alea-guards', 4, 30, 30).at(-1) as BoardSnapshot;
    const first = await renderBoard(a, players);
    await renderBoard(b, players);
    const again = await renderBoard(a, players);
    forgetKeptBands();
    const cold = await renderBoard(a, players);
    expect(again.equals(first)).toBe(true);
    expect(cold.equals(first)).toBe(true);
  });

  it('decodes in Skia to the frame’s pixels, all opaque', async () => {
    const snapshot = positions('fetlar', 5, 20, 20).at(-1) as BoardSnapshot;
    const png = await renderBoard(snapshot, players);
    const frame = boardPixels(snapshot, players);
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const stride = frame.width * 3 + 1;
    let differing = 0;
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        const at = (y * frame.width + x) * 4;
        const from = y * stride + 1 + x * 3;
        if (
          data[at] !== frame.rows[from] ||
          data[at + 1] !== frame.rows[from + 1] ||
          data[at + 2] !== frame.rows[from + 2] ||
          data[at + 3] !== 255
        )
          differing++;
      }
    }
    expect(differing).toBe(0);
  });
});
