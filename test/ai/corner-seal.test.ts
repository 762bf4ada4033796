/**
 * Where the king escapes to corner blocks (Alea Evangelii), a corner the attackers have sealed:
 * no square beside its block is reached from outside the corner's box without crossing an attacker.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cornerSealed, cornerSealsOf } from '../../src/ai/corner-seal.ts';
import { evaluate, WEIGHTS } from '../../src/ai/evaluate.ts';
import { positionOf } from '../../src/engine/core.ts';
import { Game, type VariantId } from '../../src/engine/index.ts';
import { gameWith, type Pieces } from '../engine/setup.ts';

/** The usual seal of a1's block and its mirror images at a19, s1 and s19. */
const SEALS = [
  ['a4', 'b4', 'c3', 'd2', 'd1'],
  ['a16', 'b16', 'c17', 'd18', 'd19'],
  ['s4', 'r4', 'q3', 'p2', 'p1'],
  ['s16', 'r16', 'q17', 'p18', 'p19'],
];

function sealedCorners(pieces: Pieces, variant: VariantId = 'alea-armed'): boolean[] {
  const position = positionOf(gameWith(variant, pieces, 'attackers'));
  const seals = cornerSealsOf(position.rules);
  return [0, 1, 2, 3].map((corner) => cornerSealed(position, seals, corner));
}

describe('a sealed corner', () => {
  it('is none at the start of any rule set', () => {
    for (const variant of ['alea-armed', 'alea-guards', 'alea-walker'] as const) {
      const position = positionOf(new Game(variant));
      const seals = cornerSealsOf(position.rules);
      expect([0, 1, 2, 3].map((corner) => cornerSealed(position, seals, corner))).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
  });

  it('is each corner whose usual seal the attackers hold, and no other', () => {
    SEALS.forEach((seal, corner) => {
      const expected = [false, false, false, false];
      expected[corner] = true;
      expect(sealedCorners({ king: 'j10', attackers: seal })).toEqual(expected);
    });
    expect(sealedCorners({ king: 'j10', attackers: SEALS.flat() })).toEqual([true, true, true, true]);
  });

  it('opens when any piece of the seal is missing, or the king stands inside it', () => {
    for (const missing of SEALS[0]) {
      const attackers = SEALS[0].filter((square) => square !== missing);
      expect(sealedCorners({ king: 'j10', attackers })[0]).toBe(false);
    }
    expect(sealedCorners({ king: 'c2', attackers: SEALS[0] })[0]).toBe(false);
    expect(sealedCorners({ king: 'b3', attackers: SEALS[0] })[0]).toBe(false);
  });

  it('counts any wall, the doorsteps themselves or one further out, and a defender inside does not open it', () => {
    expect(sealedCorners({ king: 'j10', attackers: ['a3', 'b3', 'c1', 'c2'] })[0]).toBe(true);
    expect(sealedCorners({ king: 'j10', attackers: ['a5', 'b5', 'c5', 'd4', 'e3', 'e2', 'e1'] })[0]).toBe(
      true,
    );
    expect(sealedCorners({ king: 'j10', attackers: SEALS[0], defenders: ['b3'] })[0]).toBe(true);
    // A wall on the box's edge still seals; one further out is not seen, the fill having left the box.
    const edgeWall = ['a6', 'b6', 'c6', 'd6', 'e6', 'f5', 'f4', 'f3', 'f2', 'f1'];
    expect(sealedCorners({ king: 'j10', attackers: edgeWall })[0]).toBe(true);
    const outerWall = ['a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g6', 'g5', 'g4', 'g3', 'g2', 'g1'];
    expect(sealedCorners({ king: 'j10', attackers: outerWall })[0]).toBe(false);
  });

  it('is scored for the attackers: the seal’s weight, or each square of the usual seal while it is open', () => {
    const { cornerSeal, cornerSealSquare } = WEIGHTS.large;
    expect(cornerSeal).toBeGreaterThanOrEqual(5 * cornerSealSquare);
    expect(cornerSealSquare).toBeGreaterThan(0);
    const score = (attackers: string[]) =>
      evaluate(
        positionOf(gameWith('alea-armed', { king: 'j10', attackers: [...attackers, 'j2'] }, 'attackers')),
        WEIGHTS.large,
      );
    const none = score(['h2', 'g2', 'f2', 'e2', 'k2']);
    expect(score(['a4', 'g2', 'f2', 'e2', 'k2'])).toBe(none + cornerSealSquare);
    expect(score(['a4', 'b4', 'c3', 'e2', 'k2'])).toBe(none + 3 * cornerSealSquare);
    expect(score(['a4', 'b4', 'c3', 'd2', 'd1'])).toBe(none + cornerSeal);
  });

  it('counts under Walker’s rules too, but not under the guard rules, where the king is unarmed', () => {
    const sealWorth = (variant: VariantId) => {
      const score = (attackers: string[]) =>
        evaluate(positionOf(gameWith(variant, { king: 'j10', attackers }, 'attackers')), WEIGHTS.large);
      return score(SEALS[0]) - score(['h2', 'g2', 'f2', 'e2', 'k2']);
    };
    expect(sealWorth('alea-walker')).toBe(WEIGHTS.large.cornerSeal);
    expect(sealWorth('alea-guards')).toBe(0);
  });

  it('is exactly when the king cannot reach a square beside the block, with the attackers all in its box', () => {
    const name = (file: number, rank: number) => `${String.fromCharCode(97 + file)}${rank + 1}`;
    const block = new Set(['a1', 'a2', 'b1', 'b2']);
    const box: string[] = [];
    for (let file = 0; file < 6; file++)
      for (let rank = 0; rank < 6; rank++) if (!block.has(name(file, rank))) box.push(name(file, rank));
    const king = 'j10';
    /** A plain fill over the whole board from the king, through squares free of attackers and of the block. */
    const reachesDoorstep = (attackers: Set<string>) => {
      const seen = new Set([king]);
      const queue = [[9, 9]];
      while (queue.length > 0) {
        const [file, rank] = queue.pop() as number[];
        for (const [df, dr] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const next = name(file + df, rank + dr);
          if (file + df < 0 || file + df > 18 || rank + dr < 0 || rank + dr > 18) continue;
          if (seen.has(next) || attackers.has(next) || block.has(next)) continue;
          seen.add(next);
          queue.push([file + df, rank + dr]);
        }
      }
      return ['a3', 'b3', 'c1', 'c2'].some((doorstep) => seen.has(doorstep));
    };
    let sealed = 0;
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...box), { minLength: 3, maxLength: 24 }), (attackers) => {
        const verdict = sealedCorners({ king, attackers })[0];
        if (verdict) sealed++;
        expect(verdict).toBe(!reachesDoorstep(new Set(attackers)));
      }),
      { numRuns: 600, seed: 25 },
    );
    // Both verdicts are met often enough to mean something.
    expect(sealed).toBeGreaterThan(50);
    expect(sealed).toBeLessThan(550);
  });
});
