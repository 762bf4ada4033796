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
}

const GRID_PIXELS = 760;
const MARGIN = 48;
const CAPTION = 164;

export function layoutFor(size: number, drawnOn: 'points' | 'squares'): Layout {
  const cell = Math.floor(GRID_PIXELS / size);
  const grid = cell * size;
  return {
    size,
    drawnOn,
    width: grid + 2 * MARGIN,
    height: CAPTION + grid + 2 * MARGIN,
    cell,
    gridLeft: MARGIN,
    gridTop: CAPTION + MARGIN,
    captionHeight: CAPTION,
    margin: MARGIN,
  };
}

/** Top-left pixel of the cell of a square given as file 0.. and rank 0.. (rank 0 is rank 1, at the bottom). */
export function cornerOf(layout: Layout, file: number, rank: number): { x: number; y: number } {
  return {
    x: layout.gridLeft + file * layout.cell,
    y: layout.gridTop + (layout.size - 1 - rank) * layout.cell,
  };
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
