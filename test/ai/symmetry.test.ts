/**
 * The board's symmetries: a position and its mirror images (files reversed, ranks reversed, the
 * board turned over its diagonal) are the same game, so the learned evaluation's features (and so
 * its score, whatever a family's weights) must be the same for them. Random positions
 * of every built-in variant whose start is itself symmetric under the mirror.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFeatures, FEATURE_COUNT } from '../../src/ai/features.ts';
import { cellOf, fileOf, Position, rankOf, startingPosition } from '../../src/engine/core.ts';
import { variantIds } from '../../src/engine/index.ts';
import { randomPosition } from './random-position.ts';

type Mirror = (file: number, rank: number, size: number) => [number, number];
const MIRRORS: Record<string, Mirror> = {
  'files reversed': (file, rank, size) => [size - 1 - file, rank],
  'ranks reversed': (file, rank, size) => [file, size - 1 - rank],
  'over the diagonal': (file, rank) => [rank, file],
};

function mirrored(position: Position, mirror: Mirror): Position {
  const { rules, cells } = position;
  const { width, size } = rules;
  const out = Position.empty(rules);
  for (const cell of rules.squares) {
    const [file, rank] = mirror(fileOf(width, cell), rankOf(width, cell), size);
    out[cellOf(width, file, rank)] = cells[cell];
  }
  return new Position(rules, out, position.sideToMove);
}

function sameBoard(a: Position, b: Position): boolean {
  return a.rules.squares.every((cell) => a.cells[cell] === b.cells[cell]);
}

describe('the learned evaluation’s features are the same for a position and its mirror images', () => {
  for (const variant of variantIds) {
    const start = startingPosition(variant);
    const symmetries = Object.entries(MIRRORS).filter(([, mirror]) =>
      sameBoard(start, mirrored(start, mirror)),
    );
    if (symmetries.length === 0) continue;
    it(`${variant}: ${symmetries.map(([name]) => name).join(', ')}`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 20, maxLength: 80 }), (choices) => {
          const position = randomPosition(variant, choices);
          const features = new Float64Array(FEATURE_COUNT);
          const phase = extractFeatures(position, features);
          for (const [, mirror] of symmetries) {
            const image = mirrored(position, mirror);
            const imageFeatures = new Float64Array(FEATURE_COUNT);
            expect(extractFeatures(image, imageFeatures)).toBe(phase);
            expect(imageFeatures).toEqual(features);
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
