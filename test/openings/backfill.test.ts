/**
 * The backfill of the opening tree: games archived by a bot from before the explorer are counted
 * once, as the live counting would have counted them (the same games played live in another guild
 * are the reference), with two processes at it at once, after a crash mid-way, and with games
 * ending live while it runs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.ts';
import { seededRandom } from '../../src/core/seeded-random.ts';
import { getVariant } from '../../src/engine/index.ts';
import { type BackfillMarker, backfillKey } from '../../src/openings/backfill.ts';
import type { OpeningNode } from '../../src/openings/tree.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';
import { gatedTogether } from '../support/gated-store.ts';
import { archiveOldGame, type OldGame, playLive, randomGame } from '../support/legacy-games.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const T0 = 1_700_000_000_000;

/** Older games: Brandubh openings of 0 to 15 plies sharing their first moves, a Tablut one, two aborted, one set up. */
function olderGames(seed: number): OldGame[] {
  const random = seededRandom(seed);
  const ends = ['attackers', 'defenders', 'draw'] as const;
  const games: OldGame[] = Array.from({ length: 21 }, (_, i) => ({
    id: randomBytes(9).toString('base64url'),
    game: randomGame('brandubh', random, i % 16),
    end: ends[i % 3],
  }));
  games.push({ id: `t${seed}`, game: randomGame('tablut', random, 6), end: 'defenders' });
  games.push({ id: `a${seed}`, game: randomGame('brandubh', random, 5), end: 'aborted' });
  games.push({ id: `b${seed}`, game: randomGame('brandubh', random, 13), end: 'aborted' });
  const setUp = gameWith('brandubh', { king: 'd4', attackers: ['d2', 'a1'], defenders: ['e4'] }, 'attackers');
  setUp.play('d2-b2');
  games.push({ id: `s${seed}`, game: setUp, end: 'attackers' });
  return games;
}

/** Every position the games' openings reach, by variant and moves, with its node in the guild's tree. */
async function treeOf(service: App, guildId: string, games: OldGame[]): Promise<Map<string, unknown>> {
  const tree = new Map<string, unknown>();
  for (const { game } of games) {
    const moves = game.history().map((move) => `${move.from}-${move.to}`);
    for (let plies = 0; plies <= Math.min(12, moves.length); plies++) {
      const explored = await service.openings.explore(guildId, game.variant, moves.slice(0, plies));
      if (!explored.ok) throw new Error(explored.code);
      tree.set(`${game.variant.id} ${moves.slice(0, plies).join(' ')}`, explored.value.node);
    }
  }
  return tree;
}

