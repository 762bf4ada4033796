import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game, type Side } from '../../src/engine/index.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import type { Outcome } from '../../src/game/types.ts';
import { failureText, messagesFor } from '../../src/i18n/index.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';
import { gated, gatedTogether } from '../support/gated-store.ts';
import { startPrivateRedis, startStallingRedis } from '../support/private-redis.ts';
import { testRedisUrl } from '../support/redis-url.ts';

/** A refusal as an English-speaking player reads it. */
const inEnglish = (outcome: Outcome<unknown>) =>
  outcome.ok ? 'no refusal' : failureText(messagesFor('en'), outcome);

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const cat: Player = { id: '300', name: 'Cat' };

describe.each(['redis', 'memory'] as const)('game service on the %s store', (kind) => {
  const channel = () => `c${randomBytes(4).toString('hex')}`;
  const guild = `g${randomBytes(4).toString('hex')}`;
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }
  async function setup(options: ConstructorParameters<typeof GameService>[1] = {}) {
    const store = await openStore();
    return { store, service: new GameService(store, options) };
  }
  /** A table of this test run's guild, in a channel of its own. */
  const newTable = (): Table => ({ guildId: guild, channelId: channel() });
  async function startedGame(service: GameService, game: Game, players = { attackers: ann, defenders: bob }) {
    const table = newTable();
    const started = await service.lifecycle.startGame({ ...table, players, game });
    if (!started.ok) throw new Error(started.code);
    return table;
  }
  const challengeInput = (
    channelId: string,
    extra: Partial<Parameters<GameService['challenges']['make']>[0]> = {},
  ) => ({
    guildId: guild,
    channelId,
    challenger: ann,
    opponent: bob,
    variant: 'fetlar' as const,
    side: 'attackers' as const,
    thread: false,
    ...extra,
  });

  describe('challenges', () => {
    it('refuses challenging yourself or a bot', async () => {
      const { service } = await setup();
      expect(await service.challenges.make(challengeInput(channel(), { opponent: ann }))).toMatchObject({
        ok: false,
        code: 'self',
      });
      expect(
        await service.challenges.make(challengeInput(channel(), { opponent: { ...cat, bot: true } })),
      ).toMatchObject({ ok: false, code: 'bot' });
    });

    it('refuses a second pending challenge from the same member in the channel, until the first is withdrawn', async () => {
      const { service } = await setup();
      const channelId = channel();
      const first = await service.challenges.make(challengeInput(channelId));
      expect(first.ok).toBe(true);
      expect(await service.challenges.make(challengeInput(channelId, { opponent: cat }))).toMatchObject({
        ok: false,
        code: 'already-pending',
      });
      if (!first.ok) return;
      expect(await service.challenges.withdraw(guild, first.value.id, bob)).toMatchObject({
        ok: false,
        code: 'not-challenger',
      });
      expect(await service.challenges.withdraw(guild, first.value.id, ann)).toMatchObject({
        ok: true,
        value: { status: 'withdrawn' },
      });
      expect((await service.challenges.make(challengeInput(channelId, { opponent: cat }))).ok).toBe(true);
    });

    it('refuses a channel that has a game, suggesting a thread; a thread challenge is allowed', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'), { attackers: cat, defenders: bob });
      const refused = await service.challenges.make(challengeInput(table.channelId));
      expect(refused).toMatchObject({ ok: false, code: 'channel-busy' });
      expect(inEnglish(refused)).toContain('thread:true');
      expect((await service.challenges.make(challengeInput(table.channelId, { thread: true }))).ok).toBe(
        true,
      );
    });

    it('only the challenged member accepts; the game starts with the chosen sides', async () => {
      const { service } = await setup();
      const channelId = channel();
      const made = await service.challenges.make(challengeInput(channelId, { side: 'defenders' }));
      if (!made.ok) throw new Error(made.code);
      expect(await service.challenges.accept(guild, made.value.id, cat)).toMatchObject({
        ok: false,
        code: 'not-challenged',
      });
      const accepted = await service.challenges.accept(guild, made.value.id, {
        id: bob.id,
        name: 'Bob the Bold',
      });
      if (!accepted.ok) throw new Error(accepted.code);
      expect(accepted.value.game.players).toEqual({
        attackers: { id: bob.id, name: 'Bob the Bold' },
        defenders: ann,
      });
      expect((await service.play.board({ guildId: guild, channelId }))?.game.position()).toBe(
        new Game('fetlar').position(),
      );
      expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
        ok: false,
        code: 'accepted',
      });
    });

    it('a random side is drawn on acceptance', async () => {
      const { service } = await setup({ random: () => 0.9 });
      const made = await service.challenges.make(challengeInput(channel(), { side: 'random' }));
      if (!made.ok) throw new Error(made.code);
      const accepted = await service.challenges.accept(guild, made.value.id, bob);
      expect(accepted.ok && accepted.value.game.players.defenders.id).toBe(ann.id);
    });

    it('opens the game in the new thread when asked', async () => {
      const { service } = await setup();
      const made = await service.challenges.make(challengeInput(channel(), { thread: true }));
      if (!made.ok) throw new Error(made.code);
      const thread = channel();
      expect((await service.challenges.accept(guild, made.value.id, bob, thread)).ok).toBe(true);
      expect((await service.play.board({ guildId: guild, channelId: thread }))?.players.attackers.id).toBe(
        ann.id,
      );
      expect(await service.play.board(made.value)).toBeNull();
    });

    it('only the challenged member declines', async () => {
      const { service } = await setup();
      const made = await service.challenges.make(challengeInput(channel()));
      if (!made.ok) throw new Error(made.code);
      expect(await service.challenges.decline(guild, made.value.id, ann)).toMatchObject({
        ok: false,
        code: 'not-challenged-decline',
      });
      expect(await service.challenges.decline(guild, made.value.id, bob)).toMatchObject({
        ok: true,
        value: { status: 'declined' },
      });
      expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
        ok: false,
        code: 'declined',
      });
    });

    it('expires after its time; an expired challenge refuses everything', async () => {
      let now = 1_000_000;
      const { service } = await setup({ now: () => now });
      const made = await service.challenges.make(challengeInput(channel()));
      if (!made.ok) throw new Error(made.code);
      expect(made.value.expiresAt).toBe(now + 15 * 60 * 1000);
      expect(await service.challenges.expire(guild, made.value.id)).toMatchObject({
        ok: false,
        code: 'not-expired',
      });
      now += 15 * 60 * 1000;
      expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
        ok: false,
        code: 'expired',
      });
      expect((await service.challenges.find(guild, made.value.id))?.status).toBe('expired');
      expect(await service.challenges.withdraw(guild, made.value.id, ann)).toMatchObject({
        ok: false,
        code: 'expired',
      });
    });

    it('expiries are a schedule in the store: each claimed by one process, with its message; answered ones dropped', async () => {
      let now = 2_000_000;
      const store = await openStore();
      const other = kind === 'redis' ? await openStore() : store;
      const [one, two] = [
        new GameService(store, { now: () => now }),
        new GameService(other, { now: () => now }),
      ];
      const made = async (challenger: Player, messageId?: string) => {
        const outcome = await one.challenges.make(
          challengeInput(channel(), { challenger, opponent: cat, locale: 'de' }),
        );
        if (!outcome.ok) throw new Error(outcome.code);
        if (messageId) await one.challenges.recordMessage(outcome.value, messageId);
        return outcome.value;
      };
      const posted = await made(ann, '9001');
      const unposted = await made(bob);
      const answered = await made(ann, '9002');
      expect((await two.challenges.decline(guild, answered.id, cat)).ok).toBe(true);
      // Both processes claim at once. (The tests on Redis share one schedule: only this test's challenges count.)
      const ids = [posted.id, unposted.id, answered.id];
      const claimBoth = async () =>
        (await Promise.all([one.expiries.claimExpired(), two.expiries.claimExpired()]))
          .flat()
          .filter(({ challenge }) => ids.includes(challenge.id));
      expect(await claimBoth()).toEqual([]);

      now += 15 * 60 * 1000;
      const claimed = await claimBoth();
      expect(
        claimed.map(({ challenge, messageId }) => [challenge.id, challenge.status, messageId]).sort(),
      ).toEqual(
        [
          [posted.id, 'expired', '9001'],
          [unposted.id, 'expired', null],
        ].sort(),
      );
      expect(claimed.every(({ challenge }) => challenge.locale === 'de')).toBe(true);
      expect((await one.challenges.find(guild, answered.id))?.status).toBe('declined');

      // A claimer that stops before it has edited the message: the next one takes it over when the lease ends.
      expect(await claimBoth()).toEqual([]);
      now += 61 * 1000;
      const again = await claimBoth();
      expect(again.map(({ challenge }) => challenge.id).sort()).toEqual([posted.id, unposted.id].sort());
      for (const { challenge, entry } of again) await two.expiries.expiryDone(challenge.guildId, entry);
      now += 61 * 1000;
      expect(await claimBoth()).toEqual([]);
    });

    it('a challenge that expired before its message was noted is claimed again, with the message', async () => {
      let now = 3_000_000;
      const { service } = await setup({ now: () => now });
      const made = await service.challenges.make(challengeInput(channel()));
      if (!made.ok) throw new Error(made.code);
      const claim = async () =>
        (await service.expiries.claimExpired()).filter(({ challenge }) => challenge.id === made.value.id);
      now += 15 * 60 * 1000;
      const [first] = await claim();
      expect(first).toMatchObject({ challenge: { id: made.value.id }, messageId: null });
      await service.expiries.expiryDone(guild, first.entry);
      await service.challenges.recordMessage(made.value, '9003');
      const [second] = await claim();
      expect(second).toMatchObject({
        challenge: { id: made.value.id, status: 'expired' },
        messageId: '9003',
      });
      await service.expiries.expiryDone(guild, second.entry);
      expect(await claim()).toEqual([]);
    });

    it('a click after the expiry closes the challenge itself: the schedule leaves its message alone', async () => {
      let now = 4_000_000;
      const { service } = await setup({ now: () => now });
      const made = await service.challenges.make(challengeInput(channel()));
      if (!made.ok) throw new Error(made.code);
      await service.challenges.recordMessage(made.value, '9004');
      now += 15 * 60 * 1000;
      expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
        ok: false,
        code: 'expired',
      });
      const claimed = await service.expiries.claimExpired();
      expect(claimed.filter(({ challenge }) => challenge.id === made.value.id)).toEqual([]);
    });

    it('two simultaneous accepts (a double click) start exactly one game', async () => {
      const store = await openStore();
      const service = new GameService(store);
      const made = await service.challenges.make(challengeInput(channel()));
      if (!made.ok) throw new Error(made.code);
      const racing = gated(store, 2);
      const [one, two] = await Promise.all([
        new GameService(racing).challenges.accept(guild, made.value.id, bob),
        new GameService(racing).challenges.accept(guild, made.value.id, bob),
      ]);
      expect([one.ok, two.ok].filter(Boolean)).toHaveLength(1);
    });
  });

  describe('moves', () => {
    it('refuses with a reason: no game, not a player, not your turn, the engine’s reasons', async () => {
      const { service } = await setup();
      expect(await service.play.move(newTable(), ann, 'd1-d3')).toMatchObject({ ok: false, code: 'no-game' });
      const table = await startedGame(service, new Game('fetlar'));
      const notAPlayer = await service.play.move(table, cat, 'd1-d3');
      expect(notAPlayer).toMatchObject({ ok: false, code: 'not-a-player' });
      expect(inEnglish(notAPlayer)).toBe('You are not playing in this game.');
      const notYourTurn = await service.play.move(table, bob, 'f4-c4');
      expect(notYourTurn).toMatchObject({
        ok: false,
        code: 'not-your-turn',
        params: { name: 'Ann', side: 'attackers' },
      });
      expect(inEnglish(notYourTurn)).toBe('It is not your turn: Ann (attackers) is to move.');
      const blocked = await service.play.move(table, ann, 'a4-a8');
      expect(blocked).toMatchObject({ ok: false, code: 'blocked', params: { square: 'a5' } });
      expect(inEnglish(blocked)).toBe('a5 is in the way');
      expect(await service.play.move(table, ann, 'a4-l4')).toMatchObject({ ok: false, code: 'off-board' });
      expect((await service.play.board(table))?.game.plyCount).toBe(0);
    });

    it('plays a legal move, stores it, and hands the turn over', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      const played = await service.play.move(table, ann, 'D1 D3');
      expect(played).toMatchObject({ ok: true, value: { move: { notation: 'd1-d3' }, result: null } });
      const board = await service.play.board(table);
      expect(board?.game.history().map((move) => move.notation)).toEqual(['d1-d3']);
      expect(board?.game.turn).toBe('defenders');
    });

    it('two processes receiving conflicting moves at the same instant apply exactly one', async () => {
      const store = await openStore();
      const table = await startedGame(new GameService(store), new Game('fetlar'));
      // Two services on two connections (one store for memory), held so both read before either commits.
      const other = kind === 'redis' ? await openStore() : store;
      const [one, two] = gatedTogether([store, other], 2);
      const results = await Promise.all([
        new GameService(one).play.move(table, ann, 'd1-d3'),
        new GameService(two).play.move(table, ann, 'h1-h3'),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const refused = results.find((result) => !result.ok);
      expect(refused).toMatchObject({ code: 'position-changed' });
      expect(refused && inEnglish(refused)).toContain('nothing was changed');
      const played = results.find((result) => result.ok);
      const board = await new GameService(other).play.board(table);
      expect(board?.game.history().map((move) => move.notation)).toEqual([
        played?.ok ? played.value.move?.notation : 'none',
      ]);
      expect(board?.revision).toBe(2);
    });

    it('a move and a moderator’s abort at the same instant: exactly one applies', async () => {
      const store = await openStore();
      const table = await startedGame(new GameService(store), new Game('fetlar'));
      const other = kind === 'redis' ? await openStore() : store;
      const [one, two] = gatedTogether([store, other], 2);
      const [moved, aborted] = await Promise.all([
        new GameService(one).play.move(table, ann, 'd1-d3'),
        new GameService(two).lifecycle.abortGame(table),
      ]);
      expect([moved.ok, aborted.ok].filter(Boolean)).toHaveLength(1);
      expect((moved.ok ? aborted : moved) as object).toMatchObject({ code: 'position-changed' });
      const watcher = new GameService(other);
      const record = await watcher.records.gameForRecord(table);
      expect(record?.aborted).toBe(aborted.ok);
      expect(record?.game.history().map((move) => move.notation)).toEqual(moved.ok ? ['d1-d3'] : []);
      expect(await watcher.records.standings(guild)).toEqual([]);
    });

    it('suggests moves only to the player on turn, narrowing as they type', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      expect(await service.play.suggestMoves(table, bob.id, '')).toEqual([]);
      expect(await service.play.suggestMoves(table, cat.id, '')).toEqual([]);
      const pieces = await service.play.suggestMoves(table, ann.id, '');
      expect(pieces.length).toBeGreaterThan(0);
      expect(pieces.length).toBeLessThanOrEqual(25);
      expect(pieces.every((choice) => /^[a-k]\d{1,2}$/.test(choice.value))).toBe(true);
      const fromD1 = new Game('fetlar').legalMoves({ from: 'd1' }).map((move) => move.notation);
      expect((await service.play.suggestMoves(table, ann.id, 'd1')).map((choice) => choice.value)).toEqual([
        ...fromD1.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
        'd11',
      ]);
      expect((await service.play.suggestMoves(table, ann.id, 'd1-d')).map((choice) => choice.value)).toEqual([
        'd1-d2',
        'd1-d3',
        'd1-d4',
        'd1-d5',
      ]);
      expect((await service.play.suggestMoves(table, ann.id, 'd1 c')).map((choice) => choice.value)).toEqual([
        'd1-c1',
      ]);
      expect(await service.play.suggestMoves(table, ann.id, 'zz9')).toEqual([]);
    });
  });

  describe('time control', () => {
    it('a game with 10 minutes a move: a reminder at 80%, then the game lost on time, each once across two processes', async () => {
      let now = 5_000_000;
      const store = await openStore();
      const other = kind === 'redis' ? await openStore() : store;
      const [one, two] = [
        new GameService(store, { now: () => now }),
        new GameService(other, { now: () => now }),
      ];
      const made = await one.challenges.make({ ...challengeInput(channel()), time: '10m' });
      if (!made.ok) throw new Error(made.code);
      const accepted = await one.challenges.accept(guild, made.value.id, bob);
      if (!accepted.ok) throw new Error(accepted.code);
      const table = { guildId: guild, channelId: accepted.value.game.channelId };
      expect(accepted.value.game.clock?.deadline).toBe(now + 10 * 60 * 1000);

      now += 5 * 60 * 1000;
      expect((await one.play.move(table, ann, 'd1-d3')).ok).toBe(true);
      const deadline = now + 10 * 60 * 1000;
      expect((await one.play.board(table))?.clock?.deadline).toBe(deadline);

      now += 7 * 60 * 1000;
      expect(await Promise.all([one.due.sweep(), two.due.sweep()])).toEqual([
        { timedOut: [], nextGames: [], reminders: [] },
        { timedOut: [], nextGames: [], reminders: [] },
      ]);
      now += 60 * 1000;
      const reminded = await Promise.all([one.due.sweep(), two.due.sweep()]);
      expect(reminded.flatMap((found) => found.reminders)).toEqual([
        { guildId: table.guildId, channelId: table.channelId, player: bob, deadline },
      ]);
      expect(reminded.flatMap((found) => found.timedOut)).toEqual([]);

      now = deadline;
      const swept = await Promise.all([one.due.sweep(), two.due.sweep(), one.due.sweep()]);
      const timedOut = swept.flatMap((found) => found.timedOut);
      expect(timedOut).toHaveLength(1);
      expect(timedOut[0].game.result).toMatchObject({ winner: 'attackers', reason: 'timeout' });
      expect(await one.play.board(table)).toBeNull();
      expect(
        (await one.records.standings(guild, 'fetlar')).find((row) => row.userId === ann.id)?.wins,
      ).toBeGreaterThanOrEqual(1);
      now += 24 * 60 * 60 * 1000;
      expect(await one.due.sweep()).toEqual({ timedOut: [], nextGames: [], reminders: [] });
    });

    it('a move in time moves the deadline on; the old deadline ends nothing', async () => {
      let now = 1_000_000;
      const { service } = await setup({ now: () => now });
      const made = await service.challenges.make({ ...challengeInput(channel()), time: '1h' });
      if (!made.ok) throw new Error(made.code);
      const accepted = await service.challenges.accept(guild, made.value.id, bob);
      if (!accepted.ok) throw new Error(accepted.code);
      const table = { guildId: guild, channelId: accepted.value.game.channelId };
      now += 59 * 60 * 1000;
      await service.play.move(table, ann, 'd1-d3');
      now += 2 * 60 * 1000;
      expect((await service.due.sweep()).timedOut).toEqual([]);
      expect((await service.play.board(table))?.game.plyCount).toBe(1);
    });

    it('without a time limit there is no deadline', async () => {
      const { service } = await setup();
      const made = await service.challenges.make({ ...challengeInput(channel()), time: 'none' });
      if (!made.ok) throw new Error(made.code);
      const accepted = await service.challenges.accept(guild, made.value.id, bob);
      expect(accepted.ok && accepted.value.game.clock).toBeNull();
    });
  });

  describe('a two-game match', () => {
    it('game 2 starts with sides swapped when game 1 ends; the match is rated once, as one result', async () => {
      const { service } = await setup();
      const ownGuild = `g${randomBytes(4).toString('hex')}`;
      const made = await service.challenges.make({
        ...challengeInput(channel()),
        guildId: ownGuild,
        variant: 'alea-armed',
        match: true,
      });
      if (!made.ok) throw new Error(made.code);
      const accepted = await service.challenges.accept(ownGuild, made.value.id, bob);
      if (!accepted.ok) throw new Error(accepted.code);
      const table = { guildId: ownGuild, channelId: accepted.value.game.channelId };
      expect(accepted.value.game.match).toMatchObject({ game: 1 });

      // Game 1: Ann attacks; Bob (defenders, to move first) resigns at once: Ann wins in 0 moves.
      const first = await service.play.resign(table, bob);
      if (!first.ok) throw new Error(first.code);
      expect(first.value.nextGame?.players).toEqual({ attackers: bob, defenders: ann });
      expect(first.value.nextGame?.match).toMatchObject({
        game: 2,
        first: { winner: ann.id, winnerMoves: 0 },
      });
      expect(await service.records.standings(ownGuild)).toEqual([]);
      const second = await service.play.board(table);
      expect(second?.match?.game).toBe(2);

      // Game 2: Ann defends and moves first, then resigns: Bob wins in 1 move. One win each; Ann's took fewer moves.
      expect((await service.play.move(table, ann, 'j11-k11')).ok).toBe(true);
      expect((await service.play.move(table, bob, 'c1-c2')).ok).toBe(true);
      const ended = await service.play.resign(table, ann);
      expect(ended.ok && ended.value.nextGame).toBeUndefined();
      const rows = await service.records.standings(ownGuild, 'alea-armed');
      expect(rows.find((row) => row.userId === ann.id)).toMatchObject({ games: 1, wins: 1 });
      expect(rows.find((row) => row.userId === bob.id)).toMatchObject({ games: 1, losses: 1 });
      expect(await service.play.board(table)).toBeNull();
    });
  });

  describe('undo by consent, records, rematch', () => {
    it('the opponent takes back the last move on request; a move or a stale answer does nothing', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      expect(await service.play.requestUndo(table, ann)).toMatchObject({
        ok: false,
        code: 'nothing-to-undo',
      });
      await service.play.move(table, ann, 'd1-d3');
      const asked = await service.play.requestUndo(table, ann);
      expect(asked).toMatchObject({ ok: true, value: { ply: 1 } });
      const gameId = (await service.play.board(table))?.id ?? '';
      expect(await service.play.answerUndo(table, ann, gameId, 1, true)).toMatchObject({
        ok: false,
        code: 'own-request',
      });
      expect(await service.play.answerUndo(table, cat, gameId, 1, true)).toMatchObject({
        ok: false,
        code: 'not-a-player',
      });
      expect(await service.play.answerUndo(table, bob, gameId, 1, true)).toMatchObject({
        ok: true,
        value: { undone: 'd1-d3' },
      });
      const board = await service.play.board(table);
      expect(board?.game.plyCount).toBe(0);
      expect(board?.game.turn).toBe('attackers');
      expect(await service.play.answerUndo(table, bob, gameId, 1, true)).toMatchObject({
        ok: false,
        code: 'stale-undo',
      });

      await service.play.move(table, ann, 'd1-d3');
      await service.play.requestUndo(table, ann);
      await service.play.move(table, bob, 'f4-c4');
      expect(await service.play.answerUndo(table, bob, gameId, 1, true)).toMatchObject({
        ok: false,
        code: 'stale-undo',
      });
      expect((await service.play.board(table))?.game.plyCount).toBe(2);
    });

    it('a declined request leaves the game as it was', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      await service.play.move(table, ann, 'd1-d3');
      await service.play.requestUndo(table, ann);
      const gameId = (await service.play.board(table))?.id ?? '';
      expect(await service.play.answerUndo(table, bob, gameId, 1, false)).toMatchObject({
        ok: true,
        value: { undone: null },
      });
      expect((await service.play.board(table))?.game.plyCount).toBe(1);
    });

    it('the record of the game in progress, or of the last one finished in the channel', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      await service.play.move(table, ann, 'd1-d3');
      expect(await service.records.gameForRecord(table)).toMatchObject({ finished: false });
      await service.play.resign(table, bob);
      const record = await service.records.gameForRecord(table);
      expect(record?.finished).toBe(true);
      expect(record?.game.history().map((move) => move.notation)).toEqual(['d1-d3']);
      expect(record?.game.result?.reason).toBe('resignation');
      expect(await service.records.gameForRecord(newTable())).toBeNull();
    });

    it('a rematch is a challenge to the same opponent with sides swapped', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('alea-walker'));
      const gameId = (await service.play.board(table))?.id ?? '';
      await service.play.resign(table, bob);
      expect(await service.rematch(table, gameId, cat)).toMatchObject({
        ok: false,
        code: 'not-in-that-game',
      });
      const rematch = await service.rematch(table, gameId, bob);
      expect(rematch).toMatchObject({
        ok: true,
        value: {
          challenger: { id: bob.id },
          opponent: { id: ann.id },
          side: 'attackers',
          variant: 'alea-walker',
        },
      });
    });
  });

  describe('ends', () => {
    it('a game played to its end is archived, frees the channel and counts in the standings once', async () => {
      const { service } = await setup();
      const game = gameWith(
        'fetlar',
        { king: 'f6', attackers: ['e6', 'g6', 'f7', 'c5'], defenders: ['k1'] },
        'attackers',
      );
      // A guild of its own, so that other tests' results do not count here.
      const ownGuild = `g${randomBytes(4).toString('hex')}`;
      const table = { guildId: ownGuild, channelId: channel() };
      await service.lifecycle.startGame({ ...table, players: { attackers: ann, defenders: bob }, game });
      const gameId = (await service.play.board(table))?.id ?? '';
      const ended = await service.play.move(table, ann, 'c5-f5');
      expect(ended).toMatchObject({
        ok: true,
        value: { result: { winner: 'attackers', reason: 'king-captured' } },
      });
      expect(await service.play.board(table)).toBeNull();
      expect(await service.records.archived(ownGuild, gameId)).toMatchObject({
        winner: 'attackers',
        reason: 'king-captured',
      });
      expect(await service.play.move(table, bob, 'k1-k2')).toMatchObject({ ok: false, code: 'no-game' });
      const rows = await service.records.standings(ownGuild, 'fetlar');
      expect(rows.find((row) => row.userId === ann.id)).toMatchObject({ games: 1, wins: 1, points: 1 });
      expect(rows.find((row) => row.userId === bob.id)).toMatchObject({ games: 1, losses: 1, points: 0 });
      expect((await service.records.memberRecord(ownGuild, bob.id))?.opponents).toEqual([
        { userId: ann.id, name: 'Ann', wins: 0, losses: 1, draws: 0 },
      ]);
    });

    it('resignation ends the game for the other side', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('alea-armed'));
      expect(await service.play.resign(table, cat)).toMatchObject({ ok: false, code: 'not-a-player' });
      expect(await service.play.resign(table, bob)).toMatchObject({
        ok: true,
        value: { result: { winner: 'attackers', reason: 'resignation' } },
      });
      expect(await service.play.board(table)).toBeNull();
    });

    it('a draw offer: the opponent agrees by button or by offering too; a move declines it', async () => {
      const { service } = await setup();
      const table = await startedGame(service, new Game('fetlar'));
      expect(await service.play.offerDraw(table, ann)).toMatchObject({ ok: true, value: { agreed: false } });
      expect(await service.play.offerDraw(table, ann)).toMatchObject({ ok: false, code: 'already-offered' });
      expect(await service.play.acceptDraw(table, ann)).toMatchObject({ ok: false, code: 'own-offer' });
      expect((await service.play.move(table, ann, 'd1-d3')).ok).toBe(true);
      expect(await service.play.acceptDraw(table, bob)).toMatchObject({ ok: false, code: 'no-offer' });
      expect((await service.play.offerDraw(table, bob)).ok).toBe(true);
      const gameId = (await service.play.board(table))?.id;
      expect(await service.play.acceptDraw(table, ann, 'old-game')).toMatchObject({
        ok: false,
        code: 'stale-draw-offer',
      });
      expect(await service.play.acceptDraw(table, ann, gameId)).toMatchObject({
        ok: true,
        value: { game: { game: { result: { reason: 'agreed-draw' } } } },
      });
      const rows = await service.records.standings(guild, 'fetlar');
      expect(rows.filter((row) => row.draws > 0).length).toBeGreaterThanOrEqual(2);
    });
  });
});

