/**
 * The whole bot on a real Redis Cluster of three masters and three replicas: bot processes started
 * as `npm start` runs them (REDIS_CLUSTER_NODES), driven through the Discord emulator, in guilds
 * whose keys land on every master. A game from challenge to resignation; two processes racing on
 * one move; the sweeper's losses on time claimed once across processes; and last (it leaves a
 * master without a replica) a master killed with SIGKILL in the middle of games.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { keys } from '../../src/game/keys.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { type BotChild, spawnBot } from '../bot/child.ts';
import { type BotProcess, buttonIds, startBotProcess } from '../bot/harness.ts';
import {
  type DiscordEmulator,
  type EmulatedUser,
  type RecordedMessage,
  startDiscordEmulator,
} from '../discord-emulator/index.ts';
import { snowflake } from '../discord-emulator/snowflake.ts';
import { type LocalRedisCluster, startRedisCluster } from '../support/redis-cluster.ts';

const LONG = 120_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEN_MINUTES = 10 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: LocalRedisCluster;
/** Stores the test opens itself, to read what the bots stored; closed at the end. */
const opened: Store[] = [];

async function openStore(namespace: string): Promise<Store> {
  const store = await createStore({ cluster: { rootNodes: cluster.rootNodes }, namespace });
  opened.push(store);
  return store;
}

/** The key of a game in a guild as stored, for CLUSTER KEYSLOT (the channel does not change the slot). */
const rawGameKey = (namespace: string, guildId: string, channelId = 'c') =>
  `${namespace}::${keys.game(guildId, channelId)}`;

/**
 * Guild ids (snowflakes, as discord.js needs them) whose keys land on each master, `perMaster` on
 * each, interleaved: the first three are on three different masters.
 */
async function guildsOnEveryMaster(
  namespace: string,
  perMaster: number,
): Promise<{ guildId: string; master: number }[]> {
  const byMaster = new Map<number, string[]>();
  for (let tries = 0; tries < 1000; tries++) {
    const guildId = snowflake();
    const master = await cluster.masterOf(rawGameKey(namespace, guildId));
    const list = byMaster.get(master) ?? [];
    if (list.length < perMaster) list.push(guildId);
    byMaster.set(master, list);
    if (byMaster.size === 3 && [...byMaster.values()].every((guilds) => guilds.length === perMaster)) break;
  }
  const masters = [...byMaster.keys()];
  expect(masters).toHaveLength(3);
  const guilds: { guildId: string; master: number }[] = [];
  for (let i = 0; i < perMaster; i++)
    for (const master of masters) guilds.push({ guildId: byMaster.get(master)?.[i] as string, master });
  return guilds;
}

/** The JSON log lines a bot process wrote so far. */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/**
 * The interactions a bot process handled (its "interaction" log lines), optionally only those of
 * one command, in some channels, with an outcome ('answered', 'refused'), logged after a time.
 */
function handled(
  child: BotChild,
  filter: { name?: string; channels?: string[]; outcome?: string; after?: number } = {},
): number {
  return logLines(child.output()).filter(
    (line) =>
      line.message === 'interaction' &&
      (!filter.name || line.name === filter.name) &&
      (!filter.channels || filter.channels.includes(line.channel as string)) &&
      (!filter.outcome || line.outcome === filter.outcome) &&
      (!filter.after || Date.parse(line.time as string) > filter.after),
  ).length;
}

/** A move for the side on turn, the same for the same game, seed and ply. */
function pick(game: Game, seed: number): string {
  const moves = game.legalMoves();
  return moves[(seed * 7 + game.plyCount * 13) % moves.length].notation;
}

const notations = (game: Game | undefined) => game?.history().map((move) => move.notation) ?? [];

function expectBoardPicture(message: RecordedMessage): void {
  expect(message.attachments).toHaveLength(1);
  expect(message.attachments[0].filename).toBe('board.png');
  expect(message.attachments[0].data.subarray(0, 8)).toEqual(PNG);
}

