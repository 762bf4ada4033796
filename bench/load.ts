/**
 * `npm run bench:load`: two bot processes on one Redis, driven through the Discord emulator with
 * 1,000 games in progress across 20 guilds, in two phases:
 *
 * - offered load: moves sent at a steady rate (LOAD_RATE, default 300 a second) whether or not
 *   earlier ones were answered, as players do; latency counts from when each move was due, so a
 *   driver that falls behind shows as latency, not as a lower rate. The first LOAD_WARMUP seconds
 *   (default 5) are reported on their own: just started, the bots compile their code, load fonts
 *   and deflate every game's board afresh;
 * - saturation: LOAD_CONCURRENCY players (default 48) each sending a move as soon as their last
 *   one is answered: the most moves a second the bots sustain.
 *
 * Reports moves per second, latency, event-loop delay in the bots, the bots' garbage-collector
 * pauses and CPU time per move (bench/bot-observer.mjs), Redis memory per game, errors, and the
 * machine's load average (the latency's tail depends on what else the machine runs), and checks
 * that every game's stored record is exactly the moves its players were told were accepted.
 *
 * `npm run bench:load -- --cluster` runs the same on a local Redis Cluster of three masters and
 * three replicas (started for the run, on free ports, and stopped after), the bots given
 * REDIS_CLUSTER_NODES; Redis memory is then the masters' together.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createClient } from '@keyv/redis';
import { Game, type VariantId } from '../src/engine/index.ts';
import { GameService } from '../src/game/service.ts';
import { createStore } from '../src/store/index.ts';
import { spawnBot } from '../test/bot/child.ts';
import { type EmulatedUser, startDiscordEmulator } from '../test/discord-emulator/index.ts';
import { startRedisCluster } from '../test/support/redis-cluster.ts';
import { summary } from './stats.ts';

const GUILDS = 20;
const GAMES = 1000;
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 48);
const RATE = Number(process.env.LOAD_RATE ?? 300);
/** Each phase's length, after the warm-up. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP ?? 5);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const unknown = process.argv.slice(2).filter((arg) => arg !== '--cluster');
if (unknown.length > 0) throw new Error(`bench:load takes only --cluster, not ${unknown.join(' ')}`);
const onCluster = process.argv.includes('--cluster');

interface LoadGame {
  guildId: string;
  channelId: string;
  players: { attackers: EmulatedUser; defenders: EmulatedUser };
  shadow: Game;
  busy: boolean;
}

const emulator = await startDiscordEmulator();
const namespace = `tafl-load-${randomBytes(4).toString('hex')}`;
const cluster = onCluster ? await startRedisCluster() : null;
const store = await createStore(
  cluster ? { cluster: { rootNodes: cluster.rootNodes }, namespace } : { redisUrl, namespace },
);
const service = new GameService(store);
/** A client of each Redis that holds data: the one server, or each master of the cluster. */
const servers = cluster
  ? (await cluster.servers())
      .filter((server) => server.role === 'master')
      .map((server) => createClient({ url: `redis://127.0.0.1:${server.port}` }))
  : [createClient({ url: redisUrl })];
for (const server of servers) await server.connect();
/** Memory the Redis servers use, but for the replication backlog (a cluster's masters fill theirs as moves come). */
const usedMemory = async () => {
  let bytes = 0;
  for (const server of servers) {
    const info = await server.info('memory');
    const field = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? 0);
    bytes += field('used_memory') - field('mem_replication_backlog');
  }
  return bytes;
};

console.log(
  `load: ${GAMES} games in ${GUILDS} guilds, 2 bot processes, ${cluster ? 'a Redis Cluster of 3 masters and 3 replicas' : 'one Redis'}, ${WARMUP_SECONDS} s warm-up, ${SECONDS} s a phase`,
);
const users = Array.from({ length: 40 }, (_, i) => emulator.addUser(`Player ${i + 1}`));
const channels: { guildId: string; channelId: string }[] = [];
for (let g = 0; g < GUILDS; g++) {
  const guildId = g === 0 ? emulator.guildId : emulator.createGuild(`Guild ${g + 1}`);
  for (let c = 0; c < GAMES / GUILDS; c++)
    channels.push({ guildId, channelId: emulator.createChannel(`game-${g}-${c}`, guildId) });
}

