/**
 * A member's own mistakes as puzzles: which positions become puzzles, when each comes back (solved:
 * 1, 3, 7, 21 days, then retired; failed: the next day), the bound on how many a member keeps; and
 * the service on Redis and in memory, with a test clock and a stand-in for the AI.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Think } from '../../src/analysis/answer-rating.ts';
import type { GameReview, MoveReview } from '../../src/analysis/review.ts';
import type { Player } from '../../src/core/players.ts';
import { Game, loadGame, serializeGame } from '../../src/engine/index.ts';
import { DAY_MS, dayOf } from '../../src/puzzles/days.ts';
import {
  afterAnswer,
  dueOn,
  emptyPersonalDoc,
  MOST_PERSONAL,
  mistakesOf,
  type PersonalDoc,
  type PersonalPuzzle,
  rescheduled,
  SOLVED_INTERVALS_DAYS,
  withAdded,
} from '../../src/puzzles/personal.ts';
import { PersonalPuzzles } from '../../src/puzzles/personal-service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const START = Date.parse('2026-11-23T10:00:00Z');
const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };

/**
 * A Fetlar game of `plies` plies (its first legal move each time), and a review marking `mistakes`
 * (plies) as mistakes, the stand-in AI's good move (below) named as the better one.
 */
function reviewed(
  plies: number,
  mistakes: Record<number, 'mistake' | 'blunder'>,
): { game: Game; review: GameReview } {
  const game = new Game('fetlar');
  const better: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    better.push(goodMove(game));
    game.play(game.legalMoves()[0]);
  }
  const moves: MoveReview[] = game.history().map((move) => ({
    ply: move.ply,
    side: move.side,
    notation: move.notation,
    evalAfter: 0,
    loss: mistakes[move.ply] ? 500 : 0,
    better: mistakes[move.ply] ? better[move.ply - 1] : null,
    verdict: mistakes[move.ply] ?? null,
    kingThreatened: false,
    captured: 0,
  }));
  return {
    game,
    review: { schema: 1, evalStart: 0, moves, worst: { attackers: [], defenders: [] }, msPerPosition: 100 },
  };
}

const puzzle = (id: string, addedAt: number, due = dayOf(addedAt)): PersonalPuzzle => ({
  id,
  gameId: 'g',
  ply: 1,
  record: '',
  side: 'attackers',
  played: 'a4-a2',
  verdict: 'mistake',
  better: null,
  addedAt,
  due,
  streak: 0,
  solved: 0,
  failed: 0,
});

