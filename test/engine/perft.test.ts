import { describe, expect, it } from 'vitest';
import { perft, startingPosition } from '../../src/engine/core.ts';

// Counts that independent public tafl engines agree on (OpenTafl's among them).
describe('perft: leaf positions a given depth from the start', () => {
  it.each([
    ['fetlar', 1, 116],
    ['fetlar', 2, 6_788],
    ['fetlar', 3, 806_344],
    ['alea-armed', 1, 184],
    ['alea-armed', 2, 106_400],
    ['alea-walker', 1, 184],
    ['alea-walker', 2, 106_400],
    ['alea-guards', 1, 580],
    ['alea-guards', 2, 107_492],
    ['copenhagen', 1, 116],
    ['copenhagen', 2, 6_788],
    ['copenhagen', 3, 806_344],
    ['brandubh', 1, 40],
    ['brandubh', 2, 960],
    ['brandubh', 3, 39_512],
    ['brandubh', 4, 1_007_392],
    ['tablut', 1, 80],
    ['tablut', 2, 4_400],
    ['tablut', 3, 353_200],
  ] as const)('%s depth %i: %i', (variant, depth, leaves) => {
    expect(perft(startingPosition(variant), depth)).toBe(leaves);
  });
});
