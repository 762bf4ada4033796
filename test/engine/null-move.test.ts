import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveBufferSize, startingPosition } from '../../src/engine/core.ts';
import { type VariantId, variantIds } from '../../src/engine/index.ts';

describe.each(variantIds)('%s: the search’s pass (null move)', (variant: VariantId) => {
  it('changes only the side to move and its hash, and is taken back exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        const position = startingPosition(variant);
        const moves = new Int32Array(moveBufferSize(position.rules));
        for (const choice of choices) {
          const count = position.generateMoves(moves);
          if (count === 0 || position.status !== 0) break;
          position.make(moves[choice % count]);
        }
        const cells = new Int8Array(position.cells);
        const { sideToMove, hashLo, hashHi, ply, king } = position;
        position.makeNull();
        expect(position.sideToMove).toBe(sideToMove ^ 1);
        expect([position.hashLo, position.hashHi]).not.toEqual([hashLo, hashHi]);
        expect(position.lastCaptureCount()).toBe(0);
        // No repetition is counted across a pass.
        expect(position.occurrences()).toBe(1);
        // A move after the pass is taken back to the position after the pass.
        const afterPass = [position.hashLo, position.hashHi];
        const count = position.generateMoves(moves);
        if (count > 0) {
          position.make(moves[0]);
          position.unmake();
          expect([position.hashLo, position.hashHi]).toEqual(afterPass);
        }
        position.unmakeNull();
        expect(position.cells).toEqual(cells);
        expect({ ...position }).toMatchObject({ sideToMove, hashLo, hashHi, ply, king });
      }),
      { numRuns: 40 },
    );
  });
});