describe.each(['redis', 'memory'] as const)('the opening tree backfill on the %s store', (kind) => {
  const open = async () => {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  };
  const newGuild = () => `g${randomBytes(4).toString('hex')}`;
  let memory: Store | undefined;
  /** A process's store: its own connection on Redis; in memory, the one store every "process" shares. */
  const storeOfProcess = async (): Promise<Store> => {
    if (kind === 'redis') return open();
    memory ??= await open();
    return memory;
  };

  /** The tree the live counting builds from `games` (played live in a guild of their own). */
  async function reference(games: OldGame[]): Promise<Map<string, unknown>> {
    const service = createApp(await storeOfProcess(), { now: () => T0 });
    const guild = newGuild();
    for (const [i, game] of games.entries()) await playLive(service.games, guild, game, `live-${i}`);
    return treeOf(service, guild, games);
  }

  async function guildWithOlderGames(games: OldGame[]): Promise<string> {
    const guild = newGuild();
    const store = await storeOfProcess();
    for (const [i, game] of games.entries()) await archiveOldGame(store, guild, game, T0 - 1000 * (i + 1));
    return guild;
  }

  const markerOf = async (store: Store, guild: string) =>
    (await store.read<BackfillMarker>(backfillKey(guild)))?.value;

  it('finds a guild’s archived games by id, and no other guild’s nor other documents', async () => {
    const games = olderGames(7).slice(0, 3);
    const guild = await guildWithOlderGames(games);
    await guildWithOlderGames(olderGames(8).slice(0, 2));
    const live = createApp(await storeOfProcess(), { now: () => T0 });
    await playLive(live.games, guild, olderGames(9)[5], 'live');
    const ids = await (await storeOfProcess()).idsInGuild(guild, 'archive');
    expect(ids).toHaveLength(4);
    expect(ids).toEqual(expect.arrayContaining(games.map((game) => game.id)));
    expect(await (await storeOfProcess()).idsInGuild(`${guild}*`, 'archive')).toEqual([]);
  });

  it('counts every older game once, as live counting would, aborted and set-up games left out', async () => {
    const games = olderGames(1);
    const guild = await guildWithOlderGames(games);
    const service = createApp(await storeOfProcess(), {
      now: () => T0,
      openingsBackfill: { batch: 4 },
    });
    const before = await service.openings.explore(guild, getVariant('brandubh'), []);
    expect(before.ok && before.value.node).toBeNull();

    expect(await service.openingsBackfill.run(guild)).toBe(true);
    const expected = await reference(games);
    expect(await treeOf(service, guild, games)).toEqual(expected);
    // 21 Brandubh games counted at the start; the aborted ones and the set-up one are not.
    const start = await service.openings.explore(guild, getVariant('brandubh'), []);
    expect(start.ok && (start.value.node as OpeningNode).games).toEqual({
      attackers: 7,
      draws: 7,
      defenders: 7,
    });
    const marker = await markerOf(await storeOfProcess(), guild);
    expect(marker).toMatchObject({ done: true, counted: 22 });

    // Done once: another run, and /openings's start, count nothing again.
    expect(await service.openingsBackfill.run(guild)).toBe(true);
    expect(await createApp(await storeOfProcess()).openingsBackfill.start(guild)).toBe('done');
    expect(await treeOf(service, guild, games)).toEqual(expected);
  });

  it('counts each game once when two processes backfill the guild at the same time', async () => {
    const games = olderGames(2);
    const guild = await guildWithOlderGames(games);
    // No claim holds (lease 0): the two keep taking the work from each other, batch by batch, and
    // both read the marker before either claims it.
    const stores = gatedTogether([await storeOfProcess(), await storeOfProcess()], 2);
    const committedBy: string[] = [];
    const services = stores.map((store) =>
      createApp(store, {
        now: () => T0,
        openingsBackfill: {
          batch: 2,
          leaseMs: 0,
          afterBatch: (_guild, marker) => {
            committedBy.push(marker.owner);
          },
        },
      }),
    );
    await Promise.all(services.map((service) => service.openingsBackfill.run(guild)));
    expect(await treeOf(services[0], guild, games)).toEqual(await reference(games));
    expect(await markerOf(await storeOfProcess(), guild)).toMatchObject({ done: true, counted: 22 });
    // 25 games in batches of 2: 13 batches, each committed by exactly one of the two.
    expect(committedBy).toHaveLength(13);
  });

  it('goes on after a crash mid-way from the last batch committed, counting each game once', async () => {
    const games = olderGames(3);
    const guild = await guildWithOlderGames(games);
    let clock = T0;
    const crashing = createApp(await storeOfProcess(), {
      now: () => clock,
      openingsBackfill: {
        batch: 5,
        afterBatch: (_guild, marker) => {
          if (marker.after !== null) throw new Error('the process died');
        },
      },
    });
    await expect(crashing.openingsBackfill.run(guild)).rejects.toThrow('the process died');
    const left = await markerOf(await storeOfProcess(), guild);
    expect(left).toMatchObject({ done: false, owner: crashing.openingsBackfill.owner });
    expect(left?.counted).toBeGreaterThan(0);

    // Games end live before the next process starts: archived, with the older ones, and counted already.
    const meanwhile = olderGames(6).slice(0, 4);
    const live = createApp(await storeOfProcess(), { now: () => clock });
    for (const [i, game] of meanwhile.entries()) await playLive(live.games, guild, game, `meanwhile-${i}`);
    const next = createApp(await storeOfProcess(), {
      now: () => clock,
      openingsBackfill: { batch: 5 },
    });
    // The dead process's claim holds until its lease ends; then the next process takes over.
    expect(await next.openingsBackfill.run(guild)).toBe(false);
    clock += 31_000;
    expect(await next.openingsBackfill.run(guild)).toBe(true);
    const all = [...games, ...meanwhile];
    expect(await treeOf(next, guild, all)).toEqual(await reference(all));
    expect(await markerOf(await storeOfProcess(), guild)).toMatchObject({ done: true, counted: 22 });
  });

  it('counts games that end while it runs once: by their own commit, not again by the backfill', async () => {
    const games = olderGames(4);
    const guild = await guildWithOlderGames(games);
    const during = olderGames(5).slice(0, 8);
    const live = createApp(await storeOfProcess(), { now: () => T0 });
    // Two end after the explorer came and before the guild's first /openings: the backfill finds them archived.
    for (const [i, game] of during.slice(6).entries()) await playLive(live.games, guild, game, `before-${i}`);
    let batches = 0;
    const service = createApp(await storeOfProcess(), {
      now: () => T0,
      openingsBackfill: {
        batch: 3,
        afterBatch: async () => {
          // Two games end after each of the first three batches, live, in the same guild.
          if (batches < 3)
            for (const [i, game] of during.slice(batches * 2, batches * 2 + 2).entries())
              await playLive(live.games, guild, game, `during-${batches}-${i}`);
          batches++;
        },
      },
    });
    // Started as /openings starts it: in the background.
    expect(await service.openingsBackfill.start(guild)).toBe('counting');
    await service.openingsBackfill.settled(guild);
    expect(batches).toBeGreaterThan(3);
    expect(await service.openingsBackfill.start(guild)).toBe('done');
    const all = [...games, ...during];
    expect(await treeOf(service, guild, all)).toEqual(await reference(all));
  });
});
