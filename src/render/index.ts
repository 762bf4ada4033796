/**
 * The board as a PNG: a pure function of the engine's snapshot and the players' names. It knows
 * nothing of Discord or the store.
 */
import type { BoardSnapshot } from '../engine/index.ts';
import { type Messages, messagesFor } from '../i18n/index.ts';
import { backgroundFor } from './background.ts';
import { drawCaption } from './caption.ts';
import { registerFonts } from './fonts.ts';
import { cornerOf, indicesOf, type Layout, layoutFor } from './layout.ts';
import { type Mark, spritesFor } from './pieces.ts';
import { encodePng } from './png.ts';
import { blankFrame, type Frame, pasteCanvas, type Sprite, stamp } from './raster.ts';

export { centreOfSquare, type Layout, layoutFor } from './layout.ts';
export { palette } from './palette.ts';
export { proportions } from './pieces.ts';

export interface Players {
  attackers: string;
  defenders: string;
}

/** The picture's geometry for a snapshot: where each square's centre is, for tests and tools. */
export function layoutOf(snapshot: BoardSnapshot): Layout {
  return layoutFor(snapshot.size, snapshot.drawnOn);
}

export interface RenderOptions {
  /** A short note for the caption's first line, e.g. "match game 2 of 2". */
  note?: string;
  /** The caption's language (default English). */
  messages?: Messages;
}

/**
 * One frame per picture size, reused: composing and encoding are synchronous, so no two pictures
 * ever share it at once.
 */
const frames = new Map<string, Frame>();
function frameFor(layout: Layout): Frame {
  const key = `${layout.width}x${layout.height}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = blankFrame(layout.width, layout.height);
    frames.set(key, frame);
  }
  return frame;
}

export async function renderBoard(
  snapshot: BoardSnapshot,
  players: Players,
  options: RenderOptions = {},
): Promise<Buffer> {
  registerFonts();
  const layout = layoutOf(snapshot);
  const sprites = spritesFor(layout);
  const frame = frameFor(layout);
  backgroundFor(snapshot, layout).rows.copy(frame.rows);

  const put = (sprite: Sprite, file: number, rank: number) => {
    const corner = cornerOf(layout, file, rank);
    stamp(frame, sprite, corner.x - sprites.overhang, corner.y - sprites.overhang);
  };
  const mark = (kind: Mark, square: string) => {
    const { file, rank } = indicesOf(square);
    put(sprites.marks[kind], file, rank);
  };

  if (snapshot.lastMove) {
    mark('moved-from', snapshot.lastMove.from);
    mark('moved-to', snapshot.lastMove.to);
    for (const square of snapshot.lastMove.captured) mark('captured', square);
  }
  snapshot.board.forEach((row, rank) => {
    row.forEach((piece, file) => {
      if (piece) put(sprites.pieces[piece], file, rank);
    });
  });
  // After all pieces, so that no neighbour covers the ring where it reaches into their squares.
  const threat = kingThreat(snapshot);
  const king = kingOn(snapshot);
  if (threat && king) put(sprites.marks[threat], king.file, king.rank);
  pasteCanvas(
    frame,
    drawCaption(layout, snapshot, players, options.messages ?? messagesFor('en'), options.note),
    0,
  );
  return encodePng(frame);
}

function kingThreat(snapshot: BoardSnapshot): Mark | null {
  if (snapshot.result) return null;
  if (snapshot.threats.kingCanEscape) return 'king-can-escape';
  if (snapshot.threats.kingCanBeCaptured) return 'king-can-be-captured';
  return null;
}

function kingOn(snapshot: BoardSnapshot): { file: number; rank: number } | null {
  for (const [rank, row] of snapshot.board.entries()) {
    const file = row.indexOf('king');
    if (file >= 0) return { file, rank };
  }
  return null;
}