/**
 * Two bot processes (`src/main.ts`, as `npm start` runs it) on the cluster, one emulator, three
 * guilds on the three masters, and a GameService of the test's own on the same keys.
 */
const world = {
  emulator: undefined as unknown as DiscordEmulator,
  namespace: `tafl-cluster-bot-${randomBytes(3).toString('hex')}`,
  children: [] as BotChild[],
  service: undefined as unknown as GameService,
  guilds: [] as { guildId: string; master: number }[],
  ann: undefined as unknown as EmulatedUser,
  bob: undefined as unknown as EmulatedUser,
};

beforeAll(async () => {
  cluster = await startRedisCluster();
  world.emulator = await startDiscordEmulator();
  const env = {
    REDIS_URL: '',
    REDIS_SENTINELS: '',
    REDIS_CLUSTER_NODES: cluster.nodes,
    REDIS_NAMESPACE: world.namespace,
  };
  world.children = [spawnBot(world.emulator, env), spawnBot(world.emulator, env)];
  try {
    await Promise.all(world.children.map((child) => child.ready(60_000)));
  } catch (error) {
    throw new Error(
      `the bot processes did not get ready: ${(error as Error).message}\n${world.children.map((child) => child.output().slice(-3000)).join('\n---\n')}`,
    );
  }
  expect(world.emulator.readySessions()).toBe(2);
  for (const child of world.children) expect(child.output()).not.toContain('games are kept in memory');
  world.service = new GameService(await openStore(world.namespace));
  world.guilds = await guildsOnEveryMaster(world.namespace, 1);
  for (const [i, { guildId }] of world.guilds.entries())
    world.emulator.createGuild(`Cluster Hall ${i}`, { id: guildId });
  world.ann = world.emulator.addUser('Ann');
  world.bob = world.emulator.addUser('Bob');
}, LONG);

afterAll(async () => {
  for (const child of world.children) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) continue;
    child.process.kill('SIGTERM');
    const stopped = await Promise.race([child.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) child.process.kill('SIGKILL');
  }
  await world.emulator?.close();
  for (const store of opened) await store.close().catch(() => {});
  await cluster?.stop();
}, LONG);

/** Starts a fetlar game between Ann (attackers) and Bob straight in the store, in a new channel of the guild. */
async function gameIn(guildId: string, name: string): Promise<Table> {
  const channelId = world.emulator.createChannel(name, guildId);
  const { ann, bob } = world;
  const started = await world.service.lifecycle.startGame({
    guildId,
    channelId,
    players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
    game: new Game('fetlar'),
  });
  expect(started.ok).toBe(true);
  return { guildId, channelId };
}

