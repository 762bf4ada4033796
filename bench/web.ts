/**
 * Web board benchmarks: two bot processes (`src/main.ts`, as `npm start` runs them) with the web
 * board on, one Redis, the Discord emulator; 1,000 boards open on one 19x19 game, 500 on each
 * process's web board. A move made in Discord (/move) and a click on a player's board (the POST the
 * page sends) are timed to every open board and to the channel's board message; then the memory
 * an open board costs a process, the page's size, and its time to interactive in Chromium.
 */

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { createClient } from '@keyv/redis';
import { Game } from '../src/engine/index.ts';
import { GameService } from '../src/game/service.ts';
import { messagesFor } from '../src/i18n/index.ts';
import { createStore } from '../src/store/index.ts';
import { boardState } from '../src/web/board-state.ts';
import { SESSION_COOKIE, Sessions } from '../src/web/sessions.ts';
import { type BotChild, spawnBot } from '../test/bot/child.ts';
import { type EmulatedUser, startDiscordEmulator } from '../test/discord-emulator/index.ts';
import { percentile, summary } from './stats.ts';
import { type PageSteps, pageSizes, timeToInteractive } from './web-page.ts';
import { arrivals, openViewer, type Viewer } from './web-viewers.ts';

const BOARDS_PER_PROCESS = 500;
/** Plies timed, half by /move in Discord and half by clicks on the web board. */
const PLIES = 40;
const WARMUP_PLIES = 4;
/** Plies timed before the spectators open their boards, for comparison. */
const PLIES_ALONE = 10;
/**
 * The spectators' sockets come from this many loopback addresses a process (127.0.0.2 on), as
 * members behind their own addresses do: the server allows 240 requests a minute an address.
 */
