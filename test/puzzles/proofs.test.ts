/**
 * Every shipped puzzle, proven again from scratch on the fast core (src/puzzles/analyse.ts,
 * provePuzzle): the solver cannot win in fewer moves than stated, its move at each turn of the
 * line is the only one that wins in the moves left, each defence of the line is legal and one of
 * the best, and the line ends as the theme says.
 */
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.ts';
import { provePuzzle } from '../../src/puzzles/analyse.ts';
import { PUZZLE_FAMILIES, PuzzleCatalogue } from '../../src/puzzles/catalogue.ts';

const catalogue = PuzzleCatalogue.shipped();
/** Copenhagen's puzzles are the slowest to find (scripts/puzzles.ts); every other set has 200. */
const least = (variant: string) => (variant === 'copenhagen' ? 50 : 200);

describe.each(PUZZLE_FAMILIES)('the shipped $family puzzles ($variant)', ({ variant }) => {
  const puzzles = catalogue.of(variant);

  it('are as many as generated, with unique ids, positions and lines that fit their depth', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(least(variant));
    expect(new Set(puzzles.map((puzzle) => puzzle.id)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((puzzle) => `${puzzle.position} ${puzzle.sideToMove}`)).size).toBe(
      puzzles.length,
    );
    for (const puzzle of puzzles) {
      expect(puzzle.id.startsWith(`${variant}-`)).toBe(true);
      expect(puzzle.line).toHaveLength(puzzle.depth * 2 - 1);
      expect(puzzle.rating).toBeGreaterThanOrEqual(800);
      expect(puzzle.rating).toBeLessThanOrEqual(2400);
    }
  });

  it('each proven: a unique winning move, a forced win within the stated depth', () => {
    const failures: string[] = [];
    let nodes = 0;
    for (const puzzle of puzzles) {
      const proof = provePuzzle({ ...puzzle, variant: getVariant(variant) });
      if (proof.ok) nodes += proof.nodes;
      else failures.push(`${puzzle.id}: ${proof.why}`);
    }
    expect(failures).toEqual([]);
    expect(nodes).toBeGreaterThan(0);
  });
});
