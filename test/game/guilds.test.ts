/**
 * Every commit touches the documents and schedules of one guild (one Redis Cluster slot), and a
 * guild sees only its own games: two guilds' channels may even share an id.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game } from '../../src/engine/index.ts';
import { SCHEDULES } from '../../src/game/clock.ts';
import { keys } from '../../src/game/keys.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import { createStore, hashTagOf, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };

interface Recorded {
  keys: string[];
  groups: string[];
}

/** The store, with every commit's keys and schedule groups noted. */
function recording(store: Store): { store: Store; commits: Recorded[] } {
  const commits: Recorded[] = [];
  return {
    commits,
    store: {
      ephemeral: store.ephemeral,
      read: (key) => store.read(key),
      commit(writes, schedules = []) {
        commits.push({
          keys: writes.map((write) => write.key),
          groups: schedules.map((change) => change.group),
        });
        return store.commit(writes, schedules);
      },
      claimDue: (schedule, now, lease, limit) => store.claimDue(schedule, now, lease, limit),
      countAcrossGuilds: (family) => store.countAcrossGuilds(family),
      idsInGuild: (guildId, family) => store.idsInGuild(guildId, family),
      ping: () => store.ping(),
      close: () => store.close(),
    },
  };
}

/** The guilds a commit names: its keys' hash tags and its schedule changes' groups. */
const guildsOf = (commit: Recorded) => [
  ...new Set([...commit.keys.map((key) => hashTagOf(key)), ...commit.groups]),
];

describe.each(['memory', 'redis'] as const)('guilds on the %s store', (kind) => {
  const id = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
  async function setup() {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    const recorded = recording(store);
    return { ...recorded, service: new GameService(recorded.store) };
  }

  it('a challenge accepted and a game ended each commit the keys and schedules of one guild', async () => {
    const { service, commits } = await setup();
    const guildId = id('g');
    const made = await service.challenges.make({
      guildId,
      channelId: id('c'),
      challenger: ann,
      opponent: bob,
      variant: 'fetlar',
      side: 'attackers',
      thread: false,
      time: '1h',
    });
    if (!made.ok) throw new Error(made.code);
    const accepted = await service.challenges.accept(guildId, made.value.id, bob);
    if (!accepted.ok) throw new Error(accepted.code);
    const table: Table = { guildId, channelId: made.value.channelId };
    expect((await service.play.move(table, ann, 'd1-d3')).ok).toBe(true);
    const ended = await service.play.resign(table, bob);
    if (!ended.ok) throw new Error(ended.code);
    const tournamentGame = { guildId, channelId: id('t') };
    await service.lifecycle.startGame({
      ...tournamentGame,
      players: { attackers: ann, defenders: bob },
      game: new Game('fetlar'),
      tournament: { id: 'cup', round: 1 },
    });
    expect((await service.lifecycle.abortGame(tournamentGame)).ok).toBe(true);

    const acceptance = commits.find((commit) => commit.keys.includes(keys.game(guildId, table.channelId)));
    expect(acceptance?.keys).toContain(keys.challenge(guildId, made.value.id));
    const end = commits.find((commit) => commit.keys.includes(keys.archive(guildId, ended.value.game.id)));
    expect(end?.keys).toEqual(
      expect.arrayContaining([
        keys.game(guildId, table.channelId),
        keys.lastGame(guildId, table.channelId),
        keys.standings(guildId),
      ]),
    );
    expect(end?.groups.length).toBeGreaterThan(0);
    expect(commits.length).toBeGreaterThanOrEqual(6);
    for (const commit of commits) expect(guildsOf(commit)).toEqual([guildId]);
  });

  it('two guilds’ games in channels with the same id do not see each other', async () => {
    const { service } = await setup();
    const channelId = id('c');
    const [one, two]: Table[] = [
      { guildId: id('g'), channelId },
      { guildId: id('g'), channelId },
    ];
    const players = { attackers: ann, defenders: bob };
    expect((await service.lifecycle.startGame({ ...one, players, game: new Game('fetlar') })).ok).toBe(true);
    expect((await service.lifecycle.startGame({ ...two, players, game: new Game('brandubh') })).ok).toBe(
      true,
    );
    expect((await service.play.board(one))?.variant).toBe('fetlar');
    expect((await service.play.board(two))?.variant).toBe('brandubh');

    expect((await service.play.move(one, ann, 'd1-d3')).ok).toBe(true);
    expect((await service.play.board(two))?.game.plyCount).toBe(0);
    const ended = await service.play.resign(one, bob);
    if (!ended.ok) throw new Error(ended.code);
    const gameId = ended.value.game.id;
    expect(await service.records.gameForRecord(one)).toMatchObject({ id: gameId, finished: true });
    expect(await service.records.gameForRecord(two)).toMatchObject({ finished: false });
    expect(await service.records.archived(one.guildId, gameId)).toMatchObject({ winner: 'attackers' });
    expect(await service.records.archived(two.guildId, gameId)).toBeNull();
    expect(await service.rematch(two, gameId, ann)).toMatchObject({ ok: false, code: 'game-gone' });
    expect(await service.records.standings(one.guildId)).toHaveLength(2);
    expect(await service.records.standings(two.guildId)).toEqual([]);

    const made = await service.challenges.make({
      ...one,
      challenger: ann,
      opponent: bob,
      variant: 'fetlar',
      side: 'attackers',
      thread: false,
    });
    if (!made.ok) throw new Error(made.code);
    expect(await service.challenges.find(two.guildId, made.value.id)).toBeNull();
    expect(await service.challenges.accept(two.guildId, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'no-challenge',
    });
    expect(await service.play.board(two)).toMatchObject({ variant: 'brandubh' });
  });

  it('a deadline claimed from one guild’s schedule ends that guild’s game only', async () => {
    let now = 1_000_000;
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    const service = new GameService(store, { now: () => now });
    const channelId = id('c');
    const [one, two]: Table[] = [
      { guildId: id('g'), channelId },
      { guildId: id('g'), channelId },
    ];
    const players = { attackers: ann, defenders: bob };
    await service.lifecycle.startGame({ ...one, players, game: new Game('fetlar'), perMoveMs: 60_000 });
    now += 30_000;
    await service.lifecycle.startGame({ ...two, players, game: new Game('fetlar'), perMoveMs: 60_000 });
    now += 31_000;
    const swept = await service.due.sweep();
    expect(swept.timedOut.filter((game) => game.channelId === channelId).map((game) => game.guildId)).toEqual(
      [one.guildId],
    );
    expect(await service.play.board(one)).toBeNull();
    expect(await service.play.board(two)).not.toBeNull();
    expect(await store.claimDue(SCHEDULES.deadlines, now, 1, 1000)).not.toContainEqual(
      expect.objectContaining({ group: one.guildId }),
    );
  });
});
