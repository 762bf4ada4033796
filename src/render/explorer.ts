/**
 * The opening explorer's picture: the board of a position with an arrow for each move the
 * server's games played there, as wide as the move is frequent, and the move's number in the
 * explorer's table at its head. Arrows run under the pieces (a move passes over empty squares
 * only, so only its own piece covers its tail) and numbers sit on the arrows, behind their heads:
 * nothing hides what a piece is.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { BoardSnapshot, Square } from '../engine/index.ts';
import type { Placement } from './bands.ts';
import { font, registerFonts } from './fonts.ts';
import { type Players, type RenderOptions, renderBoard } from './index.ts';
import { centreOfSquare, type Layout, layoutFor } from './layout.ts';
import { proportionsFor } from './pieces.ts';
import { spriteOf } from './raster.ts';
import { keptSprite } from './sprite-cache.ts';

export interface ExplorerArrow {
  from: Square;
  to: Square;
  /** The move's share of the games played on from the position, 0 to 1: the arrow's width. */
  share: number;
  /** Written at the arrow's head: the move's number in the table. */
  label: string;
}

const ARROW = 'rgba(24, 92, 196, 0.72)';
const ARROW_EDGE = 'rgba(12, 46, 110, 0.9)';
const LABEL_FILL = '#ffffff';
const LABEL_TEXT = '#0c2e6e';

export async function renderExplorer(
  snapshot: BoardSnapshot,
  arrows: readonly ExplorerArrow[],
  players: Players,
  options: Omit<RenderOptions, 'overlays'> = {},
): Promise<Buffer> {
  registerFonts();
  const layout = layoutFor(snapshot.size, snapshot.drawnOn, options.view);
  // The widest first, so that a narrow arrow along the same line stays visible over it.
  const drawn = [...arrows].sort((a, b) => b.share - a.share);
  const under = drawn.map((arrow) => arrowPlacement(layout, arrow));
  const over = drawn.map((arrow) => labelPlacement(layout, arrow));
  return renderBoard(snapshot, players, { ...options, overlays: { under, over } });
}

/** Width of an arrow's shaft in pixels: from a tenth of a square (a rare move) to two fifths (every game). */
function shaftWidth(layout: Layout, share: number): number {
  // In tenths: the eye tells no finer steps, and a few widths make few sprites, drawn once and reused.
  const tenths = Math.ceil(Math.min(1, Math.max(0, share)) * 10) / 10;
  return Math.max(6, Math.round(layout.cell * (0.07 + 0.33 * tenths ** 0.6)));
}

function arrowPlacement(layout: Layout, arrow: ExplorerArrow): Placement {
  const from = centreOfSquare(layout, arrow.from);
  const to = centreOfSquare(layout, arrow.to);
  const width = shaftWidth(layout, arrow.share);
  const head = layout.cell * 0.55;
  const headWidth = Math.max(width * 1.9, layout.cell * 0.5);
  const reach = layout.cell * 0.44; // the head's tip, past the centre of the square moved to
  const pad = Math.ceil(headWidth / 2 + 4);
  const dx = Math.sign(to.x - from.x);
  const dy = Math.sign(to.y - from.y);
  const length = Math.abs(to.x - from.x) + Math.abs(to.y - from.y) + reach;
  const tip = { x: from.x + dx * length, y: from.y + dy * length };
  const left = Math.floor(Math.min(from.x, tip.x)) - pad;
  const top = Math.floor(Math.min(from.y, tip.y)) - pad;
  const key = `arrow:${layout.cell}:${width}:${dx}:${dy}:${Math.round(length)}:${(from.x - left).toFixed(1)}:${(from.y - top).toFixed(1)}`;
  const sprite = keptSprite(key, () => {
    const canvas = createCanvas(
      Math.ceil(Math.abs(tip.x - from.x)) + 2 * pad + 1,
      Math.ceil(Math.abs(tip.y - from.y)) + 2 * pad + 1,
    );
    const context = canvas.getContext('2d');
    context.translate(from.x - left, from.y - top);
    context.rotate(Math.atan2(dy, dx));
    context.beginPath();
    context.moveTo(0, -width / 2);
    context.lineTo(length - head, -width / 2);
    context.lineTo(length - head, -headWidth / 2);
    context.lineTo(length, 0);
    context.lineTo(length - head, headWidth / 2);
    context.lineTo(length - head, width / 2);
    context.lineTo(0, width / 2);
    context.closePath();
    context.fillStyle = ARROW;
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = ARROW_EDGE;
    context.stroke();
    return spriteOf(canvas);
  });
  return { sprite, left, top };
}

/**
 * The move's number in a disc on its arrow, just behind the head (which stays in sight, on the
 * empty square moved to), and clear of the moving piece: on a one-square move, nearer the head.
 * Moves to the same square come from different sides (a piece cannot pass another), so their
 * numbers never meet; every other piece is a square or more away from the disc.
 */
function labelPlacement(layout: Layout, arrow: ExplorerArrow): Placement {
  const from = centreOfSquare(layout, arrow.from);
  const to = centreOfSquare(layout, arrow.to);
  const radius = Math.max(13, Math.round(layout.cell * 0.24));
  const length = Math.abs(to.x - from.x) + Math.abs(to.y - from.y);
  const clear = layout.cell * proportionsFor(layout.cell).king + radius + 4;
  const back = Math.max(0, Math.min(layout.cell * 0.4, length - clear));
  const at = { x: to.x - Math.sign(to.x - from.x) * back, y: to.y - Math.sign(to.y - from.y) * back };
  const side = 2 * radius + 4;
  const sprite = keptSprite(`label:${layout.cell}:${arrow.label}`, () => {
    const canvas = createCanvas(side, side);
    const context = canvas.getContext('2d');
    context.beginPath();
    context.arc(side / 2, side / 2, radius, 0, Math.PI * 2);
    context.fillStyle = LABEL_FILL;
    context.fill();
    context.lineWidth = Math.max(2, radius * 0.16);
    context.strokeStyle = LABEL_TEXT;
    context.stroke();
    context.fillStyle = LABEL_TEXT;
    const px = Math.round(radius * (arrow.label.length > 1 ? 1.05 : 1.3));
    context.font = font(px, true, arrow.label);
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(arrow.label, side / 2, side / 2 + 1);
    return spriteOf(canvas);
  });
  return { sprite, left: Math.round(at.x - side / 2), top: Math.round(at.y - side / 2) };
}
