import { describe, expect, it } from 'vitest';
import { roundRobin } from '../../src/tournament/round-robin.ts';

/** A schedule as FIDE's Berger tables write it: 1-based seeds, attackers first, `-` a bye. */
const written = (count: number, double = false) =>
  roundRobin(count, { double }).map((round) =>
    round.map(({ attackers, defenders }) =>
      defenders === null ? `${attackers + 1}-bye` : `${attackers + 1}-${defenders + 1}`,
    ),
  );

describe('round robin by the circle method', () => {
  it('gives FIDE’s Berger tables for 4 and 6 players', () => {
    expect(written(4)).toEqual([
      ['1-4', '2-3'],
      ['4-3', '1-2'],
      ['2-4', '3-1'],
    ]);
    expect(written(6)).toEqual([
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'],
      ['2-6', '3-1', '4-5'],
      ['6-5', '1-4', '2-3'],
      ['3-6', '4-2', '5-1'],
    ]);
  });

  it('with an odd count, whoever would meet the phantom last seed has the round off', () => {
    // Berger's table for 5 is the one for 6 with seed 6 the bye.
    expect(written(5)).toEqual([
      ['1-bye', '2-5', '3-4'],
      ['4-bye', '5-3', '1-2'],
      ['2-bye', '3-1', '4-5'],
      ['5-bye', '1-4', '2-3'],
      ['3-bye', '4-2', '5-1'],
    ]);
  });

  it.each([3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    '%i players: everyone meets everyone once (twice when double), sides within one',
    (count) => {
      for (const double of [false, true]) {
        const rounds = roundRobin(count, { double });
        const cycles = double ? 2 : 1;
        expect(rounds).toHaveLength((count % 2 === 0 ? count - 1 : count) * cycles);
        const meetings = new Map<string, number>();
        const attacks = new Array<number>(count).fill(0);
        const defends = new Array<number>(count).fill(0);
        const byes = new Array<number>(count).fill(0);
        for (const round of rounds) {
          const seen = new Set<number>();
          for (const { attackers, defenders } of round) {
            for (const seat of [attackers, defenders]) {
              if (seat === null) continue;
              expect(seen.has(seat), 'once a round').toBe(false);
              seen.add(seat);
            }
            if (defenders === null) {
              byes[attackers]++;
              continue;
            }
            const key = [attackers, defenders].sort((a, b) => a - b).join('-');
            meetings.set(key, (meetings.get(key) ?? 0) + 1);
            attacks[attackers]++;
            defends[defenders]++;
          }
          expect(seen.size).toBe(count);
        }
        expect(meetings.size).toBe((count * (count - 1)) / 2);
        for (const times of meetings.values()) expect(times).toBe(cycles);
        for (let seat = 0; seat < count; seat++) {
          expect(Math.abs(attacks[seat] - defends[seat]), `seat ${seat}`).toBeLessThanOrEqual(double ? 0 : 1);
          expect(byes[seat]).toBe(count % 2 === 0 ? 0 : cycles);
        }
        // A double round robin plays each pairing once on each side.
        if (double) {
          const sided = new Set(rounds.flat().map(({ attackers, defenders }) => `${attackers}>${defenders}`));
          expect(sided.size).toBe(count * (count - 1) + (count % 2) * count);
        }
      }
    },
  );
});
