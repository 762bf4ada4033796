import { type BoardView, DEFAULT_VIEW } from './view.ts';

/**
 * Where things go in the picture. Every board, 7x7 to 19x19, comes out 852 to 856 px wide (the
 * grid about 760 px whatever the number of squares), with coordinates and caption large enough to
 * stay legible when Discord shows the image 400 px wide on a phone.
 */
export interface Layout {
  size: number;
  drawnOn: 'points' | 'squares';
  width: number;
  height: number;
  /** Pixels per square (or between points). */
  cell: number;
  /** Top-left of square a<size> (the top row), i.e. of the playing grid. */
  gridLeft: number;
  gridTop: number;
  captionHeight: number;
  /** Width of the coordinate band on each side. */
  margin: number;
  /** The member's view: palette, side seen from (a flipped board has a1 at the top right), coordinates' size. */
  view: BoardView;
}

const GRID_PIXELS = 760;
const MARGIN = 48;
/** The margin of large coordinates: their letters grow with it (0.6 of the margin). */
const LARGE_MARGIN = 68;
const CAPTION = 164;

export function layoutFor(
  size: number,
  drawnOn: 'points' | 'squares',
  view: BoardView = DEFAULT_VIEW,
): Layout {
  const cell = Math.floor(GRID_PIXELS / size);
  const grid = cell * size;
  const margin = view.largeCoordinates ? LARGE_MARGIN : MARGIN;
  return {
    size,
    drawnOn,
    width: grid + 2 * margin,
    height: CAPTION + grid + 2 * margin,
    cell,
    gridLeft: margin,
    gridTop: CAPTION + margin,
    captionHeight: CAPTION,
    margin,
    view,
  };
}

/**
 * Top-left pixel of the cell of a square given as file 0.. and rank 0.. (rank 0 is rank 1, at the
 * bottom; at the top, and file 0 at the right, on a flipped board).
 */
export function cornerOf(layout: Layout, file: number, rank: number): { x: number; y: number } {
  const last = layout.size - 1;
  const column = layout.view.flipped ? last - file : file;
  const row = layout.view.flipped ? rank : last - rank;
  return { x: layout.gridLeft + column * layout.cell, y: layout.gridTop + row * layout.cell };
}

/** Pixel centre of a square (or point) given as file 0.. and rank 0.. (rank 0 is rank 1, at the bottom). */
export function centreOf(layout: Layout, file: number, rank: number): { x: number; y: number } {
  const corner = cornerOf(layout, file, rank);
  return { x: corner.x + layout.cell / 2, y: corner.y + layout.cell / 2 };
}

/** File and rank indices (0-based) of a square named like `e5`. */
export function indicesOf(square: string): { file: number; rank: number } {
  return { file: square.charCodeAt(0) - 97, rank: Number(square.slice(1)) - 1 };
}

/** Pixel centre of a square named like `e5`. */
export function centreOfSquare(layout: Layout, square: string): { x: number; y: number } {
  const { file, rank } = indicesOf(square);
  return centreOf(layout, file, rank);
}
