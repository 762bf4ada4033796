import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { type BoardSnapshot, Game, type PieceKind, variantIds } from '../../src/engine/index.ts';
import { centreOfSquare, layoutOf, renderBoard } from '../../src/render/index.ts';
import { gameWith } from '../engine/setup.ts';

const players = { attackers: 'Ragnar', defenders: 'Æthelflæd' };

interface Picture {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

async function decode(png: Buffer): Promise<Picture> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    pixel(x, y) {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    },
  };
}

const white = ([r, g, b]: number[]) => r > 235 && g > 235 && b > 225;
const dark = ([r, g, b]: number[]) => r < 80 && g < 80 && b < 80;

/** What the picture shows on a square, read from a few pixels around its centre. */
function pieceShown(picture: Picture, snapshot: BoardSnapshot, square: string): PieceKind | null {
  const layout = layoutOf(snapshot);
  const { x, y } = centreOfSquare(layout, square);
  const r = layout.cell * 0.4;
  const centre = picture.pixel(x, y);
  const ring = picture.pixel(x + r * 0.5, y);
  const off = picture.pixel(x + r * 0.55, y + r * 0.55);
  if (dark(centre) && white(off)) return 'king';
  if (dark(centre) && dark(off)) return 'attacker';
  if (white(centre) && white(off)) return dark(ring) ? 'guard' : 'defender';
  return null;
}

function squares(size: number): string[] {
  const all: string[] = [];
  for (let rank = 1; rank <= size; rank++)
    for (let file = 0; file < size; file++) all.push(`${String.fromCharCode(97 + file)}${rank}`);
  return all;
}

describe('the board picture', () => {
  it.each(variantIds)('%s: a PNG of the layout’s size, each square showing its piece', async (variant) => {
    const game = new Game(variant);
    const snapshot = game.snapshot();
    const png = await renderBoard(snapshot, players);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const picture = await decode(png);
    const layout = layoutOf(snapshot);
    expect([picture.width, picture.height]).toEqual([layout.width, layout.height]);
    for (const square of squares(snapshot.size)) {
      expect(pieceShown(picture, snapshot, square), square).toBe(game.pieceAt(square));
    }
  });

  it('a midgame position: every piece where the engine has it', async () => {
    const game = new Game('alea-guards');
    for (const move of ['c1-c2', 'j11-k11', 'f6-f8', 'l11-l12', 'c2-c4']) game.play(move);
    const snapshot = game.snapshot();
    const picture = await decode(await renderBoard(snapshot, players));
    for (const square of squares(19))
      expect(pieceShown(picture, snapshot, square), square).toBe(game.pieceAt(square));
  });

  it('highlights the last move and marks the captured squares', async () => {
    const game = gameWith('fetlar', { king: 'f6', defenders: ['c4'], attackers: ['b4', 'd1'] }, 'attackers');
    const before = await decode(await renderBoard(game.snapshot(), players));
    game.play('d1-d4');
    const snapshot = game.snapshot();
    const after = await decode(await renderBoard(snapshot, players));
    const layout = layoutOf(snapshot);
    const edge = layout.cell / 2 - 3;
    const from = centreOfSquare(layout, 'd1');
    const amber = ([r, g, b]: number[]) => r > 180 && g > 110 && g < 190 && b < 60;
    expect(amber(before.pixel(from.x - edge, from.y))).toBe(false);
    expect(amber(after.pixel(from.x - edge, from.y))).toBe(true);
    const to = centreOfSquare(layout, 'd4');
    expect(amber(after.pixel(to.x - edge, to.y))).toBe(true);
    const captured = centreOfSquare(layout, 'c4');
    const red = ([r, g, b]: number[]) => r > 170 && g < 80 && b < 80;
    expect(red(after.pixel(captured.x, captured.y))).toBe(true);
    expect(red(after.pixel(from.x, from.y))).toBe(false);
  });

  it('flags a king who can escape, and one who can be captured', async () => {
    const ringAt = async (game: Game, colour: (p: number[]) => boolean) => {
      const snapshot = game.snapshot();
      const picture = await decode(await renderBoard(snapshot, players));
      const layout = layoutOf(snapshot);
      const king = squares(snapshot.size).find((square) => game.pieceAt(square) === 'king') ?? '';
      const { x, y } = centreOfSquare(layout, king);
      const ring = picture.pixel(x, y - layout.cell * 0.56);
      return colour(ring);
    };
    const green = ([r, g, b]: number[]) => g > 100 && r < 80 && b < 100;
    const red = ([r, g, b]: number[]) => r > 170 && g < 80 && b < 80;
    const escaping = gameWith(
      'fetlar',
      { king: 'c1', attackers: ['f1', 'h7'], defenders: ['e6'] },
      'attackers',
    );
    expect(escaping.threats().kingCanEscape).toBe(true);
    expect(await ringAt(escaping, green)).toBe(true);
    const threatened = gameWith(
      'alea-armed',
      { king: 'e5', attackers: ['d5', 'f5', 'e6', 'h4'], defenders: ['a10'] },
      'attackers',
    );
    expect(threatened.threats().kingCanBeCaptured).toBe(true);
    expect(await ringAt(threatened, red)).toBe(true);
    expect(await ringAt(new Game('fetlar'), green)).toBe(false);
  });

  it('the same input gives the same bytes', async () => {
    const snapshot = new Game('alea-armed').snapshot();
    expect((await renderBoard(snapshot, players)).equals(await renderBoard(snapshot, players))).toBe(true);
  });

  it('any name, however long or strange, stays inside the caption', async () => {
    const snapshot = new Game('fetlar').snapshot();
    const names = {
      attackers: `Z̸̡̛̤̺̙͔̈́̆̈̐a̷̧̛̩̟͚̿̈́̔l̶̢̖̟̈́͑̔g̷̭̪̈́o̵͖̾ ${'@everyone '.repeat(30)}`,
      defenders: `\u202e\u0000${'👑'.repeat(80)}`,
    };
    const picture = await decode(await renderBoard(snapshot, names));
    const plain = await decode(await renderBoard(snapshot, { attackers: '', defenders: '' }));
    const layout = layoutOf(snapshot);
    // Nothing is drawn in the right-hand margin of the caption, and the board is untouched.
    for (let y = 45; y < layout.captionHeight; y += 3) {
      for (let x = layout.width - layout.margin + 4; x < layout.width; x += 3) {
        expect(picture.pixel(x, y)).toEqual(plain.pixel(x, y));
      }
    }
    for (const square of squares(11))
      expect(picture.pixel(centreOfSquare(layout, square).x, centreOfSquare(layout, square).y)).toEqual(
        plain.pixel(centreOfSquare(layout, square).x, centreOfSquare(layout, square).y),
      );
  });
});
