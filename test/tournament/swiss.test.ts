import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { records } from '../../src/tournament/scores.ts';
import { pairSwiss, type SwissPlayer } from '../../src/tournament/swiss.ts';
import type { Entrant, Pairing, Round } from '../../src/tournament/types.ts';

const entrants = (count: number): Entrant[] =>
  Array.from({ length: count }, (_, seed) => ({ id: `p${seed + 1}`, name: `P${seed + 1}`, seed }));

/** The pairing input for the next round, from the rounds so far. */
function field(players: Entrant[], rounds: Round[]): SwissPlayer[] {
  return records(players, rounds, 'swiss')
    .filter((record) => !record.withdrawn)
    .map(({ id, score, tiebreak, seed, opponents, sides, hadBye }) => ({
      id,
      score,
      tiebreak,
      seed,
      opponents,
      sides,
      hadBye,
    }));
}

/** A round paired and played: `outcome(i)` is 1 (attackers win), 0.5 or 0 for board i. */
function playRound(
  players: Entrant[],
  rounds: Round[],
  total: number,
  outcome: (board: number) => number,
): Round {
  const next = pairSwiss(field(players, rounds), total - rounds.length - 1);
  const pairings: Pairing[] = next.pairings.map(({ attackers, defenders }, board) => {
    const points = outcome(board);
    return { attackers, defenders, result: { attackers: points, defenders: 1 - points, how: 'played' } };
  });
  if (next.bye)
    pairings.push({
      attackers: next.bye,
      defenders: null,
      result: { attackers: 1, defenders: 0, how: 'bye' },
    });
  return { number: rounds.length + 1, status: 'complete', pairings };
}

const written = (round: Round) =>
  round.pairings.map(({ attackers, defenders }) => `${attackers}-${defenders ?? 'bye'}`);

describe('Swiss pairings', () => {
  it('round 1: the top half against the bottom half, sides alternating by board (Dutch system)', () => {
    const players = entrants(8);
    expect(written(playRound(players, [], 5, () => 1))).toEqual(['p1-p5', 'p6-p2', 'p3-p7', 'p8-p4']);
    // Odd: the lowest seed has the bye.
    expect(written(playRound(entrants(7), [], 5, () => 1))).toEqual(['p1-p4', 'p5-p2', 'p3-p6', 'p7-bye']);
  });

  it('round 2: winners meet winners, top half against bottom half; the higher-ranked gets the side owed', () => {
    const players = entrants(8);
    const first = playRound(players, [], 5, () => 1); // the attackers win every board: p1, p6, p3, p8
    // Winners by seed: p1 p3 | p6 p8, all owed the defenders; losers by Buchholz then seed:
    // p2 p4 | p5 p7, all owed the attackers. The higher-ranked of each game gets the side owed.
    expect(written(playRound(players, [first], 5, () => 1))).toEqual(['p6-p1', 'p8-p3', 'p2-p5', 'p4-p7']);
  });

  it('never pairs two players twice, gives each at most one bye, keeps sides within two', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 64 }), fc.integer(), (count, seed) => {
        let state = seed >>> 0 || 1;
        const random = () => {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          return state / 2 ** 32;
        };
        const players = entrants(count);
        const rounds: Round[] = [];
        for (let r = 0; r < 5; r++)
          rounds.push(playRound(players, rounds, 5, () => [0, 0.5, 1][Math.floor(random() * 3)]));
        const met = new Set<string>();
        for (const round of rounds) {
          const seen = new Set<string>();
          for (const { attackers, defenders } of round.pairings) {
            for (const id of [attackers, defenders]) if (id) seen.add(id);
            if (!defenders) continue;
            const key = [attackers, defenders].sort().join('-');
            expect(met.has(key), `${key} met twice`).toBe(false);
            met.add(key);
          }
          expect(seen.size, 'everyone plays or has the bye each round').toBe(count);
        }
        for (const record of records(players, rounds, 'swiss')) {
          expect(record.encounters.filter((e) => e.how === 'bye').length).toBeLessThanOrEqual(1);
          const attacks = record.sides.filter((side) => side === 'attackers').length;
          expect(Math.abs(attacks * 2 - record.sides.length), record.id).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a small field plays as many rounds as it can without a repeat: six players, five rounds', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 0.5, 1), { minLength: 15, maxLength: 15 }), (outcomes) => {
        const players = entrants(6);
        const rounds: Round[] = [];
        for (let r = 0; r < 5; r++)
          rounds.push(playRound(players, rounds, 5, (board) => outcomes[r * 3 + board]));
        const met = new Set(
          rounds.flatMap((round) => round.pairings.map((p) => [p.attackers, p.defenders].sort().join('-'))),
        );
        expect(met.size).toBe(15);
      }),
      { numRuns: 100 },
    );
  });
});