describe('game service when Redis goes away', () => {
  const players: Record<Side, Player> = { attackers: ann, defenders: bob };
  const table: Table = { guildId: 'g', channelId: 'c' };

  it('refuses a move with a clear message while Redis is down, and loses no acknowledged move across a crash', async () => {
    const redis = await startPrivateRedis({ persist: true });
    const store = await createStore({ redisUrl: redis.url, namespace });
    try {
      const service = new GameService(store);
      expect((await service.lifecycle.startGame({ ...table, players, game: new Game('fetlar') })).ok).toBe(
        true,
      );
      expect((await service.play.move(table, ann, 'd1-d3')).ok).toBe(true);
      expect((await service.play.move(table, bob, 'f4-c4')).ok).toBe(true);
      await redis.stop(); // SIGKILL: no shutdown save; only what was acknowledged and synced survives.
      const started = Date.now();
      const refused = await service.play.move(table, ann, 'h1-h3');
      expect(Date.now() - started).toBeLessThan(4000);
      expect(refused).toEqual({ ok: false, code: 'store-unavailable', params: {} });
      expect(inEnglish(refused)).toBe(
        'The game store is unreachable right now, so nothing was changed. Please try again in a moment.',
      );
      expect(await service.play.suggestMoves(table, ann.id, '').catch((error: Error) => error.name)).toBe(
        'StoreUnavailableError',
      );

      await redis.restart();
      let board = await service.play.board(table).catch(() => null);
      for (let i = 0; i < 100 && !board; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        board = await service.play.board(table).catch(() => null);
      }
      expect(board?.game.history().map((move) => move.notation)).toEqual(['d1-d3', 'f4-c4']);
      expect(board?.game.turn).toBe('attackers');
      expect(await service.play.move(table, ann, 'h1-h3')).toMatchObject({
        ok: true,
        value: { move: { notation: 'h1-h3', ply: 3 } },
      });
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('a move whose commit got no answer says it may have been recorded, and it was, exactly once', async () => {
    const redis = await startStallingRedis(namespace);
    try {
      const service = new GameService(redis.store);
      await service.lifecycle.startGame({ ...table, players, game: new Game('fetlar') });
      await redis.stallWrites();
      const unsure = await service.play.move(table, ann, 'd1-d3');
      expect(unsure).toMatchObject({ ok: false, code: 'store-silent' });
      expect(inEnglish(unsure)).toContain('may or may not have been recorded');
      await redis.resume();
      const watcher = new GameService(redis.observer);
      const board = await redis.eventually(
        () => watcher.play.board(table),
        (active) => active?.game.plyCount === 1,
      );
      expect(board?.game.history().map((move) => move.notation)).toEqual(['d1-d3']);
      // Trying again is safe: the move is not played twice.
      expect(await watcher.play.move(table, ann, 'd1-d3')).toMatchObject({
        ok: false,
        code: 'not-your-turn',
      });
    } finally {
      await redis.close();
    }
  });
});