describe('personal puzzles, pure', () => {
  it('each mistake and blunder of the side becomes a puzzle of the position before it; the other side’s do not', () => {
    const { game, review } = reviewed(6, { 1: 'mistake', 2: 'blunder', 5: 'blunder' });
    const found = mistakesOf('game1', game, review, 'attackers', START);
    expect(found.map((p) => [p.id, p.ply, p.verdict, p.side])).toEqual([
      ['game1-1', 1, 'mistake', 'attackers'],
      ['game1-5', 5, 'blunder', 'attackers'],
    ]);
    const history = game.history();
    for (const found1 of found) {
      const position = loadGame(found1.record);
      expect(position.turn).toBe('attackers');
      expect(found1.played).toBe(`${history[found1.ply - 1].from}-${history[found1.ply - 1].to}`);
      // The move of the game is legal there: it is the position before it.
      expect(position.tryPlay(found1.played).ok).toBe(true);
      expect(found1.due).toBe('2026-11-23');
    }
    expect(mistakesOf('game1', game, review, 'defenders', START).map((p) => p.ply)).toEqual([2]);
  });

  it('solved: again in 1, 3, 7 and 21 days, then retired; failed: the next day, from the start again', () => {
    let doc: PersonalDoc = { ...emptyPersonalDoc(), puzzles: [puzzle('p', START)] };
    let now = START;
    const gaps: number[] = [];
    for (;;) {
      const next = afterAnswer(doc, doc.puzzles[0], true, now, undefined);
      doc = next.doc;
      if (next.next.retired) break;
      gaps.push(next.next.days);
      now += next.next.days * DAY_MS;
      expect(doc.puzzles[0].due).toBe(dayOf(now));
    }
    expect(gaps).toEqual([...SOLVED_INTERVALS_DAYS]);
    expect(doc.puzzles).toEqual([]);
    expect(doc.retired).toBe(1);

    const twice = afterAnswer(
      { ...emptyPersonalDoc(), puzzles: [puzzle('p', START)] },
      puzzle('p', START),
      true,
      START,
      undefined,
    );
    const failed = afterAnswer(twice.doc, twice.doc.puzzles[0], false, START + DAY_MS, undefined);
    expect(failed.next).toEqual({ retired: false, due: '2026-11-25', days: 1 });
    expect(failed.doc.puzzles[0]).toMatchObject({ streak: 0, solved: 1, failed: 1, due: '2026-11-25' });
    expect(failed.doc.open).toBeNull();
  });

  it('any answers at any times: due after the day of the answer, retired only after five solves in a row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 * DAY_MS })), { maxLength: 30 }),
        (answers) => {
          let doc: PersonalDoc = { ...emptyPersonalDoc(), puzzles: [puzzle('p', START)] };
          let now = START;
          let run = 0;
          for (const [solved, wait] of answers) {
            now += wait;
            const current = doc.puzzles[0];
            if (!current) return;
            const { doc: after, next } = afterAnswer(doc, current, solved, now, undefined);
            run = solved ? run + 1 : 0;
            if (next.retired) {
              expect(run).toBe(SOLVED_INTERVALS_DAYS.length + 1);
              expect(after.puzzles).toEqual([]);
            } else {
              expect(next.due > dayOf(now)).toBe(true);
              expect(after.puzzles[0].streak).toBe(run);
              expect(dueOn(after, dayOf(now))).toEqual([]);
            }
            doc = after;
          }
        },
      ),
    );
  });

  it(`a member keeps ${MOST_PERSONAL} at most: the oldest retire first, and the open one with them`, () => {
    const old = Array.from({ length: MOST_PERSONAL }, (_, i) => puzzle(`old-${i}`, START + i));
    const full: PersonalDoc = { ...emptyPersonalDoc(), puzzles: old, open: 'old-0' };
    const fresh = [puzzle('new-0', START + DAY_MS), puzzle('new-1', START + DAY_MS), puzzle('old-5', START)];
    const { doc, added } = withAdded(full, fresh);
    expect(added).toBe(2);
    expect(doc.puzzles).toHaveLength(MOST_PERSONAL);
    expect(doc.puzzles.map((p) => p.id)).not.toContain('old-0');
    expect(doc.puzzles.map((p) => p.id)).not.toContain('old-1');
    expect(doc.puzzles.slice(-2).map((p) => p.id)).toEqual(['new-0', 'new-1']);
    expect(doc.open).toBeNull();
    expect(doc.retired).toBe(2);
    expect(rescheduled(puzzle('x', START), false, START)).toEqual({
      retired: false,
      due: '2026-11-24',
      days: 1,
    });
  });
});

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

/** The second legal move of a position (the game played the first): the one good move, for the stand-in AI. */
function goodMove(position: Game): string {
  return position.legalMoves()[1].notation;
}

/** A stand-in for the AI that sees one good move in a puzzle's position, worth 300 to whoever plays it; every other move is worth 0. */
const think: Think = async (position) => {
  const last = position.history().at(-1);
  if (!last) return { best: goodMove(position), score: 300, depth: 4 };
  const before = loadGame(serializeGame(position));
  before.undo();
  // From the side to move now: the good move just played counts against it.
  const score = `${last.from}-${last.to}` === goodMove(before) ? -300 : 0;
  return { best: goodMove(position), score, depth: 3 };
};

