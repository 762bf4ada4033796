/**
 * Whether a board picture the bot sent is drawn in a member's view (/settings): its size (the
 * coordinates' margin), its background (the palette), and a piece where the view puts it (the
 * side it is seen from). Shared by the tests of the pictures drawn for a member.
 */
import { expect } from 'vitest';
import type { Game } from '../../src/engine/index.ts';
import { type BoardView, centreOfSquare, layoutOf, palettes } from '../../src/render/index.ts';
import { decodePng } from '../support/png.ts';

export async function expectDrawnIn(png: Buffer, game: Game, view: BoardView): Promise<void> {
  const snapshot = game.snapshot();
  const layout = layoutOf(snapshot, view);
  const picture = await decodePng(png);
  expect([picture.width, picture.height]).toEqual([layout.width, layout.height]);
  expect(near(picture.pixel(2, 2), rgbOf(palettes[view.palette].background))).toBe(true);
  // An attacker whose square turned half round is empty: drawn where this view puts it, and the
  // other side's view would put it on the empty square (a turned picture fails the test).
  const { square, mirrored } = attackerFacingEmpty(game);
  const dark = (at: { x: number; y: number }) =>
    picture.pixel(at.x, at.y + layout.cell * 0.25).every((c) => c < 80);
  expect(dark(centreOfSquare(layout, square)), `an attacker on ${square}`).toBe(true);
  expect(dark(centreOfSquare(layout, mirrored)), `nothing on ${mirrored}`).toBe(false);
}

function attackerFacingEmpty(game: Game): { square: string; mirrored: string } {
  const { size } = game.snapshot();
  const squareAt = (file: number, rank: number) => `${String.fromCharCode(97 + file)}${rank + 1}`;
  for (let rank = 0; rank < size; rank++)
    for (let file = 0; file < size; file++) {
      const square = squareAt(file, rank);
      const mirrored = squareAt(size - 1 - file, size - 1 - rank);
      if (game.pieceAt(square) === 'attacker' && game.pieceAt(mirrored) === null) return { square, mirrored };
    }
  throw new Error('no attacker faces an empty square: the position cannot tell the sides apart');
}

const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const near = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]) <= 8);
