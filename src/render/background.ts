/**
 * The empty board of a variant: grid, marked squares and coordinates. Drawn once per variant and
 * picture size, and kept as pixels that each picture starts from.
 */
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { BoardSnapshot } from '../engine/index.ts';
import { font } from './fonts.ts';
import { centreOf, centreOfSquare, type Layout } from './layout.ts';
import { type Palette, palettes } from './palette.ts';
import { type Frame, frameOf } from './raster.ts';
import { viewKey } from './view.ts';

const drawn = new Map<string, Frame>();

export function backgroundFor(snapshot: BoardSnapshot, layout: Layout): Frame {
  const key = `${snapshot.variant}:${layout.width}x${layout.height}:${viewKey(layout.view)}`;
  let frame = drawn.get(key);
  if (!frame) {
    frame = frameOf(drawBackground(snapshot, layout));
    drawn.set(key, frame);
  }
  return frame;
}

function drawBackground(snapshot: BoardSnapshot, layout: Layout): Canvas {
  const canvas = createCanvas(layout.width, layout.height);
  const context = canvas.getContext('2d');
  context.lang = 'en';
  const palette = palettes[layout.view.palette];
  const { size, cell, gridLeft, gridTop } = layout;
  const grid = cell * size;

  context.fillStyle = palette.background;
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = palette.board;
  context.fillRect(gridLeft - 6, gridTop - 6, grid + 12, grid + 12);

  const special = [snapshot.special.throne, ...snapshot.special.escapes];
  if (snapshot.special.edgeEscape) edgeBand(context, layout, palette);
  if (layout.drawnOn === 'squares') {
    for (const square of special) {
      const { x, y } = centreOfSquare(layout, square);
      context.fillStyle = palette.special;
      context.fillRect(x - cell / 2, y - cell / 2, cell, cell);
      // Short enough to hide under the king on the throne, on large squares as on small.
      crossMark(context, palette, x, y, cell * 0.28);
    }
    context.strokeStyle = palette.line;
    context.lineWidth = 2;
    for (let i = 0; i <= size; i++) {
      line(context, gridLeft + i * cell, gridTop, gridLeft + i * cell, gridTop + grid);
      line(context, gridLeft, gridTop + i * cell, gridLeft + grid, gridTop + i * cell);
    }
    if (snapshot.special.edgeEscape) {
      context.lineWidth = 4;
      context.strokeRect(gridLeft + cell, gridTop + cell, grid - 2 * cell, grid - 2 * cell);
    }
  } else {
    // Points: the grid joins the centres, like a Go board; marked points get a shaded patch.
    for (const square of special) {
      const { x, y } = centreOfSquare(layout, square);
      context.fillStyle = palette.special;
      context.fillRect(x - cell / 2 + 1, y - cell / 2 + 1, cell - 2, cell - 2);
    }
    const first = centreOf(layout, 0, size - 1);
    const last = centreOf(layout, size - 1, 0);
    context.strokeStyle = palette.line;
    context.lineWidth = 2;
    for (let i = 0; i < size; i++) {
      const { x } = centreOf(layout, i, 0);
      const { y } = centreOf(layout, 0, i);
      line(context, x, first.y, x, last.y);
      line(context, first.x, y, last.x, y);
    }
    for (const square of special) {
      const { x, y } = centreOfSquare(layout, square);
      crossMark(context, palette, x, y, cell * 0.22);
    }
  }

  context.fillStyle = palette.coordinate;
  context.font = font(Math.round(layout.margin * 0.6), true);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const bandTop = gridTop - layout.margin / 2 - 3;
  const bandBottom = gridTop + grid + layout.margin / 2 + 3;
  const bandLeft = gridLeft - layout.margin / 2 - 3;
  const bandRight = gridLeft + grid + layout.margin / 2 + 3;
  for (let i = 0; i < size; i++) {
    const { x } = centreOf(layout, i, 0);
    const { y } = centreOf(layout, 0, i);
    const letter = String.fromCharCode(97 + i);
    context.fillText(letter, x, bandTop);
    context.fillText(letter, x, bandBottom);
    context.fillText(String(i + 1), bandLeft, y);
    context.fillText(String(i + 1), bandRight, y);
  }
  return canvas;
}

/**
 * Where the king escapes to any edge square (Tablut): the ring of edge squares tinted (and closed
 * on its inner side by a heavier line, drawn with the grid), so that the goal reads as one band.
 */
function edgeBand(context: SKRSContext2D, layout: Layout, palette: Palette): void {
  const { size, cell, gridLeft, gridTop } = layout;
  const grid = cell * size;
  context.fillStyle = palette.edgeEscape;
  context.fillRect(gridLeft, gridTop, grid, cell);
  context.fillRect(gridLeft, gridTop + grid - cell, grid, cell);
  context.fillRect(gridLeft, gridTop + cell, cell, grid - 2 * cell);
  context.fillRect(gridLeft + grid - cell, gridTop + cell, cell, grid - 2 * cell);
}

function line(context: SKRSContext2D, x1: number, y1: number, x2: number, y2: number) {
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x2, y2);
  context.stroke();
}

/** A diagonal cross, the traditional marking of throne and corner squares. */
function crossMark(context: SKRSContext2D, palette: Palette, x: number, y: number, reach: number) {
  context.strokeStyle = palette.specialMark;
  context.lineWidth = 3;
  line(context, x - reach, y - reach, x + reach, y + reach);
  line(context, x - reach, y + reach, x + reach, y - reach);
}
