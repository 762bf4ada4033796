/**
 * The hand-set evaluation's corner terms: attackers on a corner's diagonal guard count for the
 * attackers, a corner wholly closed counts more; in corner-escape variants it counts from the
 * starting position, so that a draw weighs as much as the start. The self-play games the learned
 * weights are fitted to keep the weights they were played with, whatever the hand-set ones become.
 * On 19x19, a king the attackers can surround in a few moves costs the defenders.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, TRAINING_WEIGHTS, useLearnedWeights, WEIGHTS } from '../../src/ai/evaluate.ts';
import { playTrainingGame, type SelfPlayOptions } from '../../src/ai/training/self-play.ts';
import { positionOf } from '../../src/engine/core.ts';
import { Game } from '../../src/engine/index.ts';
import { gameWith, type Pieces } from '../engine/setup.ts';

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

describe('the king trapped on 19x19', () => {
  const { kingTrap } = WEIGHTS.large;
  /** What the trap term takes from the defenders (to move) in this position of the variant. */
  const trapCost = (variant: 'alea-guards' | 'alea-walker', pieces: Pieces) => {
    const position = positionOf(gameWith(variant, pieces, 'defenders'));
    return evaluate(position, { ...WEIGHTS.large, kingTrap: 0 }) - evaluate(position, WEIGHTS.large);
  };
  const threeSides = { king: 'e5', attackers: ['d5', 'f5', 'e4', 'e9'] };

  it('costs its weight over the attacker moves the capture still needs', () => {
    expect(kingTrap).toBeGreaterThan(0);
    // e9 reaches e6, the last side: one move.
    expect(trapCost('alea-guards', threeSides)).toBe(kingTrap);
    // e1 reaches e4 and e9 reaches e6: two moves.
    expect(trapCost('alea-guards', { king: 'e5', attackers: ['d5', 'f5', 'e1', 'e9'] })).toBe(kingTrap / 2);
    // A citadel point beside the king stands in for an attacker (b2, under the guard rules).
    expect(trapCost('alea-guards', { king: 'b3', attackers: ['a3', 'c3', 'b8'] })).toBe(kingTrap);
  });

  it('costs nothing while a side is held by a defender or out of the attackers’ reach', () => {
    // e9 reaches e6, but a defender holds e4.
    expect(trapCost('alea-guards', { king: 'e5', attackers: ['d5', 'f5', 'e9'], defenders: ['e4'] })).toBe(0);
    expect(trapCost('alea-guards', { king: 'e5', attackers: ['d5', 'f5', 'e4', 'a9'] })).toBe(0);
    // Under Walker's rules the king away from the centre falls to two attackers, like any piece:
    // there the term is off, on the centre too.
    expect(trapCost('alea-walker', threeSides)).toBe(0);
    expect(trapCost('alea-walker', { king: 'j10', attackers: ['i10', 'k10', 'j9', 'j14'] })).toBe(0);
    expect(trapCost('alea-guards', { king: 'j10', attackers: ['i10', 'k10', 'j9', 'j14'] })).toBe(kingTrap);
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
