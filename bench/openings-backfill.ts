/**
 * The opening tree's backfill on a server with 10,000 Copenhagen games archived before the
 * explorer (12 to 16 plies each, sharing their openings as real games do), on real Redis and in
 * memory: the rate at which the games are counted (the scan of the guild's archive included) and
 * the longest the event loop was held at once while it ran (a timer ticking every millisecond
 * records its longest wait past its due time, from the histogram of node's monitorEventLoopDelay).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient } from '@keyv/redis';
import { createApp } from '../src/app.ts';
import { seededRandom } from '../src/core/seeded-random.ts';
import { BATCH } from '../src/openings/backfill.ts';
import { createStore, type Store } from '../src/store/index.ts';
import { archiveOldGame, type OldGame, randomGame } from '../test/support/legacy-games.ts';
import { testRedisUrl } from '../test/support/redis-url.ts';

const GAMES = Number(process.env.BACKFILL_BENCH_GAMES ?? 10_000);
const RUNS = 3;
const batch = Number(process.env.BACKFILL_BENCH_BATCH ?? BATCH);

/** `count` games from `random`, the i-th ended by `ends[(first + i) % 3]`. */
function olderGames(random: () => number, first: number, count: number): OldGame[] {
  const ends = ['attackers', 'defenders', 'draw'] as const;
  return Array.from({ length: count }, (_, i) => ({
    id: randomBytes(9).toString('base64url'),
    game: randomGame('copenhagen', random, 12 + Math.floor(random() * 5)),
    end: ends[(first + i) % 3],
  }));
}

/** Archives GAMES older games in `guild`, 200 at a time (none kept in memory after). */
async function archiveOlderGames(store: Store, guild: string, seed: number): Promise<void> {
  const random = seededRandom(seed);
  for (let first = 0; first < GAMES; first += 200) {
    const games = olderGames(random, first, Math.min(200, GAMES - first));
    await Promise.all(games.map((game, i) => archiveOldGame(store, guild, game, 1_000 + first + i)));
  }
}

/**
 * The longest gap between a 1 ms timer's ticks while `work` runs, by the wall clock (which on a
 * busy machine includes time the process waited for a core) and by the process's CPU time spent
 * in it (the work's own longest stretch, garbage collection included).
 */
async function timedBlocks<T>(
  work: () => Promise<T>,
): Promise<{ value: T; wallMs: number; cpuMs: number; ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let wall = 0;
  let cpu = 0;
  const cpuNow = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  let lastWall = performance.now();
  let lastCpu = cpuNow();
  const ticker = setInterval(() => {
    const [nowWall, nowCpu] = [performance.now(), cpuNow()];
    wall = Math.max(wall, nowWall - lastWall);
    cpu = Math.max(cpu, nowCpu - lastCpu);
    [lastWall, lastCpu] = [nowWall, nowCpu];
  }, 1);
  histogram.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  histogram.disable();
  clearInterval(ticker);
  return { value, wallMs: Math.max(wall, histogram.max / 1e6), cpuMs: cpu, ms };
}

async function benchOn(kind: 'redis' | 'memory'): Promise<void> {
  const namespace = `tafl-bench-${randomBytes(4).toString('hex')}`;
  const store: Store = await createStore({
    redisUrl: kind === 'redis' ? testRedisUrl : undefined,
    namespace,
  });
  const rates: number[] = [];
  const walls: number[] = [];
  const cpuBlocks: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const guild = `bench${run}`;
      await archiveOlderGames(store, guild, run + 1);
      const { openingsBackfill } = createApp(store, { openingsBackfill: { batch } });
      const { value, wallMs, cpuMs, ms } = await timedBlocks(() => openingsBackfill.run(guild));
      if (!value) throw new Error('the backfill did not finish');
      const rate = (GAMES / ms) * 1000;
      rates.push(rate);
      walls.push(wallMs);
      cpuBlocks.push(cpuMs);
      console.log(
        `  ${kind} run ${run + 1}: ${GAMES} games in ${(ms / 1000).toFixed(2)} s = ${rate.toFixed(0)} games/s; longest event-loop block ${wallMs.toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms CPU`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(
      `  ${kind}: median ${median(rates).toFixed(0)} games/s; longest block over all runs ${Math.max(...walls).toFixed(1)} ms wall, ${Math.max(...cpuBlocks).toFixed(1)} ms CPU`,
    );
  } finally {
    await store.close();
    if (kind === 'redis') await dropNamespace(namespace);
  }
}

/** Removes the bench's keys from the tests' Redis. */
async function dropNamespace(namespace: string): Promise<void> {
  const client = createClient({ url: testRedisUrl });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${namespace}::*`, COUNT: 1000 }))
    if (keys.length > 0) await client.unlink(keys);
  await client.quit();
}

export async function benchOpeningsBackfill(): Promise<void> {
  console.log(
    `openings-backfill (${GAMES} Copenhagen games archived before the explorer, counted in batches of ${batch}; ${RUNS} runs each; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)})`,
  );
  const stores = (process.env.BACKFILL_BENCH_STORES ?? 'redis,memory').split(',');
  for (const kind of ['redis', 'memory'] as const) if (stores.includes(kind)) await benchOn(kind);
}
