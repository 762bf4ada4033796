/**
 * The puzzles' service on Redis and in memory: a member's puzzle solved, failed, helped; the
 * daily puzzle, its solvers, the streaks over days (a test clock); the daily post claimed once by
 * two services racing; ratings that move; and, for any puzzle and any wrong first move, a failure
 * that shows the winning move.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { PuzzleCatalogue, puzzleGame, variantOfPuzzle } from '../../src/puzzles/catalogue.ts';
import type { Puzzle } from '../../src/puzzles/puzzle-file.ts';
import { DAILY_POSTS, dayOf, nextPostAt, Puzzles } from '../../src/puzzles/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const catalogue = PuzzleCatalogue.shipped();
const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const HOUR = 60 * 60 * 1000;

/** A catalogue of this puzzle alone: the service draws it. */
const only = (puzzle: Puzzle) =>
  new PuzzleCatalogue([{ schema: 1, variant: variantOfPuzzle(puzzle), generator: {}, puzzles: [puzzle] }]);
const DAY = 24 * HOUR;

/** A clock the test moves: 23 November 2026, 08:00 UTC. */
function testClock() {
  const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
  return { clock, now: () => clock.now };
}

describe.each(['redis', 'memory'] as const)('puzzles on the %s store', (kind) => {
  const guild = () => `g${randomBytes(4).toString('hex')}`;
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }
  async function puzzles(options: { now?: () => number; random?: () => number } = {}, store?: Store) {
    return new Puzzles(store ?? (await openStore()), catalogue, { random: () => 0, ...options });
  }

  it('a puzzle in two moves: the bot defends, the second move solves it, the rating moves', async () => {
    const puzzle = catalogue.of('brandubh').find((candidate) => candidate.depth === 2)!;
    const service = new Puzzles(await openStore(), only(puzzle));
    const guildId = guild();
    const started = await service.attempts.start(guildId, ann, 'brandubh');
    if (!started.ok) throw new Error(started.code);
    expect(started.value).toMatchObject({
      variant: 'brandubh',
      attempt: { kind: 'practice', plies: 0, hint: false },
    });
    const first = await service.attempts.move(guildId, ann, puzzle.line[0]);
    if (!first.ok) throw new Error(first.code);
    expect(first.value.status).toBe('continue');
    expect(first.value.defence && `${first.value.defence.from}-${first.value.defence.to}`).toBe(
      puzzle.line[1],
    );
    expect(first.value.game.position()).toBe(puzzleGame(puzzle, 2).position());
    const second = await service.attempts.move(guildId, ann, puzzle.line[2].toUpperCase());
    if (!second.ok) throw new Error(second.code);
    expect(second.value.status).toBe('solved');
    expect(second.value.change?.after).toBeGreaterThan(second.value.change?.before ?? Infinity);
    const table = await service.table(guildId);
    expect(table.rows).toMatchObject([{ id: ann.id, name: 'Ann', solved: 1, failed: 0 }]);
    // Done: no puzzle open any more.
    expect(await service.attempts.move(guildId, ann, puzzle.line[2])).toMatchObject({
      ok: false,
      code: 'no-puzzle-open',
    });
  });

  it('each server learns its own puzzle ratings', async () => {
    const puzzle = catalogue.of('brandubh').find((candidate) => candidate.depth === 2)!;
    const service = new Puzzles(await openStore(), only(puzzle));
    const [solvedHere, elsewhere] = [guild(), guild()];
    expect(await service.attempts.start(solvedHere, ann, 'brandubh')).toMatchObject({
      value: { rating: puzzle.rating },
    });
    await service.attempts.move(solvedHere, ann, puzzle.line[0]);
    expect(await service.attempts.move(solvedHere, ann, puzzle.line[2])).toMatchObject({
      value: { status: 'solved' },
    });
    const again = await service.attempts.start(solvedHere, bob, 'brandubh');
    expect(again.ok && again.value.rating).toBeLessThan(puzzle.rating);
    expect(await service.attempts.start(elsewhere, bob, 'brandubh')).toMatchObject({
      value: { rating: puzzle.rating },
    });
  });

  it('a wrong move fails the puzzle and shows the winning move; an illegal one changes nothing', async () => {
    const service = await puzzles();
    const guildId = guild();
    const started = await service.attempts.start(guildId, bob, 'fetlar');
    if (!started.ok) throw new Error(started.code);
    const { puzzle, game } = started.value;
    expect(await service.attempts.move(guildId, bob, 'a1-a1')).toMatchObject({ ok: false });
    expect(await service.attempts.move(guildId, bob, 'zz')).toMatchObject({ ok: false, code: 'malformed' });
    expect((await service.attempts.current(guildId, bob.id))?.attempt.plies).toBe(0);
    const wrong = game.legalMoves().find((move) => move.notation !== puzzle.line[0]);
    const failed = await service.attempts.move(guildId, bob, wrong!.notation);
    if (!failed.ok) throw new Error(failed.code);
    expect(failed.value).toMatchObject({ status: 'failed', winningMove: puzzle.line[0] });
    expect(failed.value.game.position()).toBe(puzzleGame(puzzle, 1).position());
    expect(failed.value.change?.after).toBeLessThan(failed.value.change?.before ?? -Infinity);
    expect((await service.table(guildId)).rows).toMatchObject([{ solved: 0, failed: 1 }]);
  });

  it('a hint names the piece to move, and a solve after it counts half', async () => {
    const puzzle = catalogue.of('tablut').find((candidate) => candidate.depth === 2)!;
    const service = new Puzzles(await openStore(), only(puzzle));
    const guildId = guild();
    expect(await service.attempts.start(guildId, ann, 'tablut')).toMatchObject({ ok: true });
    const hint = await service.attempts.hint(guildId, ann.id);
    if (!hint.ok) throw new Error(hint.code);
    expect(hint.value.square).toBe(puzzle.line[0].split('-')[0]);
    let result: Awaited<ReturnType<typeof service.attempts.move>> | undefined;
    for (let ply = 0; ply < puzzle.line.length; ply += 2)
      result = await service.attempts.move(guildId, ann, puzzle.line[ply]);
    expect(result).toMatchObject({ ok: true, value: { status: 'solved', attempt: { hint: true } } });
    // Half a point against a puzzle rated as the member is about: a small change either way.
    const rows = (await service.table(guildId)).rows;
    expect(rows[0]).toMatchObject({ solved: 1 });
  });

  it('refuses a variant without puzzles, naming those with them; the state survives a restart', async () => {
    const store = await openStore();
    const service = await puzzles({}, store);
    const guildId = guild();
    expect(await service.attempts.start(guildId, ann, 'alea-armed')).toMatchObject({
      ok: false,
      code: 'no-puzzles-for-variant',
      params: { variant: 'alea-armed', choices: catalogue.variants().join(', ') },
    });
    const started = await service.attempts.start(guildId, ann, 'brandubh');
    if (!started.ok) throw new Error(started.code);
    // Without a variant: the board size of the server's default (Alea Evangelii, armed king: 19x19).
    const defaulted = await service.attempts.start(guildId, bob);
    expect(defaulted).toMatchObject({ ok: true, value: { variant: 'alea-walker' } });
    const restarted = await puzzles({}, store);
    expect((await restarted.attempts.current(guildId, ann.id))?.puzzle.id).toBe(started.value.puzzle.id);
  });

  it('a puzzle left after a move counts as failed; left untouched, as nothing', async () => {
    const service = await puzzles();
    const guildId = guild();
    const first = await service.attempts.start(guildId, ann, 'brandubh');
    if (!first.ok) throw new Error(first.code);
    const second = await service.attempts.start(guildId, ann, 'brandubh');
    expect(second).toMatchObject({ ok: true, value: { abandoned: null } });
    if (!second.ok) throw new Error(second.code);
    const deep = second.value.puzzle.depth > 1 ? second.value : null;
    if (deep) {
      await service.attempts.move(guildId, ann, deep.puzzle.line[0]);
      const third = await service.attempts.start(guildId, ann, 'brandubh');
      expect(third).toMatchObject({ ok: true, value: { abandoned: { id: deep.puzzle.id } } });
      expect((await service.table(guildId)).rows).toMatchObject([{ failed: 1 }]);
    }
  });

  it('the daily puzzle: the same for all, one try each, the first solver credited, streaks over days', async () => {
    const { clock, now } = testClock();
    const service = await puzzles({ now });
    const guildId = guild();
    const annView = await service.days.daily(guildId, ann);
    const bobView = await service.days.daily(guildId, bob);
    if (!annView.ok || !bobView.ok) throw new Error('no daily');
    expect(annView.value).toMatchObject({ day: '2026-11-23', status: 'new', solvers: [], serverStreak: 0 });
    expect(bobView.value.puzzle.id).toBe(annView.value.puzzle.id);
    expect(
      (await service.days.daily(guildId, ann)).ok &&
        (await service.attempts.current(guildId, ann.id))?.attempt.kind,
    ).toBe('daily');
    const solve = async (player: Player) => {
      const puzzle = (await service.attempts.current(guildId, player.id))!.puzzle;
      let last: Awaited<ReturnType<typeof service.attempts.move>> | undefined;
      for (let ply = 0; ply < puzzle.line.length; ply += 2)
        last = await service.attempts.move(guildId, player, puzzle.line[ply]);
      return last;
    };
    expect(await solve(bob)).toMatchObject({
      ok: true,
      value: { status: 'solved', daily: { first: true, serverStreak: 1, memberStreak: 1 } },
    });
    expect(await solve(ann)).toMatchObject({ ok: true, value: { daily: { first: false } } });
    const after = await service.days.daily(guildId, ann);
    expect(after).toMatchObject({ ok: true, value: { status: 'solved', serverStreak: 1 } });
    if (!after.ok) throw new Error(after.code);
    expect(after.value.solvers.map((solver) => solver.name)).toEqual(['Bob', 'Ann']);

    // The next day: another puzzle; Ann solves it, the streaks grow to two.
    clock.now += DAY;
    const next = await service.days.daily(guildId, ann);
    if (!next.ok) throw new Error(next.code);
    expect(next.value.day).toBe('2026-11-24');
    expect(next.value.puzzle.id).not.toBe(annView.value.puzzle.id);
    expect(await solve(ann)).toMatchObject({
      ok: true,
      value: { daily: { serverStreak: 2, memberStreak: 2 } },
    });
    const table = await service.table(guildId);
    expect(table.serverStreak).toBe(2);
    expect(table.rows.find((row) => row.id === ann.id)).toMatchObject({ dailySolved: 2, currentStreak: 2 });
    expect(table.rows.find((row) => row.id === bob.id)).toMatchObject({ dailyFirsts: 1, currentStreak: 1 });
    // A day missed breaks them.
    clock.now += 2 * DAY;
    expect((await service.table(guildId)).serverStreak).toBe(0);
  });

  it('the daily post: set up, claimed by one of two processes at its hour, then scheduled for the next day', async () => {
    const { clock, now } = testClock();
    const store = await openStore();
    const one = await puzzles({ now }, store);
    // Two processes: two connections to one Redis (a memory store is one process's own).
    const two = await puzzles({ now }, kind === 'redis' ? await openStore() : store);
    const guildId = guild();
    expect(
      await one.posts.setup(guildId, { channelId: 'c1', variant: 'alea-armed', hour: 9, by: ann }),
    ).toMatchObject({
      ok: false,
      code: 'no-puzzles-for-variant',
    });
    expect(
      await one.posts.setup(guildId, { channelId: 'c1', variant: 'tablut', hour: 24, by: ann }),
    ).toMatchObject({
      ok: false,
      code: 'bad-hour',
    });
    const setup = await one.posts.setup(guildId, { channelId: 'c1', variant: 'tablut', hour: 9, by: ann });
    expect(setup).toMatchObject({ ok: true, value: { next: Date.parse('2026-11-23T09:00:00Z') } });
    expect(await one.posts.claimDuePosts()).toEqual([]);
    clock.now = Date.parse('2026-11-23T09:00:01Z');
    const [a, b] = await Promise.all([one.posts.claimDuePosts(), two.posts.claimDuePosts()]);
    const claimed = [...a, ...b].filter((due) => due.guildId === guildId);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ day: '2026-11-23', posted: false, setup: { channelId: 'c1' } });
    expect(claimed[0].puzzle.id.startsWith('tablut-')).toBe(true);
    await one.posts.postDone(claimed[0], 'm1');
    clock.now += HOUR;
    expect((await one.posts.claimDuePosts()).filter((due) => due.guildId === guildId)).toEqual([]);
    clock.now = Date.parse('2026-11-24T09:00:00Z');
    const tomorrow = await two.posts.claimDuePosts();
    expect(tomorrow.filter((due) => due.guildId === guildId)).toMatchObject([{ day: '2026-11-24' }]);
    // Stopped: nothing more is claimed.
    expect(await one.posts.stop(guildId)).toMatchObject({ ok: true, value: { channelId: 'c1' } });
    clock.now += 2 * DAY;
    expect((await one.posts.claimDuePosts()).filter((due) => due.guildId === guildId)).toEqual([]);
    expect(await one.posts.stop(guildId)).toMatchObject({ ok: false, code: 'no-daily-setup' });
    expect(DAILY_POSTS).toBe('schedule:daily-puzzles');
  });
});