describe('two bot processes on Redis Cluster', () => {
  it(
    'a game from challenge to resignation in guilds on each master: moves answered with the board, standings, no game after; every key tagged by its guild',
    async () => {
      const { emulator, ann, bob, guilds, namespace } = world;
      expect(new Set(guilds.map(({ master }) => master)).size).toBe(3);
      const played = await Promise.all(
        guilds.map(async ({ guildId }, index) => {
          const channelId = emulator.createChannel(`e2e-${index}`, guildId);
          const where = { channelId };
          const challenge = await emulator
            .slash(ann, 'challenge', { opponent: bob, variant: 'brandubh', side: 'attackers' }, where)
            .reply();
          expect(challenge.ephemeral).toBe(false);
          expect(challenge.content).toContain(`<@${bob.id}>`);
          const accepted = emulator.clickButton(bob, challenge, buttonIds(challenge)[0]);
          expect((await accepted.reply()).content).toContain('accepted');
          const first = await emulator.waitFor(
            () => accepted.followUps().find((message) => message.attachments.length > 0),
            15_000,
          );
          expectBoardPicture(first);
          expect(first.content).toContain(`<@${ann.id}> to move (attackers)`);

          const shadow = new Game('brandubh');
          for (let ply = 0; ply < 4; ply++) {
            const move = pick(shadow, index + 1);
            const player = shadow.turn === 'attackers' ? ann : bob;
            const answer = await emulator.slash(player, 'move', { move }, where).reply();
            expect(answer.ephemeral, `${move} in guild ${index}: ${answer.content}`).toBe(false);
            expectBoardPicture(answer);
            shadow.play(move);
            expect(shadow.isGameOver()).toBe(false);
          }
          const resigned = await emulator.slash(bob, 'resign', {}, where).reply();
          expect(resigned.ephemeral).toBe(false);
          expect(resigned.content).toContain('The defenders resigned.');
          expect(resigned.content).toContain('**Ann** (attackers) wins.');

          const standings = await emulator.slash(bob, 'standings', {}, where).reply();
          expect(standings.ephemeral).toBe(false);
          const table = standings.embeds[0].description as string;
          // Rank, name, games, won, lost, drawn: this guild's one game, and only it.
          expect(table).toMatch(/^ +1 +Ann +1 +1 +0 +0 /m);
          expect(table).toMatch(/^ +2 +Bob +1 +0 +1 +0 /m);
          // Counted in the guild's opening tree in the same commit as the result, on its master.
          const openings = await emulator.slash(bob, 'openings', { variant: 'brandubh' }, where).reply();
          expect(openings.content).toContain('1 finished game reached this position: attackers won 1,');

          const board = await emulator.slash(ann, 'board', {}, where).reply();
          expect(board).toMatchObject({
            ephemeral: true,
            content: 'There is no game in this channel. Start one with `/challenge`.',
          });
          return { guildId, channelId, moves: notations(shadow) };
        }),
      );

      for (const { guildId, channelId, moves } of played) {
        const record = await world.service.records.gameForRecord({ guildId, channelId });
        expect(record?.finished).toBe(true);
        expect(notations(record?.game)).toEqual(moves);
        expect((await world.service.records.standings(guildId)).map((row) => [row.name, row.games])).toEqual([
          ['Ann', 1],
          ['Bob', 1],
        ]);
      }

      // Every key names its guild as its hash tag, and only the guilds played in; the untagged
      // ones are the schedules' registries, the layout mark and the reconciliation lock.
      const stored = await cluster.keysMatching(`${namespace}::*`);
      const untagged = stored.filter((key) => !key.includes('{'));
      expect(
        untagged.filter((key) => !/^[^:]+::(schedule:[\w-]+:guilds|layout|schedules:reconciling)$/.test(key)),
      ).toEqual([]);
      expect(untagged).toContain(`${namespace}::layout`);
      const tags = new Set(
        stored.filter((key) => key.includes('{')).map((key) => /::\{([^}]+)\}:/.exec(key)?.[1]),
      );
      expect([...tags].sort()).toEqual(guilds.map(({ guildId }) => guildId).sort());
      for (const { guildId } of played) {
        expect(stored.filter((key) => key.startsWith(`${namespace}::{${guildId}}:archive:`))).toHaveLength(1);
        expect(stored).toContain(`${namespace}::{${guildId}}:standings`);
      }
      // Both processes took part.
      for (const child of world.children) expect(handled(child)).toBeGreaterThan(3);
    },
    LONG,
  );

  it(
    'the same turn sent to both processes at the same instant: exactly one move applies, the other player is refused',
    async () => {
      const { emulator, ann, guilds } = world;
      const before = world.children.map((child) => handled(child, { name: 'move' }));
      const rounds = 6;
      for (let round = 0; round < rounds; round++) {
        const { guildId } = guilds[round % guilds.length];
        const table = await gameIn(guildId, `race-${round}`);
        // Two different moves, or the same one twice (a double click on two processes).
        const moves = round % 2 === 0 ? ['d1-d3', 'h1-h3'] : ['d1-d3', 'd1-d3'];
        // Sent one after the other without waiting: the emulator hands them to the two processes.
        const handles = moves.map((move) =>
          emulator.slash(ann, 'move', { move }, { channelId: table.channelId }),
        );
        const answers = await Promise.all(handles.map((handle) => handle.reply()));
        const applied = answers.flatMap((answer, i) => (answer.ephemeral ? [] : [i]));
        expect(
          applied,
          `round ${round}: ${answers.map((answer) => answer.content).join(' | ')}`,
        ).toHaveLength(1);
        expectBoardPicture(answers[applied[0]]);
        const refused = answers.find((answer) => answer.ephemeral);
        expect(refused?.content).toMatch(/^(The game changed while you were moving|It is not your turn)/);
        expect(notations((await world.service.play.board(table))?.game)).toEqual([moves[applied[0]]]);
        // One of the two went to each process.
        await emulator.waitFor(
          () =>
            world.children.every(
              (child) => handled(child, { name: 'move', channels: [table.channelId] }) === 1,
            ),
          5000,
        );
      }
      const after = world.children.map((child) => handled(child, { name: 'move' }));
      expect(after.map((count, i) => count - before[i])).toEqual([rounds, rounds]);
    },
    LONG,
  );
});

