import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTACKER,
  DEFENDERS,
  defendersEnclosed,
  OFF,
  Position,
  type RuleTables,
  readPosition,
  rulesFor,
} from '../../src/engine/core.ts';
import { getVariant } from '../../src/engine/index.ts';
import { notationOf } from './setup.ts';

/** The rule as written: a flood fill from every defending piece through all but attackers, looking for an edge square. */
function enclosedByFloodFill(rules: RuleTables, cells: Int8Array): boolean {
  const seen = new Set<number>();
  const queue: number[] = [];
  for (const cell of rules.squares) {
    if (cells[cell] !== 0 && cells[cell] !== ATTACKER) {
      seen.add(cell);
      queue.push(cell);
    }
  }
  while (queue.length > 0) {
    const cell = queue.shift() as number;
    if (rules.edge[cell] === 1) return false;
    for (const step of rules.directions) {
      const next = cell + step;
      if (cells[next] === OFF || cells[next] === ATTACKER || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return true;
}

const squareName = (file: number, rank: number) => `${String.fromCharCode(97 + file)}${rank + 1}`;

/** A board of the variant's size with the king, a few defenders and attackers on a share of the other squares. */
const boardArbitrary = fc
  .record({
    variant: fc.constantFrom('alea-armed', 'copenhagen', 'brandubh', 'fetlar'),
    /** Attackers on this many hundredths of the free squares. */
    density: fc.integer({ min: 10, max: 70 }),
    defenders: fc.nat({ max: 6 }),
    seed: fc.integer(),
  })
  .map(({ variant, density, defenders, seed }) => {
    // fast-check leans toward extreme values; the squares' picks are spread evenly instead.
    let state = seed >>> 0;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rules = rulesFor(getVariant(variant));
    const squares: string[] = [];
    for (let rank = 0; rank < rules.size; rank++) {
      for (let file = 0; file < rules.size; file++) squares.push(squareName(file, rank));
    }
    // The king and the defenders near the middle, where a ring of attackers can close round them.
    const middle = squares.filter((square) => {
      const file = square.charCodeAt(0) - 97;
      const rank = Number(square.slice(1)) - 1;
      const reach = Math.floor(rules.size / 4);
      return Math.abs(file - (rules.size - 1) / 2) <= reach && Math.abs(rank - (rules.size - 1) / 2) <= reach;
    });
    const take = (from: string[]) => from.splice(Math.floor(random() * from.length), 1)[0];
    const king = take(middle);
    const defending = Array.from({ length: Math.min(defenders, middle.length) }, () => take(middle));
    const attackers = squares.filter(
      (square) => square !== king && !defending.includes(square) && random() * 100 < density,
    );
    return { variant, board: notationOf(rules.size, { king, defenders: defending, attackers }) };
  });

describe('enclosure: the quick look for an open line to the edge gives the flood fill verdict', () => {
  it('agrees with a plain flood fill on random boards, one after another on boards of every size', () => {
    let enclosed = 0;
    let open = 0;
    fc.assert(
      fc.property(boardArbitrary, ({ variant, board }) => {
        const rules = rulesFor(getVariant(variant));
        const cells = Position.empty(rules);
        readPosition(rules, board, cells);
        const position = new Position(rules, cells, DEFENDERS);
        const expected = enclosedByFloodFill(rules, cells);
        if (expected) enclosed++;
        else open++;
        expect(defendersEnclosed(position)).toBe(expected);
      }),
      { numRuns: 600, seed: 25 },
    );
    // Both verdicts were met often enough for the comparison to mean something.
    expect(enclosed).toBeGreaterThan(50);
    expect(open).toBeGreaterThan(50);
  });
});
