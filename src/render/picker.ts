/**
 * The move picker's picture: the board with the chosen piece's square lit and each square it can
 * move to marked by a tag with the square's name, so a member on a phone picks a destination by
 * reading it off the board. Tags are square, in the picker's blue, so that none looks like a
 * piece; the light sits under the chosen piece, the tags on empty squares.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { BoardSnapshot, Square } from '../engine/index.ts';
import type { Placement } from './bands.ts';
import { font, registerFonts } from './fonts.ts';
import { type Players, type RenderOptions, renderBoard } from './index.ts';
import { centreOfSquare, cornerOf, indicesOf, type Layout, layoutFor } from './layout.ts';
import { spriteOf } from './raster.ts';
import { keptSprite } from './sprite-cache.ts';

export interface PickerMarks {
  /** The piece chosen. */
  piece: Square;
  /** The squares it can move to. */
  destinations: readonly Square[];
}

const LIGHT = 'rgba(24, 92, 196, 0.5)';
const LIGHT_EDGE = '#185cc4';
const TAG_FILL = 'rgba(24, 92, 196, 0.9)';
const TAG_EDGE = '#0c2e6e';
const TAG_TEXT = '#ffffff';

export async function renderPicker(
  snapshot: BoardSnapshot,
  marks: PickerMarks,
  players: Players,
  options: Omit<RenderOptions, 'overlays'> = {},
): Promise<Buffer> {
  registerFonts();
  const layout = layoutFor(snapshot.size, snapshot.drawnOn, options.view);
  const under = [lightPlacement(layout, marks.piece)];
  const over = marks.destinations.map((square) => tagPlacement(layout, square));
  return renderBoard(snapshot, players, { ...options, overlays: { under, over } });
}

/** The chosen piece's square, lit, under the piece. */
function lightPlacement(layout: Layout, square: Square): Placement {
  const { file, rank } = indicesOf(square);
  const corner = cornerOf(layout, file, rank);
  const side = layout.cell;
  const line = Math.max(2, Math.round(side * 0.06));
  const sprite = keptSprite(`picker-light:${side}`, () => {
    const canvas = createCanvas(side, side);
    const context = canvas.getContext('2d');
    context.fillStyle = LIGHT;
    context.fillRect(0, 0, side, side);
    context.lineWidth = line;
    context.strokeStyle = LIGHT_EDGE;
    context.strokeRect(line / 2, line / 2, side - line, side - line);
    return spriteOf(canvas);
  });
  return { sprite, left: Math.round(corner.x), top: Math.round(corner.y) };
}

/** A tag on a destination with its name, as large as the square allows. */
function tagPlacement(layout: Layout, square: Square): Placement {
  const centre = centreOfSquare(layout, square);
  const side = Math.max(22, Math.round(layout.cell * 0.92));
  const sprite = keptSprite(`picker-tag:${layout.cell}:${square}`, () => {
    const canvas = createCanvas(side, side);
    const context = canvas.getContext('2d');
    const edge = Math.max(2, Math.round(side * 0.06));
    context.beginPath();
    context.roundRect(edge / 2, edge / 2, side - edge, side - edge, side * 0.18);
    context.fillStyle = TAG_FILL;
    context.fill();
    context.lineWidth = edge;
    context.strokeStyle = TAG_EDGE;
    context.stroke();
    context.fillStyle = TAG_TEXT;
    // Three characters (c10) fit across the tag; two are drawn larger.
    const px = Math.round(side * (square.length > 2 ? 0.42 : 0.5));
    context.font = font(px, true, square);
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(square, side / 2, side / 2 + 1);
    return spriteOf(canvas);
  });
  return { sprite, left: Math.round(centre.x - side / 2), top: Math.round(centre.y - side / 2) };
}