describe('time control on Redis Cluster', () => {
  it(
    'with two processes sweeping at once, each game in guilds on every master is reminded once and lost on time once, announced once and archived once',
    async () => {
      let now = Date.now();
      const namespace = `tafl-cluster-clock-${randomBytes(3).toString('hex')}`;
      const emulator = await startDiscordEmulator();
      const bots: BotProcess[] = [];
      try {
        for (let i = 0; i < 2; i++)
          bots.push(
            await startBotProcess(emulator, namespace, {
              redisCluster: { rootNodes: cluster.rootNodes },
              now: () => now,
            }),
          );
        const guilds = await guildsOnEveryMaster(namespace, 2);
        for (const [i, { guildId }] of guilds.entries())
          emulator.createGuild(`Clock Hall ${i}`, { id: guildId });
        const amy = emulator.addUser('Amy');
        const ben = emulator.addUser('Ben');
        const channels = guilds.map(({ guildId }, i) => emulator.createChannel(`clock-${i}`, guildId));
        await emulator.waitFor(
          () =>
            bots.every(
              ({ bot }) =>
                bot.client.users.cache.has(ben.id) &&
                channels.every((channelId) => bot.client.channels.cache.has(channelId)),
            ),
          10_000,
        );

        const games = await Promise.all(
          guilds.map(async ({ guildId }, i) => {
            const channelId = channels[i];
            const challenge = await emulator
              .slash(
                amy,
                'challenge',
                { opponent: ben, variant: 'brandubh', side: 'attackers', time: '10m' },
                { channelId },
              )
              .reply();
            expect(challenge.content).toContain('10 minutes per move');
            const accepted = emulator.clickButton(ben, challenge, buttonIds(challenge)[0]);
            await accepted.reply();
            await emulator.waitFor(
              () => accepted.followUps().find((message) => message.attachments.length > 0),
              15_000,
            );
            // In every other game Amy moves, so that Ben is the one on turn there.
            let loser = amy;
            if (i % 2 === 1) {
              const move = new Game('brandubh').legalMoves()[0].notation;
              const answer = await emulator.slash(amy, 'move', { move }, { channelId }).reply();
              expect(answer.ephemeral, answer.content).toBe(false);
              loser = ben;
            }
            const active = await bots[0].service.play.board({ guildId, channelId });
            expect(active?.clock?.perMoveMs).toBe(TEN_MINUTES);
            return { guildId, channelId, id: active?.id as string, loser };
          }),
        );

        const sweepAll = (times: number) =>
          Promise.all(Array.from({ length: times }, (_, i) => bots[i % bots.length].bot.sweep()));
        const posted = (channelId: string, text: string) =>
          emulator.messages(channelId).filter((message) => message.content.includes(text));

        // Nothing is due yet.
        await sweepAll(4);
        for (const { channelId } of games) expect(posted(channelId, '80% of your time')).toEqual([]);

        now += 8 * 60 * 1000 + 1000;
        await sweepAll(6);
        await emulator.waitFor(() =>
          games.every(({ channelId }) => posted(channelId, '80% of your time').length >= 1),
        );
        now += 2 * 60 * 1000;
        await sweepAll(6);
        await emulator.waitFor(
          () => games.every(({ channelId }) => posted(channelId, 'ran out of time').length >= 1),
          10_000,
        );
        // Later sweeps find nothing more to do.
        now += 60 * 60 * 1000;
        await sweepAll(4);
        await sleep(300);

        for (const { guildId, channelId, id, loser } of games) {
          const reminders = posted(channelId, '80% of your time');
          expect(reminders).toHaveLength(1);
          expect(reminders[0].content).toContain(`<@${loser.id}>`);
          const endings = posted(channelId, 'ran out of time');
          expect(endings).toHaveLength(1);
          const winner = loser === amy ? '**Ben** (defenders) wins' : '**Amy** (attackers) wins';
          expect(endings[0].content).toContain(winner);
          expect(await bots[1].service.play.board({ guildId, channelId })).toBeNull();
          // Archived once: written at revision 1 and never again.
          const archive = await bots[1].store.read<{ reason: string }>(keys.archive(guildId, id));
          expect(archive?.revision).toBe(1);
          expect(archive?.value.reason).toBe('timeout');
          const rows = await bots[0].service.records.standings(guildId);
          expect(rows.map((row) => [row.name, row.games]).sort()).toEqual([
            ['Amy', 1],
            ['Ben', 1],
          ]);
        }
        // Nothing is left in the schedules of any guild.
        for (const schedule of ['schedule:deadlines', 'schedule:reminders'])
          expect(await bots[0].store.claimDue(schedule, now + 10 * TEN_MINUTES, 60_000)).toEqual([]);
        const untagged = (await cluster.keysMatching(`${namespace}::*`)).filter((key) => !key.includes('{'));
        expect(
          untagged.filter((key) => !/::(schedule:[\w-]+:guilds|layout|schedules:reconciling)$/.test(key)),
        ).toEqual([]);
      } finally {
        for (const bot of bots) await bot.stop().catch(() => {});
        await emulator.close();
      }
    },
    LONG,
  );
});

