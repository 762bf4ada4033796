/** The shipped puzzles' file format: data/puzzles/<variant>.json. */
import type { Side, VariantId } from '../engine/index.ts';
import type { Theme } from './analyse.ts';

/** A puzzle as the generator proves it: the position, what to achieve, and the line that does it. */
export interface ProvenPuzzle {
  /** OpenTafl position notation, first row record = rank 1. */
  position: string;
  sideToMove: Side;
  theme: Theme;
  /** The solver's moves. */
  depth: number;
  /** Solver's move, defence, solver's move…, each `from-to`. */
  line: string[];
  /** The positions the search made to find and prove it: its effort. */
  nodes: number;
}

export interface Puzzle extends ProvenPuzzle {
  /** `<variant>-<number>`, e.g. `fetlar-017`. */
  id: string;
  /** The puzzle's first rating, from its depth and effort; players' results move it from there. */
  rating: number;
}

export interface PuzzleFile {
  schema: 1;
  variant: VariantId;
  /** How the file was made (scripts/puzzles.ts): the seed and the search's settings. */
  generator: Record<string, unknown>;
  puzzles: Puzzle[];
}

/**
 * A puzzle's first rating: deeper puzzles, and those whose proof took more searching (more
 * moves to look at, more defences), start higher. 30 positions made is about 1000, 5,000 about
 * 1400, 100,000 about 1650, and each move more of depth adds 100.
 */
export function initialRating(depth: number, nodes: number): number {
  const rating = 730 + 180 * Math.log10(Math.max(nodes, 10)) + 100 * (depth - 1);
  return Math.round(Math.min(2400, Math.max(800, rating)) / 10) * 10;
}

/** The file as Biome formats JSON (two-space indent, a short list of strings on one line), so `npm run lint` passes. */
export function writePuzzleFile(file: Omit<PuzzleFile, 'schema'>): string {
  const text = JSON.stringify({ schema: 1, ...file }, null, 2);
  return `${text.replace(/\[\n\s*("[^"\n]*"(?:,\n\s*"[^"\n]*")*)\n\s*\]/g, (_, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`)}\n`;
}