const memoryBefore = await usedMemory();
const games: LoadGame[] = [];
for (const [index, { guildId, channelId }] of channels.entries()) {
  const variant: VariantId = index % 2 === 0 ? 'alea-armed' : 'fetlar';
  const players = { attackers: users[index % 40], defenders: users[(index + 1) % 40] };
  const named = {
    attackers: { id: players.attackers.id, name: players.attackers.username },
    defenders: { id: players.defenders.id, name: players.defenders.username },
  };
  const started = await service.lifecycle.startGame({
    guildId,
    channelId,
    players: named,
    game: new Game(variant),
  });
  if (!started.ok) throw new Error(started.code);
  games.push({ guildId, channelId, players, shadow: new Game(variant), busy: false });
}
const memoryPerGame = (await usedMemory()) - memoryBefore;
if (cluster) {
  // A guild's keys are all on one master.
  const perMaster = new Map<number, number>();
  for (const guildId of new Set(channels.map((channel) => channel.guildId))) {
    const master = await cluster.masterOf(`{${guildId}}`);
    perMaster.set(master, (perMaster.get(master) ?? 0) + GAMES / GUILDS);
  }
  console.log(`  games per master: ${[...perMaster.values()].sort((a, b) => b - a).join(', ')}`);
}

const env = {
  ...(cluster ? { REDIS_URL: '', REDIS_CLUSTER_NODES: cluster.nodes } : { REDIS_URL: redisUrl }),
  REDIS_NAMESPACE: namespace,
  LOG_LEVEL: 'warn',
};
const observer = { preload: [new URL('./bot-observer.mjs', import.meta.url).href] };
const bots = [
  spawnBot(emulator, { ...env, LOG_LEVEL: 'info' }, observer),
  spawnBot(emulator, { ...env, LOG_LEVEL: 'info' }, observer),
];
await Promise.all(bots.map((bot) => bot.ready(60_000)));
await emulator.waitFor(() => emulator.readySessions() === 2, 30_000);
// LOAD_BOT_CPUS=0: the bots (every thread) on those CPUs only, as `taskset -c` takes them; run the
// bench itself elsewhere (`LOAD_BOT_CPUS=0 taskset -c 1 npm run bench:load`) to see what the bots
// do on one core with the emulator and the players' driver off it.
const botCpus = process.env.LOAD_BOT_CPUS;
if (botCpus) {
  for (const bot of bots) {
    const pinned = spawnSync('taskset', ['-a', '-p', '-c', botCpus, String(bot.process.pid)], {
      encoding: 'utf8',
    });
    if (pinned.status !== 0) throw new Error(`taskset failed: ${pinned.stderr}`);
  }
  console.log(`  bots pinned to CPUs ${botCpus}`);
}

let seed = 5;
const pick = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const errors: string[] = [];
let deferred = 0;

/** A free game not yet over, at random; it is busy until its move is answered. */
function takeGame(): LoadGame | undefined {
  const free = games.filter((game) => !game.busy && !game.shadow.isGameOver());
  if (free.length === 0) return undefined;
  const game = free[pick(free.length)];
  game.busy = true;
  return game;
}

/** What the bot says when it is too busy to start on a move: a refusal that changed nothing. */
const overloaded: string = JSON.parse(
  readFileSync(new URL('../locales/en/failures.json', import.meta.url), 'utf8'),
).service.overloaded;
/** The bot's word that a move was done though Discord did not take its answer: the player knows it stands. */
const doneNotShown: string = JSON.parse(
  readFileSync(new URL('../locales/en/messages.json', import.meta.url), 'utf8'),
).answerNotShown;
/** Moves the bot refused at once as too busy, and moves it left unanswered past Discord's deadline. */
let busyRefusals = 0;
let expired = 0;
/** Moves due while every game was still waiting on an answer: not sent. */
let notSent = 0;

/**
 * Sends a random legal move for the player to move and waits for the answer the player sees;
 * resolves to the milliseconds from `due` to that answer if the move was accepted, else null. A
 * move refused as "busy", or left unanswered until Discord would take no answer, changed nothing:
 * the player plays it again later; either is counted apart from errors.
 */