describe('a wrong first move', () => {
  it('always fails the puzzle, the winning move shown after it (any puzzle, any wrong legal move)', async () => {
    const store = await createStore({ namespace });
    opened.push(store);
    const all = catalogue.all();
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(all.length - 1), fc.nat(), async (index, pick) => {
        const puzzle = all[index];
        const service = new Puzzles(store, only(puzzle));
        const guildId = `property-${namespace}-${round++}`;
        const started = await service.attempts.start(guildId, ann, variantOfPuzzle(puzzle));
        if (!started.ok) throw new Error(started.code);
        const wrong = started.value.game.legalMoves().filter((move) => move.notation !== puzzle.line[0]);
        const move = wrong[pick % wrong.length];
        const failed = await service.attempts.move(guildId, ann, move.notation);
        expect(failed).toMatchObject({ ok: true, value: { status: 'failed', winningMove: puzzle.line[0] } });
        expect(await service.attempts.current(guildId, ann.id)).toBeNull();
      }),
      { numRuns: 200, seed: 18 },
    );
  });
});

describe('days and hours', () => {
  it('the next post is today at the hour if it is still to come, else tomorrow (UTC)', () => {
    const eight = Date.parse('2026-11-23T08:00:00Z');
    expect(new Date(nextPostAt(eight, 9)).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(new Date(nextPostAt(eight, 8)).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(dayOf(Date.parse('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
  });
});
