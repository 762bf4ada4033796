import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, useLearnedWeights, WEIGHTS } from '../../src/ai/evaluate.ts';
import { noisyMoves } from '../../src/ai/noisy.ts';
import { search, WIN } from '../../src/ai/search.ts';
import {
  ATTACKERS,
  DRAW,
  escapeLines,
  judge,
  KING,
  KING_CAPTURED,
  moveBufferSize,
  ONGOING,
  type Position,
  positionOf,
  rulesFor,
  squareName,
} from '../../src/engine/core.ts';
import { Game, variantIds } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';
import { randomPosition } from './random-position.ts';

// These look at the search, with the hand-set evaluation: the learned one already counts the
// pieces each side can take next move, so without quiescence it is not the greedy player they need.
beforeAll(() => useLearnedWeights({}));

/** The move a one-ply search picks, with or without the quiescence search past it. */
function onePly(game: Game, quiescence: boolean): string {
  const found = search(positionOf(game), {
    timeMs: 10_000,
    maxDepth: 1,
    quiescencePlies: quiescence ? undefined : 0,
  });
  return notation(positionOf(game), found.move);
}

function notation(position: Position, move: number): string {
  return `${squareName(position.rules, move & 511)}-${squareName(position.rules, move >>> 9)}`;
}

describe('quiescence: a one-ply search sees the capture that answers its move', () => {
  it.each([
    [
      'fetlar',
      // d9-d5 takes e5 (f5 closes the pincer), and e1-e5 takes d5 back against c5. The king is
      // boxed in on the edge, where Fetlar does not let him be taken.
      gameWith(
        'fetlar',
        { king: 'a6', attackers: ['a4', 'a5', 'a7', 'a8', 'b6', 'c5', 'e5', 'e1'], defenders: ['d9', 'f5'] },
        'defenders',
      ),
      'd9-d5',
      'e1-e5',
    ],
    [
      'alea-armed',
      // j2-j5 takes k5 (l5 closes the pincer), and k1-k5 takes j5 back against i5. The king sits
      // in a box of his own men on the edge.
      gameWith(
        'alea-armed',
        {
          king: 'a10',
          attackers: ['a8', 'a12', 'c10', 'i5', 'k5', 'k1'],
          defenders: ['a9', 'a11', 'b10', 'l5', 'j2'],
        },
        'defenders',
      ),
      'j2-j5',
      'k1-k5',
    ],
  ] as const)('%s: the capture that loses the capturer is declined', (_, game, blunder, recapture) => {
    expect(onePly(game, false)).toBe(blunder);
    game.play(blunder);
    expect(game.play(recapture).captured).toHaveLength(1);
    game.undo();
    game.undo();

    expect(onePly(game, true)).not.toBe(blunder);
  });

  for (const { name, variant, position, greedy, kingEscape } of [
    {
      // b1-b5 takes c5 and b6, and leaves the king on e1 a clear run to a1.
      name: 'fetlar: a double capture that opens the king a corner',
      variant: 'fetlar' as const,
      position: { king: 'e1', attackers: ['b1', 'd5', 'b7', 'j9'], defenders: ['c5', 'b6', 'f1', 'e2'] },
      greedy: 'b1-b5',
      kingEscape: 'e1-a1',
    },
    {
      // a5-c5 takes d5, c6 and c4, and leaves the king on a6 a clear run to the citadel a2. The
      // defender on c10 keeps c7 off c17, a square of a corner's seal, worth more than the capture
      // to a search that does not see the king's run.
      name: 'alea-guards: a triple capture that opens the king a citadel',
      variant: 'alea-guards' as const,
      position: {
        king: 'a6',
        attackers: ['a5', 'e5', 'c7', 'c3', 'q17'],
        defenders: ['d5', 'c6', 'c4', 'a7', 'b6', 'c10'],
      },
      greedy: 'a5-c5',
      kingEscape: 'a6-a2',
    },
  ]) {
    it(`${name} is declined`, () => {
      const game = gameWith(variant, position, 'attackers');
      expect(onePly(game, false)).toBe(greedy);
      game.play(greedy);
      game.play(kingEscape);
      expect(game.result?.reason).toBe('king-escaped');
      game.undo();
      game.undo();

      const move = onePly(game, true);
      expect(move).not.toBe(greedy);
      game.play(move);
      expect(game.threats().kingCanEscape).toBe(false);
    });
  }
});

