import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { getVariant } from '../../src/engine/index.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { tournamentKeys } from '../../src/tournament/keys.ts';
import { type Changed, Tournaments } from '../../src/tournament/service.ts';
import { gatedTogether } from '../support/gated-store.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const players: Player[] = ['Ann', 'Bob', 'Cid', 'Dee'].map((name, i) => ({ id: `${i + 1}00`, name }));
const organiser: Player = { id: '999', name: 'Olga' };

describe.each(['redis', 'memory'] as const)('tournaments on the %s store', (kind) => {
  const guild = () => `g${randomBytes(4).toString('hex')}`;
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }
  function unwrap<T>(outcome: { ok: true; value: T } | { ok: false; code: string }): T {
    if (!outcome.ok) throw new Error(outcome.code);
    return outcome.value;
  }

  /** A round robin of four, started, its round 1 games started in threads of their own. */
  async function started(store: Store) {
    const games = new GameService(store);
    const tournaments = new Tournaments(store, games);
    const guildId = guild();
    const doc = unwrap(
      await tournaments.signup.create({
        guildId,
        channelId: `c${randomBytes(4).toString('hex')}`,
        name: 'Cup',
        variant: getVariant('brandubh'),
        format: 'round-robin',
        rounds: null,
        time: 'none',
        double: false,
        organiser,
      }),
    );
    for (const player of players) unwrap(await tournaments.signup.join(guildId, doc.id, player));
    const { doc: running, progress } = unwrap(
      await tournaments.signup.start(guildId, doc.id, organiser, false),
    );
    expect(progress.opened).toBe(1);
    expect(await tournaments.rounds.claimOpenings()).toEqual([{ guildId, entry: `${doc.id}|1` }]);
    /** The round's games, each in a thread of its own. */
    const threads: Table[] = [];
    for (const index of [0, 1]) {
      const threadId = `t${randomBytes(4).toString('hex')}`;
      expect(
        unwrap(await tournaments.rounds.recordThread(guildId, doc.id, { round: 1, index }, threadId)),
      ).toBe(threadId);
      unwrap(await tournaments.rounds.startPairingGame(guildId, doc.id, { round: 1, index }));
      threads.push({ guildId, channelId: threadId });
    }
    return { games, tournaments, doc: running, threads, guildId };
  }

  it('joins at the same instant all count, each once', async () => {
    const store = await openStore();
    const tournaments = new Tournaments(store, new GameService(store));
    const guildId = guild();
    const doc = unwrap(
      await tournaments.signup.create({
        guildId,
        channelId: 'c1',
        name: 'Open',
        variant: getVariant('fetlar'),
        format: 'swiss',
        rounds: 3,
        time: '1d',
        double: false,
        organiser,
      }),
    );
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `u${i}`, name: `U${i}` }));
    const joined = await Promise.all(many.map((player) => tournaments.signup.join(guildId, doc.id, player)));
    expect(joined.every((outcome) => outcome.ok)).toBe(true);
    const after = await tournaments.changes.get(guildId, doc.id);
    expect(after?.players.map((p) => p.id).sort()).toEqual(many.map((p) => p.id).sort());
    expect(new Set(after?.players.map((p) => p.seed)).size).toBe(8);
    expect(await tournaments.signup.join(guildId, doc.id, many[0])).toMatchObject({
      ok: false,
      code: 'tournament-joined',
    });
  });

  it('opening a game again finds the one already started in its thread', async () => {
    const store = await openStore();
    const { tournaments, doc, threads, games, guildId } = await started(store);
    const again = unwrap(await tournaments.rounds.startPairingGame(guildId, doc.id, { round: 1, index: 0 }));
    expect(again.id).toBe((await games.play.board(threads[0]))?.id);
    // Another process's thread, noted first, is the one kept.
    expect(
      unwrap(await tournaments.rounds.recordThread(guildId, doc.id, { round: 1, index: 0 }, 'other')),
    ).toBe(threads[0].channelId);
  });

  it('a result is recorded once, however often its entry is handled', async () => {
    const store = await openStore();
    const { tournaments, doc, threads, games, guildId } = await started(store);
    const game = (await games.play.board(threads[0]))!;
    unwrap(await games.play.resign(threads[0], game.players.defenders));
    const [claimed] = await tournaments.results.claimResults();
    expect(claimed).toEqual({ guildId, entry: `${doc.id}|${game.id}` });
    const { entry } = claimed;
    const first = await tournaments.results.recordResult(guildId, entry);
    expect(first.changed?.doc.played[0].pairings[0]).toMatchObject({
      gameId: game.id,
      result: { attackers: 1, defenders: 0, how: 'played', reason: 'resignation' },
    });
    const revision = (await store.read(tournamentKeys.tournament(guildId, doc.id)))?.revision;
    const second = await tournaments.results.recordResult(guildId, entry);
    expect(second.changed?.progress.completed).toEqual([]);
    expect((await store.read(tournamentKeys.tournament(guildId, doc.id)))?.revision).toBe(revision);
    expect(await tournaments.results.claimResults()).toEqual([]);
  });

  it('the last two games of a round ending at the same instant in two processes: the next round is paired once', async () => {
    const store = await openStore();
    const { tournaments, doc, threads, games, guildId } = await started(store);
    for (const thread of threads) {
      const game = (await games.play.board(thread))!;
      unwrap(await games.play.resign(thread, game.players.attackers));
    }
    const entries = await tournaments.results.claimResults();
    expect(entries).toHaveLength(2);
    // Two processes, each with its own connection, whose commits wait until both have read.
    // (In memory, two processes would not share a store: the two share this one.)
    const stores = kind === 'redis' ? [await openStore(), await openStore()] : [store, store];
    const [one, other] = gatedTogether(stores, 2);
    const racers = [one, other].map((s) => new Tournaments(s, new GameService(s)));
    const results = await Promise.all(
      entries.map((claimed, i) => racers[i].results.recordResult(claimed.guildId, claimed.entry)),
    );
    const progressed = results.map((result) => result.changed?.progress as Changed['progress']);
    // Exactly one of them completed round 1 and paired round 2.
    expect(progressed.map((p) => p.completed)).toEqual(expect.arrayContaining([[], [1]]));
    expect(progressed.filter((p) => p.opened === 2)).toHaveLength(1);
    const after = (await tournaments.changes.get(guildId, doc.id))!;
    expect(after.played.map((round) => round.status)).toEqual(['complete', 'opening']);
    expect(after.played[1].pairings).toHaveLength(2);
    // One opening to claim for it, once.
    expect(await tournaments.rounds.claimOpenings()).toEqual([{ guildId, entry: `${doc.id}|2` }]);
    expect(await tournaments.rounds.claimOpenings()).toEqual([]);
  });

  it('withdrawing mid-game aborts the game and forfeits it; the round robin forfeits their later games', async () => {
    const store = await openStore();
    const { tournaments, doc, threads, games, guildId } = await started(store);
    const game = (await games.play.board(threads[0]))!;
    const leaver = game.players.defenders;
    const { doc: after } = unwrap(await tournaments.results.withdraw(guildId, doc.id, leaver.id, 'withdrew'));
    expect(await games.play.board(threads[0])).toBeNull();
    expect(after.played[0].pairings[0].result).toEqual({ attackers: 1, defenders: 0, how: 'forfeit' });
    // The aborted game's entry records nothing.
    const [aborted] = await tournaments.results.claimResults();
    expect(await tournaments.results.recordResult(guildId, aborted.entry)).toEqual({
      changed: null,
      aborted: true,
    });
    // Round 1 done: round 2 and 3 pair the leaver as a forfeit at once.
    const other = (await games.play.board(threads[1]))!;
    unwrap(await games.play.resign(threads[1], other.players.defenders));
    const [last] = await tournaments.results.claimResults();
    const recorded = await tournaments.results.recordResult(last.guildId, last.entry);
    const round2 = recorded.changed?.doc.played[1];
    const theirs = round2?.pairings.find((p) => p.attackers === leaver.id || p.defenders === leaver.id);
    expect(theirs?.result?.how).toBe('forfeit');
    expect(round2?.pairings.filter((p) => !p.result)).toHaveLength(1);
  });
});