describe('a master of the cluster killed with SIGKILL mid-game', () => {
  it(
    'players go on through the failover: every move they were told was accepted is in the game once, and both processes still answer and stop cleanly',
    async () => {
      const { emulator, ann, bob, guilds, service, namespace } = world;
      // Three games in the guild on the master that is killed, one in each of the others.
      const placed = [guilds[0], guilds[0], guilds[0], guilds[1], guilds[2]];
      const tables = await Promise.all(placed.map(({ guildId }, i) => gameIn(guildId, `failover-${i}`)));
      const victim = await cluster.masterOf(rawGameKey(namespace, guilds[0].guildId));
      expect(victim).toBe(guilds[0].master);

      /** What a player sees of a game: the moves they were told were accepted, and refusals. */
      const games = tables.map((table, seed) => ({
        table,
        seed: seed + 1,
        onVictim: placed[seed].master === victim,
        shadow: new Game('fetlar'),
        /** [ply, notation] of each move a player was told was accepted. */
        told: [] as [number, string][],
        /** Moves that stood though the player was not told so (the answer was lost or unsure). */
        found: [] as [number, string][],
        refusals: [] as string[],
        toldAtPromotion: -1,
      }));
      let promoted = false;
      const done = (game: (typeof games)[number]) =>
        game.shadow.isGameOver() ||
        (promoted && game.toldAtPromotion >= 0 && game.told.length >= game.toldAtPromotion + 4);

      /** The game as stored, read as a player would look at /board: tried again while the store is away. */
      const look = async (table: Table): Promise<string[]> => {
        for (let attempt = 0; ; attempt++) {
          try {
            return notations((await service.play.board(table))?.game);
          } catch (error) {
            if (attempt > 150) throw error;
            await sleep(200);
          }
        }
      };

      const play = async (game: (typeof games)[number]) => {
        const deadline = Date.now() + 90_000;
        while (!done(game) && Date.now() < deadline) {
          const move = pick(game.shadow, game.seed);
          const player = game.shadow.turn === 'attackers' ? ann : bob;
          let answer: RecordedMessage | undefined;
          try {
            answer = await emulator
              .slash(player, 'move', { move }, { channelId: game.table.channelId })
              .reply();
          } catch {
            answer = undefined; // no answer in time: the player was told nothing
          }
          if (answer && !answer.ephemeral) {
            expectBoardPicture(answer);
            game.told.push([game.shadow.plyCount, game.shadow.play(move).notation]);
            continue;
          }
          game.refusals.push(answer?.content ?? '(no answer)');
          if (answer)
            expect(answer.content).toMatch(
              /^(The game store is unreachable|The game store stopped answering|The game changed while you were moving|It is not your turn)/,
            );
          // "May or may not have been recorded", or no answer: look at the board before trying again.
          const stored = await look(game.table);
          if (stored.length > game.shadow.plyCount) {
            expect(stored.length).toBe(game.shadow.plyCount + 1);
            const notation = game.shadow.play(move).notation;
            expect(stored.at(-1)).toBe(notation);
            game.found.push([game.shadow.plyCount - 1, notation]);
          } else {
            expect(stored).toEqual(notations(game.shadow));
            await sleep(150);
          }
        }
      };

      const playing = Promise.all(games.map(play));
      await emulator.waitFor(() => games.every((game) => game.told.length >= 3), 30_000);
      const killedAt = Date.now();
      const newMaster = await cluster.killMaster(victim);
      const failoverMs = Date.now() - killedAt;
      promoted = true;
      const promotedAt = Date.now();
      for (const game of games) game.toldAtPromotion = game.told.length;
      await playing;

      expect(newMaster).not.toBe(victim);
      expect(await cluster.masterOf(rawGameKey(namespace, guilds[0].guildId))).toBe(newMaster);
      // The failover was felt by the games on the killed master.
      const felt = games.filter((game) => game.onVictim).map((game) => game.refusals.length);
      expect(Math.min(...felt), `failover took ${failoverMs} ms`).toBeGreaterThan(0);
      for (const game of games) {
        const context = `game on ${placed[games.indexOf(game)].master}: refusals ${JSON.stringify(game.refusals)}`;
        expect(game.shadow.isGameOver() || game.told.length >= game.toldAtPromotion + 4, context).toBe(true);
        const stored = await look(game.table);
        // Every move a player was told was accepted is there, at its ply; nothing else is, and none twice.
        for (const [ply, move] of game.told) expect(stored[ply], context).toBe(move);
        expect(stored, context).toEqual(notations(game.shadow));
        expect(stored.length).toBe(game.told.length + game.found.length);
      }

      // Both processes applied moves to the games on the promoted replica.
      const victimChannels = games.filter((game) => game.onVictim).map((game) => game.table.channelId);
      for (const child of world.children)
        expect(
          handled(child, { name: 'move', channels: victimChannels, outcome: 'answered', after: promotedAt }),
        ).toBeGreaterThan(0);

      // Both processes are up, and each answers /board in every game.
      for (const child of world.children) {
        expect(child.process.exitCode).toBeNull();
        expect(child.process.signalCode).toBeNull();
      }
      for (const game of games) {
        const before = world.children.map((child) =>
          handled(child, { name: 'board', channels: [game.table.channelId] }),
        );
        const boards = await Promise.all(
          [ann, bob].map((user) =>
            emulator.slash(user, 'board', {}, { channelId: game.table.channelId }).reply(),
          ),
        );
        for (const board of boards) {
          expect(board.ephemeral, board.content).toBe(false);
          expectBoardPicture(board);
          expect(board.content).toContain(`Move ${Math.floor(game.shadow.plyCount / 2) + 1}`);
        }
        await emulator.waitFor(() =>
          world.children.every(
            (child, i) =>
              handled(child, { name: 'board', channels: [game.table.channelId] }) === before[i] + 1,
          ),
        );
      }
      // And each still stops cleanly on SIGTERM.
      for (const child of world.children) {
        child.process.kill('SIGTERM');
        expect(await child.exited).toBe(0);
        expect(child.output()).toContain('"message":"stopped"');
      }
    },
    LONG,
  );
});
