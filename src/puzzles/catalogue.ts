/**
 * The shipped puzzles (data/puzzles/*.json, written by `npm run puzzles`), read once: one
 * variant for each board size, the representative of its family, and Copenhagen's own set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Game, getVariant, type VariantId, type VariantKey } from '../engine/index.ts';
import type { Puzzle, PuzzleFile } from './puzzle-file.ts';

export type { Puzzle } from './puzzle-file.ts';

/**
 * The families of variants, each with the variant its puzzles are made in; the first of a board
 * size stands for every variant of that size that has none of its own. Copenhagen, whose exit
 * forts, shieldwalls and enclosures make other puzzles, has its own.
 */
export const PUZZLE_FAMILIES: readonly { family: string; variant: VariantId }[] = [
  { family: '19x19', variant: 'alea-walker' },
  { family: '11x11', variant: 'fetlar' },
  { family: '11x11 Copenhagen', variant: 'copenhagen' },
  { family: '9x9', variant: 'tablut' },
  { family: '7x7', variant: 'brandubh' },
];

// Compiled, this module runs from dist/src/puzzles/; the data stays at the top of the project.
const COMPILED = !import.meta.url.endsWith('.ts');
const DATA = fileURLToPath(
  new URL(COMPILED ? '../../../data/puzzles/' : '../../data/puzzles/', import.meta.url),
);

export class PuzzleCatalogue {
  private readonly byId = new Map<string, Puzzle>();
  private readonly byVariant = new Map<VariantId, Puzzle[]>();

  constructor(files: PuzzleFile[]) {
    for (const file of files) {
      this.byVariant.set(file.variant, file.puzzles);
      for (const puzzle of file.puzzles) this.byId.set(puzzle.id, puzzle);
    }
  }

  /** The shipped puzzles, from data/puzzles/. */
  static shipped(): PuzzleCatalogue {
    const files: PuzzleFile[] = [];
    for (const { variant } of PUZZLE_FAMILIES) {
      const path = `${DATA}${variant}.json`;
      if (existsSync(path)) files.push(JSON.parse(readFileSync(path, 'utf8')) as PuzzleFile);
    }
    return new PuzzleCatalogue(files);
  }

  /** The variants that have puzzles. */
  variants(): VariantId[] {
    return [...this.byVariant.keys()].filter((variant) => (this.byVariant.get(variant)?.length ?? 0) > 0);
  }

  has(variant: VariantKey): variant is VariantId {
    return (this.byVariant.get(variant as VariantId)?.length ?? 0) > 0;
  }

  of(variant: VariantId): readonly Puzzle[] {
    return this.byVariant.get(variant) ?? [];
  }

  find(id: string): Puzzle | null {
    return this.byId.get(id) ?? null;
  }

  all(): Puzzle[] {
    return [...this.byId.values()];
  }
}

/** The variant of a puzzle, from its id. */
export function variantOfPuzzle(puzzle: Puzzle): VariantId {
  return puzzle.id.slice(0, puzzle.id.lastIndexOf('-')) as VariantId;
}

/** The puzzle's position as a game, with the first `plies` moves of its line played. */
export function puzzleGame(puzzle: Puzzle, plies = 0): Game {
  const game = new Game({
    variant: getVariant(variantOfPuzzle(puzzle)),
    position: puzzle.position,
    sideToMove: puzzle.sideToMove,
  });
  for (const move of puzzle.line.slice(0, plies)) game.play(move);
  return game;
}
