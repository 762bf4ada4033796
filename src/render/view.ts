/**
 * How a member likes to see the board (/settings): which palette, from which side, and how large
 * the coordinates are. Plain data, so that it crosses into the drawing thread as it is.
 */
import { PALETTE_NAMES, type PaletteName } from './palette.ts';

export interface BoardView {
  palette: PaletteName;
  /** Seen from the defenders' side: rank 1 at the top, files from right to left. */
  flipped: boolean;
  /** Coordinates in a wider margin, in larger letters, for small screens and weak eyes. */
  largeCoordinates: boolean;
}

export const DEFAULT_VIEW: BoardView = { palette: 'classic', flipped: false, largeCoordinates: false };

export function isPaletteName(name: string): name is PaletteName {
  return (PALETTE_NAMES as readonly string[]).includes(name);
}

/** A short name of a view for cache keys: `classic`, `colour-blind:flipped:large`, … */
export function viewKey(view: BoardView): string {
  return `${view.palette}${view.flipped ? ':flipped' : ''}${view.largeCoordinates ? ':large' : ''}`;
}
