/**
 * The hand-set evaluation's corner terms: attackers on a corner's diagonal guard count for the
 * attackers, a corner wholly closed counts more; in corner-escape variants it counts from the
 * starting position, so that a draw weighs as much as the start. The self-play games the learned
 * weights are fitted to keep the weights they were played with, whatever the hand-set ones become.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, TRAINING_WEIGHTS, useLearnedWeights, WEIGHTS } from '../../src/ai/evaluate.ts';
import { positionOf } from '../../src/ai/position-of.ts';
import { playTrainingGame, type SelfPlayOptions } from '../../src/ai/training/self-play.ts';
import { Game } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';

beforeAll(() => useLearnedWeights({}));

const king = 'f6';
const defenders = ['e6', 'g6', 'f5', 'f7'];
/** The attackers' score in Fetlar with these attackers, the defenders boxing the king in at f6. */
function attackersScore(attackers: string[]): number {
  return evaluate(positionOf(gameWith('fetlar', { king, attackers, defenders }, 'attackers')), WEIGHTS.small);
}

describe('the attackers guard the corners', () => {
  const { cornerGuard, cornerClosed } = WEIGHTS.small;

  it('counts each attacker on a corner’s diagonal guard, and more for a corner closed', () => {
    // The same three attackers, off the guard squares, then one, two and all three of a3-b2-c1.
    const away = attackersScore(['b8', 'c9', 'h4']);
    expect(attackersScore(['a3', 'c9', 'h4'])).toBe(away + cornerGuard);
    expect(attackersScore(['a3', 'b2', 'h4'])).toBe(away + 2 * cornerGuard);
    expect(attackersScore(['a3', 'b2', 'c1'])).toBe(away + 3 * cornerGuard + cornerClosed);
    // The mirror images at the other three corners count alike.
    expect(attackersScore(['k9', 'j10', 'i11'])).toBe(away + 3 * cornerGuard + cornerClosed);
    expect(attackersScore(['a9', 'b10', 'c11'])).toBe(away + 3 * cornerGuard + cornerClosed);
    expect(attackersScore(['k3', 'j2', 'i1'])).toBe(away + 3 * cornerGuard + cornerClosed);
    expect(cornerGuard).toBeGreaterThan(0);
    expect(cornerClosed).toBeGreaterThan(0);
  });

  it('counts a corner’s open guard squares against the attackers the nearer the king is to it', () => {
    const { cornerOpenNearKing } = WEIGHTS.small;
    expect(cornerOpenNearKing).toBeGreaterThan(0);
    /** What holding b2 (a guard of a1) is worth to the attackers with the king boxed in on `at`. */
    const b2Worth = (at: string, box: string[]) => {
      const score = (attackers: string[]) =>
        evaluate(
          positionOf(gameWith('fetlar', { king: at, attackers, defenders: box }, 'attackers')),
          WEIGHTS.small,
        );
      return score(['b2', 'k6', 'h9']) - score(['h8', 'k6', 'h9']);
    };
    // Far from a1 (10 steps) b2 is a guard like any other; on c3 (4 steps) it also closes one
    // of the open guard squares the king threatens, each worth 6 - 4 steps.
    expect(b2Worth(king, defenders)).toBe(cornerGuard);
    expect(b2Worth('c3', ['b3', 'd3', 'c2', 'c4'])).toBe(cornerGuard + 2 * cornerOpenNearKing);
    expect(b2Worth('d4', ['c4', 'e4', 'd3', 'd5'])).toBe(cornerGuard);
  });

  it('scores the start of a corner-escape variant as even for either side, a draw’s worth', () => {
    for (const variant of ['fetlar', 'copenhagen'] as const) {
      const position = positionOf(new Game(variant));
      expect(Math.abs(evaluate(position, WEIGHTS.small))).toBe(0);
      position.makeNull();
      expect(Math.abs(evaluate(position, WEIGHTS.small))).toBe(0);
    }
  });
});

describe('the self-play games of the learned weights', () => {
  const kept = { ...WEIGHTS.small };
  afterEach(() => Object.assign(WEIGHTS.small, kept));
  const SMALL: SelfPlayOptions = { depth: 1, openingPlies: 4, cap: 40, randomness: 0.5 };

  it('are played with the weights they were trained with, whatever the hand-set ones become', () => {
    expect(TRAINING_WEIGHTS.small.cornerGuard).toBe(0);
    const before = ['brandubh', 'fetlar'].map((variant) => playTrainingGame(variant as 'fetlar', 5, SMALL));
    Object.assign(WEIGHTS.small, { cornerGuard: 500, cornerClosed: 900, kingDistance: 80, fromStart: true });
    const after = ['brandubh', 'fetlar'].map((variant) => playTrainingGame(variant as 'fetlar', 5, SMALL));
    expect(after).toEqual(before);
  });
});