async function playMove(game: LoadGame, due: bigint): Promise<number | null> {
  const legal = game.shadow.legalMoves();
  const move = legal[pick(legal.length)].notation;
  const user = game.players[game.shadow.turn];
  try {
    const handle = emulator.slash(user, 'move', { move }, { channelId: game.channelId });
    // The emulator takes no first answer after Discord's three seconds: none by then, none ever.
    const answer = await handle.firstResponse().catch(() => null);
    if (!answer) {
      expired++;
      return null;
    }
    let accepted = answer.type === 4 && !((answer.data?.flags ?? 0) & 64);
    let answeredAt = answer.at;
    if (answer.type === 5) {
      // Deferred (the bot took over 1.2 s): the answer is the later edit, which the player waits for.
      deferred++;
      const visible = await handle.reply(120_000);
      answeredAt = process.hrtime.bigint();
      accepted = (!visible.ephemeral && visible.attachments.length > 0) || visible.content === doneNotShown;
    }
    if (accepted) {
      game.shadow.play(move);
      return Number(answeredAt - due) / 1e6;
    }
    if (answer.data?.content === overloaded) busyRefusals++;
    else errors.push(`${move}: ${answer.data?.content ?? `type ${answer.type}`}`);
  } catch (error) {
    errors.push(String(error));
  } finally {
    game.busy = false;
  }
  return null;
}

interface Phase {
  seconds: number;
  latencies: number[];
}

/** Moves due at a steady rate, sent when due whatever is still unanswered. */
async function offeredLoad(rate: number, seconds: number): Promise<Phase> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const startedAt = process.hrtime.bigint();
  const total = Math.round(rate * seconds);
  let sent = 0;
  while (sent < total) {
    const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
    for (; sent < total && sent < (elapsedMs * rate) / 1000; sent++) {
      const due = startedAt + BigInt(Math.round((sent * 1e9) / rate));
      const game = takeGame();
      if (!game) {
        // Every game is waiting on an answer: the player has nothing to send yet.
        notSent++;
        continue;
      }
      pending.push(
        playMove(game, due).then((latency) => {
          if (latency !== null) latencies.push(latency);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  return { seconds: Number(process.hrtime.bigint() - startedAt) / 1e9, latencies };
}

/** Players each sending their next move as soon as the last is answered. */
async function saturation(concurrency: number): Promise<Phase> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const player = async () => {
    while (performance.now() < deadline) {
      const game = takeGame();
      if (!game) return;
      const latency = await playMove(game, process.hrtime.bigint());
      if (latency !== null) latencies.push(latency);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => player()));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, latencies };
}

function report(title: string, phase: Phase): void {
  console.log(title);
  console.log(
    `    moves with images: ${phase.latencies.length} in ${phase.seconds.toFixed(1)} s = ${(phase.latencies.length / phase.seconds).toFixed(0)} moves/s`,
  );
  console.log(`    latency (move due → answer received): ${summary(phase.latencies)}`);
}

const loadAtStart = loadavg()[0];
const benchCpuAtStart = process.cpuUsage();
// The bots count CPU time and pauses from here.
for (const bot of bots) bot.process.kill('SIGUSR2');
const warmup = await offeredLoad(RATE, WARMUP_SECONDS);
const offered = await offeredLoad(RATE, SECONDS);
const saturated = await saturation(CONCURRENCY);
const memoryAfter = await usedMemory();
const loadAtEnd = loadavg()[0];

for (const bot of bots) bot.process.kill('SIGTERM');
await Promise.all(bots.map((bot) => bot.exited));
// The observer's line is the last a bot writes; its output may arrive just after the exit.
await Promise.all(
  bots.map((bot) => emulator.waitFor(() => bot.output().includes('"bench observer"'), 2000).catch(() => {})),
);

let mismatched = 0;
const mismatches: string[] = [];
for (const game of games) {
  const stored = (await service.play.board(game))?.game.history().map((move) => move.notation);
  const told = game.shadow.history().map((move) => move.notation);
  const archivedOrActive = stored ?? (game.shadow.isGameOver() ? told : []);
  if (JSON.stringify(archivedOrActive) !== JSON.stringify(told)) {
    mismatched++;
    mismatches.push(`told ${told.length} moves, stored ${archivedOrActive.length}`);
  }
}
/** How the bots' interactions ended, from their log lines. */
const outcomes = new Map<string, number>();
for (const bot of bots)
  for (const [, outcome] of bot.output().matchAll(/"outcome":"([\w-]+)"/g))
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
const firstFailure = bots
  .flatMap((bot) => bot.output().split('\n'))
  .filter((line) => line.includes('"interaction failed"'))
  .map((line) => /"name":"(\w+)","message":"([^"]{0,160})/.exec(line)?.slice(1).join(': '))
  .find(Boolean);