const ADDRESSES = 10;
const CPU_SLOWDOWN = 4;
const PAGE_RUNS = 5;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const max = (samples: number[]) => Math.max(...samples).toFixed(1);
const withMax = (samples: number[]) => `${summary(samples)}, max ${max(samples)} ms`;
interface Times {
  discord: number[];
  firstDiscord: number[];
  click: number[];
  message: number[];
  answered: number[];
}
const newTimes = (): Times => ({ discord: [], firstDiscord: [], click: [], message: [], answered: [] });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A port nothing listens on now: each process's web board must know its address before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The memory line bench/web-heap-probe.mjs writes after collecting the garbage. */
async function memoryOf(bot: BotChild): Promise<{ rss: number; heapUsed: number; external: number }> {
  const lines = () =>
    bot
      .output()
      .split('\n')
      .filter((line) => line.includes('"message":"web heap"'));
  const before = lines().length;
  bot.process.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (lines().length === before) {
    if (Date.now() > deadline) throw new Error('the bot wrote no memory line');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(lines().at(-1) ?? '{}');
}

/** The POST a player's page sends for a click on a destination; resolves to the answer's status. */
function postMove(
  base: string,
  table: { guildId: string; channelId: string },
  token: string,
  move: { from: string; to: string; ply: number },
): Promise<number> {
  const body = JSON.stringify(move);
  return new Promise((resolve, reject) => {
    const sent = request(
      `${base}/api/game/${table.guildId}/${table.channelId}/move`,
      {
        method: 'POST',
        headers: {
          Origin: base,
          Cookie: `${SESSION_COOKIE}=${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

export async function benchWeb(): Promise<void> {
  console.log(
    `web (2 bot processes, ${2 * BOARDS_PER_PROCESS} boards open on one 19x19 game, real Redis and Chromium)`,
  );
  const sizes = await pageSizes();
  for (const file of sizes.files)
    console.log(`  ${file.name}: ${kb(file.bytes)} as served, ${kb(file.gzipped)} gzipped`);
  const [script, style, html] = sizes.files;
  console.log(
    `  the browser's page together (HTML, board.js, board.css): ${kb(script.gzipped + style.gzipped + html.gzipped)} gzipped`,
  );

  const emulator = await startDiscordEmulator();
  const namespace = `tafl-web-bench-${randomBytes(4).toString('hex')}`;
  const store = await createStore({ redisUrl, namespace });
  const service = new GameService(store);
  const sessions = new Sessions(store);
  const ann = emulator.addUser('Ann');
  const bob = emulator.addUser('Bob');
  const guildId = emulator.guildId;
  const channelId = emulator.createChannel('web-bench');
  const table = { guildId, channelId };
  const shadow = new Game('alea-armed');
  const started = await service.lifecycle.startGame({
    guildId,
    channelId,
    players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
    game: new Game('alea-armed'),
  });
  if (!started.ok) throw new Error(started.code);

  const secret = randomBytes(24).toString('hex');
  const bases: string[] = [];
  const bots: BotChild[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    bases.push(`http://127.0.0.1:${port}`);
    bots.push(
      spawnBot(
        emulator,
        {
          REDIS_URL: redisUrl,
          REDIS_NAMESPACE: namespace,
          PUBLIC_URL: bases[i],
          WEB_PORT: String(port),
          WEB_HOST: '127.0.0.1',
          WEB_SECRET: secret,
          LOG_LEVEL: 'info',
        },
        { preload: [new URL('./web-heap-probe.mjs', import.meta.url).href] },
      ),
    );
  }
  const viewers: Viewer[][] = [[], []];
  try {
    await Promise.all(bots.map((bot) => bot.ready(60_000)));
    await emulator.waitFor(() => emulator.readySessions() === 2, 30_000);

    // Ann plays on process 0's board by clicking, Bob in Discord; each has a board open.
    const session = (memberId: string, name: string) =>
      sessions.open({ memberId, name, guildId, locale: 'en-US' });
    const annToken = await session(ann.id, 'Ann');
    const bobToken = await session(bob.id, 'Bob');
    viewers[0].push(await openViewer(bases[0], table, annToken, '127.0.0.1'));
    viewers[1].push(await openViewer(bases[1], table, bobToken, '127.0.0.1'));

    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const timed = newTimes();
    const player: Record<string, EmulatedUser> = { attackers: ann, defenders: bob };

    /** One ply by whoever is to move: Ann by a click, Bob by /move; timed to every open board. */
    async function ply(times?: Times): Promise<void> {
      const legal = shadow.legalMoves();
      const move = legal[pick(legal.length)];
      const all = viewers.flat();
      for (const viewer of all) viewer.inbox = [];
      const next = shadow.plyCount + 1;
      if (player[shadow.turn] === bob) {
        const handle = emulator.slash(bob, 'move', { move: move.notation }, { channelId });
        const shown = arrivals(all, next, handle.sentAt);
        const reply = await handle.reply();
        if (reply.ephemeral) throw new Error(`/move ${move.notation} was refused: ${reply.content}`);
        const ms = await shown;
        times?.discord.push(...ms);
        times?.firstDiscord.push(Math.min(...ms));
      } else {
        const posted = emulator.messages(channelId).length;
        let messageAt: bigint | undefined;
        const onChange = () => {
          if (messageAt === undefined && emulator.messages(channelId).length > posted)
            messageAt = process.hrtime.bigint();
        };
        emulator.events.on('change', onChange);
        const sentAt = process.hrtime.bigint();
        const shown = arrivals(all, next, sentAt);
        const status = await postMove(bases[0], table, annToken, {
          from: move.from,
          to: move.to,
          ply: shadow.plyCount,
        });
        const answeredAt = process.hrtime.bigint();
        if (status !== 200) throw new Error(`the click on ${move.notation} was answered ${status}`);
        await emulator.waitFor(() => messageAt);
        emulator.events.off('change', onChange);
        const ms = await shown;
        if (times) {
          times.click.push(...ms);
          times.message.push(Number((messageAt as bigint) - sentAt) / 1e6);
          times.answered.push(Number(answeredAt - sentAt) / 1e6);
        }
      }
      shadow.play(move.notation);
    }
    for (let i = 0; i < WARMUP_PLIES; i++) await ply();
    const alone = newTimes();
    for (let i = 0; i < PLIES_ALONE && !shadow.isGameOver(); i++) await ply(alone);

    const memoryBefore = await Promise.all(bots.map(memoryOf));
    // The spectators: one member each, from ADDRESSES loopback addresses, 50 opening at a time.
    for (const [index, base] of bases.entries()) {
      const tokens = await Promise.all(
        Array.from({ length: BOARDS_PER_PROCESS - 1 }, (_, i) =>
          session(String(800_000_000_000_000_000n + BigInt(index * BOARDS_PER_PROCESS + i)), `Viewer ${i}`),
        ),
      );
      for (let i = 0; i < tokens.length; i += 50)
        viewers[index].push(
          ...(await Promise.all(
            tokens
              .slice(i, i + 50)
              .map((token, j) => openViewer(base, table, token, `127.0.0.${2 + ((i + j) % ADDRESSES)}`)),
          )),
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memoryAfter = await Promise.all(bots.map(memoryOf));

    const loadAtStart = loadavg()[0];
    for (let i = 0; i < PLIES && !shadow.isGameOver(); i++) await ply(timed);
    const loadAtEnd = loadavg()[0];

    const boards = viewers.flat().length;
    console.log(
      `  a move made in Discord (/move sent → each of ${boards} open boards sent it): ${withMax(timed.discord)}`,
    );
    console.log(`    the first board of each move: ${summary(timed.firstDiscord)}`);
    console.log(`    with only the two players' boards open: ${withMax(alone.discord)}`);
    console.log(
      `  a click on the web board (POST sent → each of ${boards} open boards sent it): ${withMax(timed.click)}`,
    );
    console.log(`  a click on the web board → the channel's board message posted: ${withMax(timed.message)}`);
    console.log(`    with only the two players' boards open: ${withMax(alone.message)}`);
    console.log(`  a click on the web board → the page's POST answered: ${withMax(timed.answered)}`);
    console.log(`    with only the two players' boards open: ${withMax(alone.answered)}`);
    const sample = viewers[1][1].inbox.at(-1)?.data;
    const record = await service.records.gameForRecord(table);
    if (sample && record) {
      const m = messagesFor('en-US');
      const started = performance.now();
      for (let i = 0; i < 500; i++) JSON.stringify({ state: boardState(m, record, `9${i}`, Date.now()) });
      console.log(
        `  a state sent to a spectator: ${kb(Buffer.from(sample as Buffer).length)}; made for each board (boardState and JSON, timed in this process): ${((performance.now() - started) / 500).toFixed(2)} ms`,
      );
    }
    for (const [index] of bots.entries()) {
      const opened = viewers[index].length - 1;
      const before = memoryBefore[index];
      const after = memoryAfter[index];
      const perBoard = (after.heapUsed + after.external - before.heapUsed - before.external) / opened;
      console.log(
        `  bot ${index + 1}: memory a board, ${opened} opened: ${kb(perBoard)} (JavaScript heap and buffers after a full GC; RSS ${(before.rss / 1e6).toFixed(0)} MB before, ${(after.rss / 1e6).toFixed(0)} MB after)`,
      );
    }
    console.log(
      `  machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} when the moves began, ${loadAtEnd.toFixed(1)} at their end`,
    );
    for (const viewer of viewers.flat()) viewer.socket.close();

    const gameUrl = `${bases[0]}/game/${guildId}/${channelId}`;
    for (const slowdown of [CPU_SLOWDOWN, 1]) {
      const runs = slowdown === 1 ? 3 : PAGE_RUNS;
      const interactive = await timeToInteractive(gameUrl, annToken, slowdown, runs);
      if (!interactive.ok) {
        console.log(`  time to interactive in Chromium: not measured (${interactive.why})`);
        break;
      }
      const ms = interactive.ms;
      console.log(
        `  time to interactive in Chromium, CPU ${slowdown}x slower (navigation → the board's squares painted, ${runs} runs): ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms, median ${percentile(ms, 50).toFixed(0)} ms`,
      );
      const median = (step: keyof PageSteps) =>
        percentile(
          interactive.steps.map((steps) => steps[step]),
          50,
        ).toFixed(0);
      console.log(
        `    medians from navigation: HTML received ${median('html')} ms, script run ${median('scriptRun')} ms, state received ${median('stateReceived')} ms, squares in the DOM ${median('boardInDom')} ms`,
      );
    }
  } finally {
    for (const viewer of viewers.flat()) viewer.socket.terminate();
    for (const bot of bots) bot.process.kill('SIGTERM');
    await Promise.all(bots.map((bot) => bot.exited));
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    const keys = await redis.keys(`${namespace}::*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(keys.slice(i, i + 500));
    await redis.close();
    await store.close();
    await emulator.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchWeb();
  process.exit(0);
}
