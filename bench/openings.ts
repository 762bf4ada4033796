/**
 * /openings on a server with 10,000 finished Copenhagen games, through the real client, the
 * emulator and real Redis. The games are played into the store by the game service (started with
 * their opening, then resigned or drawn), so each was counted in the opening tree by the commit of
 * its result, as in play. Then /openings is asked, one at a time, at positions along the server's
 * popular lines (the start, then one to six plies in), and the time from the interaction sent to
 * its answer (picture and buttons) recorded by the emulator is reported, per run and over all runs.
 * A button press into a move and back is timed too.
 */
import { cpus, loadavg } from 'node:os';
import { seededRandom } from '../src/core/seeded-random.ts';
import type { Game } from '../src/engine/index.ts';
import { Game as NewGame } from '../src/engine/index.ts';
import { buttonIds, startWorld } from '../test/bot/harness.ts';
import { percentile } from './stats.ts';

const GAMES = Number(process.env.OPENINGS_BENCH_GAMES ?? 10_000);
const RUNS = 5;
const ASKS_PER_RUN = 60;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A game's opening: 12 to 16 plies, each move drawn with a bias to the first few legal moves, so lines repeat as real openings do. */
function openingOf(random: () => number): Game {
  const game = new NewGame('copenhagen');
  const plies = 12 + Math.floor(random() * 5);
  while (game.plyCount < plies) {
    const moves = game.legalMoves();
    for (let tries = 0; ; tries++) {
      game.play(moves[Math.floor(random() ** 4 * moves.length)]);
      if (!game.isGameOver() || tries === 20) break;
      game.undo();
    }
    if (game.isGameOver()) break;
  }
  return game;
}

export async function benchOpenings(): Promise<void> {
  console.log(
    `openings (/openings on a server with ${GAMES} finished Copenhagen games; real client, emulator, Redis; ${RUNS} runs of ${ASKS_PER_RUN} asks, one at a time)`,
  );
  const world = await startWorld(1);
  try {
    const { emulator, bots } = world;
    const service = bots[0].service;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
    const random = seededRandom(26);
    const lines: string[][] = [];
    const started = performance.now();
    // One game at a time: games ending at the same instant in one guild conflict on its standings
    // and tree, and are read again; a burst of them is not what this measures.
    const table = { guildId: emulator.guildId, channelId: 'bench-openings' };
    for (let index = 0; index < GAMES; index++) {
      const game = openingOf(random);
      if (index < 200) lines.push(game.history().map((move) => `${move.from}-${move.to}`));
      const start = await service.lifecycle.startGame({ ...table, players, game });
      if (!start.ok) throw new Error(`game ${index}: ${start.code}`);
      if (game.isGameOver()) continue;
      if (index % 10 === 0) await service.play.offerDraw(table, players.attackers);
      const end =
        index % 10 === 0
          ? await service.play.offerDraw(table, players.defenders)
          : await service.play.resign(table, index % 2 === 0 ? players.attackers : players.defenders);
      if (!end.ok) throw new Error(`game ${index}: ${end.code}`);
    }
    console.log(
      `  ${GAMES} games played into the store and counted: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const channelId = emulator.createChannel('openings');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    // The first picture of a process loads the fonts and draws the sprites: not what a member waits for after start-up.
    await emulator.slash(ann, 'openings', { variant: 'copenhagen' }, { channelId }).reply();

    const all: number[] = [];
    const cpuAll: number[] = [];
    const asked = seededRandom(7);
    for (let run = 1; run <= RUNS; run++) {
      const times: number[] = [];
      const cpu: number[] = [];
      const load = loadavg()[0];
      for (let i = 0; i < ASKS_PER_RUN; i++) {
        const line = lines[Math.floor(asked() * lines.length)];
        const depth = i % 7;
        const options: Record<string, string> = { variant: 'copenhagen' };
        if (depth > 0) options.moves = line.slice(0, depth).join(' ');
        const before = process.cpuUsage();
        const handle = emulator.slash(ann, 'openings', options, { channelId });
        const reply = await handle.reply();
        times.push(Number(process.hrtime.bigint() - handle.sentAt) / 1e6);
        const used = process.cpuUsage(before);
        cpu.push((used.user + used.system) / 1000);
        if (reply.ephemeral || reply.attachments.length !== 1)
          throw new Error(`not answered with the explorer: ${reply.content}`);
      }
      all.push(...times);
      cpuAll.push(...cpu);
      console.log(
        `  run ${run}: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))};` +
          ` CPU time per ask (bot and emulator) p50 ${ms(percentile(cpu, 50))}, p99 ${ms(percentile(cpu, 99))}; load average ${load.toFixed(1)} on ${cpus().length} cores`,
      );
    }
    console.log(
      `  all ${all.length} asks: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}; CPU time p50 ${ms(percentile(cpuAll, 50))}, p99 ${ms(percentile(cpuAll, 99))}`,
    );

    const root = await emulator.slash(ann, 'openings', { variant: 'copenhagen' }, { channelId }).reply();
    const counted = /(\d+) finished games reached/.exec(root.content)?.[1];
    console.log(
      `  the start position counts ${counted} games; its table:\n${root.content
        .split('\n')
        .filter((row) => /^ ?\d+ [a-k]/.test(row))
        .slice(0, 3)
        .map((row) => `    ${row}`)
        .join('\n')}`,
    );
    const presses: number[] = [];
    let message = root;
    for (let i = 0; i < 20; i++) {
      const ids = buttonIds(message);
      const id = i % 2 === 0 ? ids[0] : (ids.find((button) => button.startsWith('openings:b:')) ?? ids[0]);
      const handle = emulator.clickButton(bob, message, id);
      message = await handle.reply();
      presses.push(Number(process.hrtime.bigint() - handle.sentAt) / 1e6);
    }
    console.log(
      `  button into a move and back, 20 presses: p50 ${ms(percentile(presses, 50))}, p99 ${ms(percentile(presses, 99))}`,
    );
  } finally {
    await world.close();
  }
}
