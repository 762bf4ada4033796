/**
 * Round-robin schedules by the circle method, in the order of FIDE's Berger tables: player n
 * (the last seed, or the bye when the count is odd) stays put while the others turn round it,
 * and the first-named of a pairing plays the attackers. Over one cycle each player's sides differ
 * by at most one; a double round robin plays the cycle again with sides swapped.
 */

/** One game of a round: indexes into the seeded players; `defenders` null is a bye for `attackers`. */
export interface SeatPairing {
  attackers: number;
  defenders: number | null;
}

/** The rounds of a round robin among `count` players (seeds 0…count-1), twice with `double`. */
export function roundRobin(count: number, { double = false }: { double?: boolean } = {}): SeatPairing[][] {
  if (count < 2) return [];
  // An odd field gets a phantom last seed: whoever meets it has the round off.
  const n = count % 2 === 0 ? count : count + 1;
  const phantom = n - 1 === count ? n - 1 : -1;
  const half = n / 2;
  const cycle: SeatPairing[][] = [];
  for (let round = 0; round < n - 1; round++) {
    // Seed x (1-based, not n) of round 1 moves n/2 places on each round, mod n-1.
    const turn = (seed: number) => ((seed - 1 + round * half) % (n - 1)) + 1;
    const pairings: [number, number][] = [];
    for (let i = 0; i < half; i++) {
      const first = i + 1;
      const second = n - i;
      if (second === n) {
        // The fixed seed plays the attackers every other round.
        pairings.push(round % 2 === 0 ? [turn(first), n] : [n, turn(first)]);
      } else pairings.push([turn(first), turn(second)]);
    }
    cycle.push(
      pairings.map(([a, b]) => {
        const [attackers, defenders] = [a - 1, b - 1];
        if (defenders === phantom) return { attackers, defenders: null };
        if (attackers === phantom) return { attackers: defenders, defenders: null };
        return { attackers, defenders };
      }),
    );
  }
  if (!double) return cycle;
  const swapped = cycle.map((round) =>
    round.map(({ attackers, defenders }) =>
      defenders === null ? { attackers, defenders } : { attackers: defenders, defenders: attackers },
    ),
  );
  return [...cycle, ...swapped];
}
