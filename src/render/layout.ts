/**
 * Where things go in the picture. Both boards come out the same width (about 760 px), so that
 * coordinates stay legible when Discord shows the image 400 px wide on a phone.
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

const GRID_PIXELS = 684;
const MARGIN = 36;
const CAPTION = 104;

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

/** Pixel centre of a square (or point) given as file 0.. and rank 0.. (rank 0 is rank 1, at the bottom). */
export function centreOf(layout: Layout, file: number, rank: number): { x: number; y: number } {
  return {
    x: layout.gridLeft + file * layout.cell + layout.cell / 2,
    y: layout.gridTop + (layout.size - 1 - rank) * layout.cell + layout.cell / 2,
  };
}

/** Pixel centre of a square named like `e5`. */
export function centreOfSquare(layout: Layout, square: string): { x: number; y: number } {
  return centreOf(layout, square.charCodeAt(0) - 97, Number(square.slice(1)) - 1);
}
