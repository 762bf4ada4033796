import { describe, expect, it } from 'vitest';
import { perft, startingPosition } from '../../src/engine/perft.ts';

// Counts that three independent public tafl engines agree on.
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
  ] as const)('%s depth %i: %i', (variant, depth, leaves) => {
    expect(perft(startingPosition(variant), depth)).toBe(leaves);
  });
});
