/**
 * `npm run bench:load`: two bot processes on one Redis, driven through the Discord emulator with
 * 1,000 games in progress across 20 guilds. Reports moves per second, latency, event-loop delay
 * in the bots, Redis memory per game, errors, and checks that every game's stored record is
 * exactly the moves its players were told were accepted.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { Game, type VariantId } from '../src/engine/index.ts';
import { GameService } from '../src/game/service.ts';
import { createStore } from '../src/store/index.ts';
import { spawnBot } from '../test/bot/child.ts';
import { type EmulatedUser, startDiscordEmulator } from '../test/discord-emulator/index.ts';
import { summary } from './stats.ts';

const GUILDS = 20;
const GAMES = 1000;
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 48);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface LoadGame {
  channelId: string;
  players: { attackers: EmulatedUser; defenders: EmulatedUser };
  shadow: Game;
  busy: boolean;
}

const emulator = await startDiscordEmulator();
const namespace = `tafl-load-${randomBytes(4).toString('hex')}`;
const store = await createStore({ redisUrl, namespace });
const service = new GameService(store);
const redis = createClient({ url: redisUrl });
await redis.connect();
const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);

console.log(
  `load: ${GAMES} games in ${GUILDS} guilds, 2 bot processes, ${CONCURRENCY} players moving at once, ${SECONDS} s`,
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
  const started = await service.startGame({ guildId, channelId, players: named, game: new Game(variant) });
  if (!started.ok) throw new Error(started.message);
  games.push({ channelId, players, shadow: new Game(variant), busy: false });
}
const memoryPerGame = (await usedMemory()) - memoryBefore;

const env = { REDIS_URL: redisUrl, REDIS_NAMESPACE: namespace, LOG_LEVEL: 'warn' };
const bots = [
  spawnBot(emulator, { ...env, LOG_LEVEL: 'info' }),
  spawnBot(emulator, { ...env, LOG_LEVEL: 'info' }),
];
await Promise.all(bots.map((bot) => bot.ready(60_000)));
await emulator.waitFor(() => emulator.readySessions() === 2, 30_000);

let seed = 5;
const pick = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const latencies: number[] = [];
const errors: string[] = [];
let moves = 0;
let deferred = 0;
const deadline = performance.now() + SECONDS * 1000;
const started = performance.now();

async function player(): Promise<void> {
  while (performance.now() < deadline) {
    const free = games.filter((game) => !game.busy && !game.shadow.isGameOver());
    if (free.length === 0) return;
    const game = free[pick(free.length)];
    game.busy = true;
    const legal = game.shadow.legalMoves();
    const move = legal[pick(legal.length)].notation;
    const user = game.players[game.shadow.turn];
    try {
      const handle = emulator.slash(user, 'move', { move }, { channelId: game.channelId });
      const answer = await handle.firstResponse();
      let accepted = answer.type === 4 && !((answer.data?.flags ?? 0) & 64);
      let answeredAt = answer.at;
      if (answer.type === 5) {
        // Deferred (the bot took over 1.2 s): the answer is the later edit, which the player waits for.
        deferred++;
        const visible = await handle.reply();
        answeredAt = process.hrtime.bigint();
        accepted = !visible.ephemeral && visible.attachments.length > 0;
      }
      if (accepted) {
        game.shadow.play(move);
        moves++;
        latencies.push(Number(answeredAt - handle.sentAt) / 1e6);
      } else {
        errors.push(`${move}: ${answer.data?.content ?? `type ${answer.type}`}`);
      }
    } catch (error) {
      errors.push(String(error));
    } finally {
      game.busy = false;
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, () => player()));
const elapsed = (performance.now() - started) / 1000;

for (const bot of bots) bot.process.kill('SIGTERM');
await Promise.all(bots.map((bot) => bot.exited));

let mismatched = 0;
for (const game of games) {
  const stored = (await service.board(game.channelId))?.game.history().map((move) => move.notation);
  const told = game.shadow.history().map((move) => move.notation);
  const archivedOrActive = stored ?? (game.shadow.isGameOver() ? told : []);
  if (JSON.stringify(archivedOrActive) !== JSON.stringify(told)) mismatched++;
}

console.log(
  `  moves with images: ${moves} in ${elapsed.toFixed(1)} s = ${(moves / elapsed).toFixed(0)} moves/s`,
);
console.log(`  latency (interaction sent → answer received): ${summary(latencies)}`);
console.log(`  answers deferred (over 1.2 s, then edited in): ${deferred}`);
for (const [index, bot] of bots.entries()) {
  const stopped = bot
    .output()
    .split('\n')
    .find((line) => line.includes('"message":"stopped"'));
  const stats = stopped ? JSON.parse(stopped) : {};
  console.log(
    `  bot ${index + 1} event-loop delay: p50 ${stats.eventLoopDelayP50Ms} ms, p99 ${stats.eventLoopDelayP99Ms} ms, max ${stats.eventLoopDelayMaxMs} ms, ${stats.memoryMb} MB`,
  );
}
console.log(`  Redis memory per game in progress: ${(memoryPerGame / GAMES / 1024).toFixed(1)} KB at start`);
console.log(`  errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`);
console.log(`  games whose stored record differs from the moves told: ${mismatched} of ${GAMES}`);

const keys = await redis.keys(`${namespace}::*`);
for (let i = 0; i < keys.length; i += 500) await redis.del(keys.slice(i, i + 500));
await redis.close();
await store.close();
await emulator.close();
process.exit(errors.length === 0 && mismatched === 0 ? 0 : 1);