describe('the noisy moves', () => {
  it("list the king's runs into sight of a corner", () => {
    const game = gameWith(
      'fetlar',
      { king: 'f6', attackers: ['b4', 'd1', 'k11'], defenders: ['c4', 'g6'] },
      'defenders',
    );
    const position = positionOf(game);
    const buffer = new Int32Array(moveBufferSize(position.rules));
    const candidates = Array.from(buffer.subarray(0, noisyMoves(position, buffer, false)), (move) =>
      notation(position, move),
    );
    const runs = legalMoves(position).filter((move) => {
      if (position.cells[move & 511] !== KING) return false;
      position.make(move);
      const threatens = escapeLines(position) > 0;
      position.unmake();
      return threatens;
    });
    expect(runs.map((move) => notation(position, move))).toContain('f6-a6');
    for (const move of runs) expect(candidates).toContain(notation(position, move));
  });
});

function legalMoves(position: Position): number[] {
  const moves = new Int32Array(moveBufferSize(position.rules));
  return Array.from(moves.subarray(0, position.generateMoves(moves)));
}

const choicesArbitrary = fc.array(fc.nat(), { minLength: 0, maxLength: 160 });

describe.each(variantIds)('%s: quiescence on random playouts', (variant) => {
  it('lists every noisy move among its candidates, and only legal moves', () => {
    fc.assert(
      fc.property(choicesArbitrary, (choices) => {
        const position = randomPosition(variant, choices);
        const lines = escapeLines(position);
        const threatened = lines > 0 && position.sideToMove === ATTACKERS;
        const buffer = new Int32Array(moveBufferSize(position.rules));
        const candidates = new Set(buffer.subarray(0, noisyMoves(position, buffer, threatened)));
        const legal = legalMoves(position);
        for (const move of candidates) expect(legal).toContain(move);
        for (const move of legal) {
          const kingMoved = position.cells[move & 511] === KING;
          position.make(move);
          const captured = position.lastCaptureCount();
          expect(captured).toBe(position.lastCaptures().length);
          const noisy = threatened
            ? escapeLines(position) < lines || position.status === KING_CAPTURED
            : position.status !== ONGOING || captured > 0 || (kingMoved && escapeLines(position) > 0);
          position.unmake();
          if (noisy) expect(candidates.has(move), notation(position, move)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a small search returns a legal move', () => {
    fc.assert(
      fc.property(choicesArbitrary, fc.integer({ min: 1, max: 2 }), (choices, maxDepth) => {
        const position = randomPosition(variant, choices);
        const legal = legalMoves(position);
        const found = search(position, { timeMs: 2000, maxDepth });
        expect(legal).toContain(found.move);
        expect(found.depth).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 25 },
    );
  });

  it('with quiescence off, one ply scores each move by the evaluation after it: material is kept right', () => {
    const weights = rulesFor(new Game(variant).variant).size > 11 ? WEIGHTS.large : WEIGHTS.small;
    fc.assert(
      fc.property(choicesArbitrary, (choices) => {
        const position = randomPosition(variant, choices);
        let best = Number.NEGATIVE_INFINITY;
        for (const move of legalMoves(position)) {
          position.make(move);
          const verdict = judge(position);
          const score = !verdict
            ? -evaluate(position, weights)
            : verdict.winner === DRAW
              ? 0
              : verdict.winner === position.sideToMove
                ? -(WIN - 1)
                : WIN - 1;
          position.unmake();
          best = Math.max(best, score);
        }
        // The extension of an escape threat would look a ply further, past the evaluation.
        const found = search(position, {
          timeMs: 10_000,
          maxDepth: 1,
          quiescencePlies: 0,
          parts: { escapeExtension: false, contempt: false },
        });
        // A negated 0 is -0, the same score: adding 0 makes both +0 for toBe's Object.is.
        expect(found.score + 0).toBe(best + 0);
      }),
      { numRuns: 30 },
    );
  });
});