report(`  warm-up, the bots just started: ${RATE} moves/s due`, warmup);
report(`  offered load: ${RATE} moves/s due`, offered);
report(`  saturation: ${CONCURRENCY} players each moving as soon as answered`, saturated);
console.log(`  answers deferred (over 1.2 s, then edited in): ${deferred}`);
const moves = warmup.latencies.length + offered.latencies.length + saturated.latencies.length;
const benchCpu = process.cpuUsage(benchCpuAtStart);
let botsCpuMs = 0;
for (const [index, bot] of bots.entries()) {
  const lineOf = (message: string) =>
    bot
      .output()
      .split('\n')
      .find((line) => line.includes(`"message":"${message}"`));
  const stopped = lineOf('stopped');
  const stats = stopped ? JSON.parse(stopped) : {};
  console.log(
    `  bot ${index + 1} event-loop delay: p50 ${stats.eventLoopDelayP50Ms} ms, p99 ${stats.eventLoopDelayP99Ms} ms, max ${stats.eventLoopDelayMaxMs} ms, ${stats.memoryMb} MB`,
  );
  const observed = lineOf('bench observer');
  if (!observed) continue;
  const { gc, cpuMs } = JSON.parse(observed) as {
    gc: Record<string, { count: number; totalMs: number; maxMs: number; over50Ms: number }>;
    cpuMs: number;
  };
  botsCpuMs += cpuMs;
  const pauses = Object.entries(gc)
    .filter(([kind]) => kind === 'minor' || kind === 'major')
    .map(
      ([kind, p]) =>
        `${kind} ${p.count} pauses, ${(p.totalMs / 1000).toFixed(1)} s (max ${p.maxMs.toFixed(0)} ms, ${p.over50Ms} over 50 ms)`,
    );
  console.log(`  bot ${index + 1} garbage collection during the load: ${pauses.join(', ')}`);
}
if (botsCpuMs > 0)
  console.log(`  bots' CPU time per move: ${(botsCpuMs / moves).toFixed(2)} ms (both bots, all threads)`);
console.log(
  `  the emulator's and players' CPU time per move: ${((benchCpu.user + benchCpu.system) / 1000 / moves).toFixed(2)} ms (this process)`,
);
console.log(
  `  machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} when the load began, ${loadAtEnd.toFixed(1)} at its end`,
);
const perGame = (bytes: number) => `${(bytes / GAMES / 1024).toFixed(1)} KB`;
console.log(
  `  Redis memory per game in progress: ${perGame(memoryPerGame)} at start, ${perGame(memoryAfter - memoryBefore)} after the run`,
);
console.log(
  `  refused as busy (nothing changed): ${busyRefusals}; left unanswered past Discord's deadline (nothing changed): ${expired}`,
);
console.log(`  moves due but not sent, every game waiting on an answer: ${notSent}`);
console.log(`  errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`);
console.log(
  `  the bots' interactions by outcome: ${[...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', ')}${firstFailure ? ` (the first error: ${firstFailure})` : ''}`,
);
console.log(
  `  games whose stored record differs from the moves told: ${mismatched} of ${GAMES}${mismatched ? ` (first: ${mismatches[0]})` : ''}`,
);

if (!cluster) {
  const [redis] = servers;
  const keys = await redis.keys(`${namespace}::*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(keys.slice(i, i + 500));
}
for (const server of servers) await server.close().catch(() => {});
await store.close();
await cluster?.stop();
await emulator.close();
process.exit(errors.length === 0 && mismatched === 0 ? 0 : 1);
