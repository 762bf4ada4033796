/**
 * Tournament benchmarks: pairing a 64-player Swiss round (the weighted matching over every pair
 * who have not met), round by round with random results, and drawing the crosstable. Wall time and
 * the process's CPU time: on a machine shared with other work the first includes waiting for a core.
 */
import { crosstableOf } from '../src/bot/views/tournament-messages.ts';
import { messagesFor } from '../src/i18n/index.ts';
import { renderCrosstable } from '../src/render/crosstable.ts';
import { records } from '../src/tournament/scores.ts';
import { pairSwiss } from '../src/tournament/swiss.ts';
import type { Entrant, Pairing, Round, TournamentDoc } from '../src/tournament/types.ts';
import { seededRandom } from './sample-games.ts';
import { summary } from './stats.ts';

const en = messagesFor('en');

const PLAYERS = 64;
const ROUNDS = 7;
/** The bound on pairing one round of a 64-player Swiss. */
const BOUND_MS = 50;

/** A Swiss of `PLAYERS` over `ROUNDS`, random results; the time to pair each round. */
function swissTimings(seed: number): {
  timings: number[];
  cpu: number[];
  rounds: Round[];
  players: Entrant[];
} {
  const next = seededRandom(seed);
  const players: Entrant[] = Array.from({ length: PLAYERS }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Player ${i + 1}`,
    seed: i,
  }));
  const rounds: Round[] = [];
  const timings: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const field = records(players, rounds, 'swiss');
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const paired = pairSwiss(field, ROUNDS - r - 1);
    const used = process.cpuUsage(cpuStarted);
    timings.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    const pairings: Pairing[] = paired.pairings.map(({ attackers, defenders }) => {
      const points = [0, 0.5, 1][Math.floor(next() * 3)];
      return { attackers, defenders, result: { attackers: points, defenders: 1 - points, how: 'played' } };
    });
    rounds.push({ number: r + 1, status: 'complete', pairings });
  }
  return { timings, cpu, rounds, players };
}

export async function benchTournament(): Promise<void> {
  console.log(`tournament (${PLAYERS}-player Swiss, ${ROUNDS} rounds, random results)`);
  swissTimings(0); // warm-up: the JIT, the matching's first runs
  let last: ReturnType<typeof swissTimings> | null = null;
  for (let run = 1; run <= 3; run++) {
    last = swissTimings(run);
    const worst = Math.max(...last.timings);
    console.log(
      `  run ${run}: pairing a round ${summary(last.timings)}, worst ${worst.toFixed(1)} ms (${worst <= BOUND_MS ? 'within' : 'OVER'} ${BOUND_MS} ms); by round ${last.timings.map((t) => t.toFixed(1)).join(', ')} ms; CPU time by round ${last.cpu.map((t) => t.toFixed(1)).join(', ')} ms`,
    );
  }
  if (!last) return;
  const doc = {
    name: 'Bench Open',
    format: 'swiss',
    rounds: ROUNDS,
    players: last.players,
    played: last.rounds,
    status: 'finished',
  } as TournamentDoc;
  const table = crosstableOf(en, doc, 'Final standings');
  const started = performance.now();
  const picture = renderCrosstable(table);
  console.log(
    `  crosstable picture, ${PLAYERS} rows x ${ROUNDS} rounds: ${(performance.now() - started).toFixed(0)} ms, ${(picture.length / 1024).toFixed(0)} KB`,
  );
}