describe.each(['redis', 'memory'] as const)('personal puzzles on the %s store', (kind) => {
  async function service(clock: { now: number }) {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return new PersonalPuzzles(store, () => clock.now);
  }
  const guild = () => `g${randomBytes(4).toString('hex')}`;

  it('only the game’s players; shown, answered, rescheduled; due again the day after', async () => {
    const clock = { now: START };
    const personal = await service(clock);
    const guildId = guild();
    const { game, review } = reviewed(4, { 1: 'blunder', 3: 'mistake' });
    const source = { gameId: 'game1', game, players: { attackers: ann, defenders: bob }, review };
    const stranger = await personal.practise(guildId, { id: '300', name: 'Cat' }, source);
    expect(stranger).toMatchObject({
      ok: false,
      code: 'not-a-player',
      params: { attackers: 'Ann', defenders: 'Bob' },
    });
    expect(await personal.practise(guildId, bob, source)).toMatchObject({ ok: false, code: 'no-mistakes' });

    const practice = await personal.practise(guildId, ann, source);
    if (!practice.ok) throw new Error(practice.code);
    expect(practice.value).toMatchObject({
      added: 2,
      mistakes: 2,
      shown: { due: 2, puzzle: { id: 'game1-1' } },
    });
    const good = goodMove(loadGame(practice.value.shown?.puzzle.record ?? ''));
    const solved = await personal.answer(guildId, ann, good, think);
    if (!solved.ok) throw new Error(solved.code);
    expect(solved.value).toMatchObject({
      rating: { solved: true },
      next: { due: '2026-11-24', days: 1 },
      due: 1,
    });

    const next = await personal.next(guildId, ann.id);
    if (!next.ok) throw new Error(next.code);
    expect(next.value.puzzle.id).toBe('game1-3');
    const failed = await personal.answer(guildId, ann, next.value.game.legalMoves()[3].notation, think);
    if (!failed.ok) throw new Error(failed.code);
    expect(failed.value).toMatchObject({
      rating: { solved: false, shortfall: 300 },
      next: { due: '2026-11-24' },
    });
    expect(await personal.next(guildId, ann.id)).toMatchObject({
      ok: false,
      code: 'nothing-due',
      params: { next: '2026-11-24' },
    });
    expect(await personal.answer(guildId, ann, good, think)).toMatchObject({
      ok: false,
      code: 'no-personal-open',
    });

    clock.now += DAY_MS;
    const again = await personal.next(guildId, ann.id);
    expect(again).toMatchObject({ ok: true, value: { due: 2, puzzle: { id: 'game1-1' } } });
  });

  it('two answers at once: one is counted, the other refused', async () => {
    const clock = { now: START };
    const personal = await service(clock);
    const guildId = guild();
    const { game, review } = reviewed(2, { 1: 'blunder' });
    await personal.practise(guildId, ann, {
      gameId: 'g',
      game,
      players: { attackers: ann, defenders: bob },
      review,
    });
    const good = goodMove(new Game('fetlar'));
    const both = await Promise.all([
      personal.answer(guildId, ann, good, think),
      personal.answer(guildId, ann, good, think),
    ]);
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(both.find((outcome) => !outcome.ok)).toMatchObject({ code: 'personal-answered' });
    const again = await personal.next(guildId, ann.id);
    expect(again).toMatchObject({ ok: false, code: 'nothing-due' });
  });

  it('an illegal answer is refused with the engine’s reason and changes nothing', async () => {
    const clock = { now: START };
    const personal = await service(clock);
    const guildId = guild();
    const { game, review } = reviewed(2, { 1: 'blunder' });
    await personal.practise(guildId, ann, {
      gameId: 'g',
      game,
      players: { attackers: ann, defenders: bob },
      review,
    });
    const refused = await personal.answer(guildId, ann, 'f6-f7', think);
    expect(refused.ok).toBe(false);
    expect(await personal.open(guildId, ann.id)).toMatchObject({
      puzzle: { id: 'g-1', solved: 0, failed: 0 },
    });
  });
});
