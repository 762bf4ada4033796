/**
 * The board as a PNG: a pure function of the engine's snapshot and the players' names. It knows
 * nothing of Discord or the store.
 */
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { BoardSnapshot } from '../engine/index.ts';
import { backgroundFor } from './background.ts';
import { drawCaption } from './caption.ts';
import { registerFonts } from './fonts.ts';
import { centreOf, centreOfSquare, type Layout, layoutFor } from './layout.ts';
import { drawCapture, drawKingThreat, drawLastMove, spritesFor } from './pieces.ts';
import { encodePng } from './png.ts';

export { centreOfSquare, type Layout, layoutFor } from './layout.ts';

export interface Players {
  attackers: string;
  defenders: string;
}

/** The picture's geometry for a snapshot: where each square's centre is, for tests and tools. */
export function layoutOf(snapshot: BoardSnapshot): Layout {
  return layoutFor(snapshot.size, snapshot.drawnOn);
}

/**
 * One canvas per picture size, reused: drawing and encoding are synchronous, so no two pictures
 * ever share it at once, and a fresh 3 MB surface per picture costs more than drawing on it.
 */
const canvases = new Map<string, Canvas>();
function canvasFor(layout: Layout): Canvas {
  const key = `${layout.width}x${layout.height}`;
  let canvas = canvases.get(key);
  if (!canvas) {
    canvas = createCanvas(layout.width, layout.height);
    canvases.set(key, canvas);
  }
  return canvas;
}

export interface RenderOptions {
  /** A short note for the caption's first line, e.g. "match game 2 of 2". */
  note?: string;
}

export async function renderBoard(
  snapshot: BoardSnapshot,
  players: Players,
  options: RenderOptions = {},
): Promise<Buffer> {
  registerFonts();
  const layout = layoutOf(snapshot);
  const [background, sprites] = await Promise.all([backgroundFor(snapshot, layout), spritesFor(layout)]);
  const canvas = canvasFor(layout);
  const context = canvas.getContext('2d');
  context.drawImage(background, 0, 0);

  if (snapshot.lastMove) {
    const { from, to, captured } = snapshot.lastMove;
    drawLastMove(context, layout, centreOfSquare(layout, from), centreOfSquare(layout, to));
    for (const square of captured) drawCapture(context, layout, centreOfSquare(layout, square));
  }
  snapshot.board.forEach((row, rank) => {
    row.forEach((piece, file) => {
      if (!piece) return;
      const { x, y } = centreOf(layout, file, rank);
      context.drawImage(sprites[piece], x - layout.cell / 2, y - layout.cell / 2);
      if (piece === 'king' && !snapshot.result) {
        if (snapshot.threats.kingCanEscape) drawKingThreat(context, layout, { x, y }, 'escape');
        else if (snapshot.threats.kingCanBeCaptured) drawKingThreat(context, layout, { x, y }, 'capture');
      }
    });
  });
  drawCaption(context, layout, snapshot, players, options.note);
  return encodePng(canvas);
}
