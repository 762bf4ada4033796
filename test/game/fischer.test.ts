/** Fischer clocks: the pure arithmetic, the commit plan of a move on one, and the AI's budget. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCK_OVERHEAD_MS, clockBudget } from '../../src/ai/time-manager.ts';
import type { Player } from '../../src/core/players.ts';
import { FISCHER_CONTROLS, gameTimeControl, timeControlOf } from '../../src/core/time-controls.ts';
import { Game, otherSide } from '../../src/engine/index.ts';
import { SCHEDULES, turnClock } from '../../src/game/clock.ts';
import { newStoredGame, planCommit } from '../../src/game/commit-plan.ts';
import { type FischerClock, flagFell, passTurn, startFischer, timeLeft } from '../../src/game/fischer.ts';
import type { StoredGame } from '../../src/game/types.ts';
import { clockTime } from '../../src/i18n/clock.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = 5_000_000;
const BLITZ = FISCHER_CONTROLS['5+3'];
const ann: Player = { id: '1', name: 'Ann' };
const bob: Player = { id: '2', name: 'Bob' };

describe('the Fischer clock', () => {
  it('starts with the main time each, the first mover’s running, its deadline the main time away', () => {
    const clock = startFischer(BLITZ, 'defenders', T0);
    expect(clock.fischer.remaining).toEqual({ attackers: 5 * MINUTE, defenders: 5 * MINUTE });
    expect(clock.deadline).toBe(T0 + 5 * MINUTE);
    // Reminded at a tenth of the main time left: 30 seconds.
    expect(clock.remindAt).toBe(T0 + 5 * MINUTE - 30 * SECOND);
    expect(clock.reminded).toBe(false);
  });

  it('a move: the mover is charged to when the bot received it, gains the increment; the other runs from the commit', () => {
    const clock = startFischer(BLITZ, 'defenders', T0);
    const after = passTurn(clock, { at: T0 + 40 * SECOND, now: T0 + 41 * SECOND, moved: true });
    expect(after.fischer.remaining.defenders).toBe(5 * MINUTE - 40 * SECOND + 3 * SECOND);
    expect(after.fischer.turn).toBe('attackers');
    expect(after.fischer.since).toBe(T0 + 41 * SECOND);
    expect(after.deadline).toBe(T0 + 41 * SECOND + 5 * MINUTE);
    // The bot's second between receipt and commit is charged to neither side.
    expect(timeLeft(after.fischer, 'attackers', T0 + 41 * SECOND)).toBe(5 * MINUTE);
  });

  it('a move taken back: the side on turn pays its time, without the increment, and the turn passes back', () => {
    const clock = startFischer(BLITZ, 'defenders', T0);
    const undone = passTurn(clock, { at: T0 + 10 * SECOND, now: T0 + 10 * SECOND, moved: false });
    expect(undone.fischer.remaining.defenders).toBe(5 * MINUTE - 10 * SECOND);
  });

  it('a turn begun below a tenth of the main time is not reminded again', () => {
    const low: FischerClock = passTurn(startFischer(BLITZ, 'attackers', T0), {
      at: T0 + 4 * MINUTE + 50 * SECOND,
      now: T0 + 4 * MINUTE + 50 * SECOND,
      moved: true,
    });
    // The attackers have 13 s; after the defenders' move it is their turn below 30 s.
    const back = passTurn(low, { at: low.fischer.since, now: low.fischer.since, moved: true });
    expect(back.fischer.turn).toBe('attackers');
    expect(back.reminded).toBe(true);
    expect(back.remindAt).toBe(back.deadline);
  });

  it('the flag falls at the deadline, not before', () => {
    const clock = startFischer(BLITZ, 'attackers', T0);
    expect(flagFell(clock, clock.deadline - 1)).toBe(false);
    expect(flagFell(clock, clock.deadline)).toBe(true);
  });

  it('over any moves made in time, each side has its main time, plus an increment a move, less what it spent', () => {
    const spends = fc.array(fc.tuple(fc.nat(BLITZ.mainMs), fc.nat(2000)), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(spends, (moves) => {
        let clock = startFischer(BLITZ, 'attackers', T0);
        const spent = { attackers: 0, defenders: 0 };
        const made = { attackers: 0, defenders: 0 };
        for (const [think, botWork] of moves) {
          const mover = clock.fischer.turn;
          const left = timeLeft(clock.fischer, mover, clock.fischer.since);
          if (think >= left) break; // the flag would fall
          const at = clock.fischer.since + think;
          clock = passTurn(clock, { at, now: at + botWork, moved: true });
          spent[mover] += think;
          made[mover]++;
          expect(clock.deadline).toBe(at + botWork + clock.fischer.remaining[otherSide(mover)]);
        }
        for (const side of ['attackers', 'defenders'] as const)
          expect(clock.fischer.remaining[side]).toBe(
            BLITZ.mainMs + made[side] * BLITZ.incrementMs - spent[side],
          );
      }),
    );
  });
});

describe('a Fischer game’s commit plan', () => {
  const stored = (game: Game): StoredGame =>
    newStoredGame(
      {
        guildId: 'g',
        channelId: 'c',
        players: { attackers: ann, defenders: bob },
        game,
        ...gameTimeControl('5+3'),
      },
      { id: 'game-1', now: T0 },
    );
  const plan = (before: StoredGame, game: Game, plyBefore: number, now: number, movedAt?: number) =>
    planCommit({
      stored: before,
      revision: 3,
      game,
      plyBefore,
      drawOfferedBy: null,
      undoRequest: null,
      clock: before.clock ?? null,
      now,
      movedAt,
      newId: () => 'game-2',
    });

  it('a move saves the new times and the mover’s time left, and moves the deadline to the new turn, in one commit', () => {
    const game = new Game('fetlar');
    const before = stored(game);
    expect(before.fischer).toEqual(BLITZ);
    game.play('d1-d3');
    const moved = plan(before, game, 0, T0 + 21 * SECOND, T0 + 20 * SECOND);
    expect(moved.saved?.clock?.fischer?.remaining).toEqual({
      attackers: 5 * MINUTE - 20 * SECOND + 3 * SECOND,
      defenders: 5 * MINUTE,
    });
    expect(moved.saved?.timesLeft).toEqual([5 * MINUTE - 17 * SECOND]);
    expect(moved.schedules).toContainEqual({
      schedule: SCHEDULES.deadlines,
      group: 'g',
      member: 'c|game-1|1',
      at: T0 + 21 * SECOND + 5 * MINUTE,
    });
    expect(moved.schedules).toContainEqual({
      schedule: SCHEDULES.deadlines,
      group: 'g',
      member: 'c|game-1|0',
      at: null,
    });
    expect(moved.writes).toHaveLength(1);
  });

  it('a move taken back drops its time left', () => {
    const game = new Game('fetlar');
    let before = stored(game);
    game.play('d1-d3');
    before = plan(before, game, 0, T0 + 5 * SECOND).saved as StoredGame;
    game.undo();
    const undone = plan(before, game, 1, T0 + 9 * SECOND);
    expect(undone.saved?.timesLeft).toEqual([]);
    expect(undone.saved?.clock?.fischer?.turn).toBe('attackers');
  });

  it('game 2 of a match keeps the Fischer clock', () => {
    const game = new Game('fetlar');
    const before = { ...stored(game), match: { id: 'm', game: 1 as const } };
    game.resign('defenders');
    const ended = planCommit({
      stored: before,
      revision: 3,
      game,
      plyBefore: 0,
      drawOfferedBy: null,
      undoRequest: null,
      clock: null,
      now: T0 + MINUTE,
      newId: () => 'game-2',
      ended: { lastGame: { value: null, revision: 0 }, standings: { value: null, revision: 0 } },
    });
    expect(ended.nextGame?.fischer).toEqual(BLITZ);
    expect(ended.nextGame?.clock?.fischer?.remaining).toEqual({
      attackers: 5 * MINUTE,
      defenders: 5 * MINUTE,
    });
  });

  it('a game stored before Fischer clocks (a time per move, no `fischer`) plays on as it did', () => {
    const game = new Game('fetlar');
    const old: StoredGame = { ...stored(game), clock: turnClock(60 * MINUTE, T0), perMoveMs: 60 * MINUTE };
    delete old.fischer;
    delete old.timesLeft;
    game.play('d1-d3');
    const moved = plan(old, game, 0, T0 + MINUTE);
    expect(moved.saved?.clock).toEqual(turnClock(60 * MINUTE, T0 + MINUTE));
    expect(moved.saved && 'timesLeft' in moved.saved).toBe(false);
    expect(timeControlOf(old)).toBe('1h');
  });

  it('a rematch finds the time control by the clock kept', () => {
    expect(
      timeControlOf({ perMoveMs: null, fischer: { mainMs: 10 * MINUTE, incrementMs: 5 * SECOND } }),
    ).toBe('10+5');
    expect(timeControlOf({ perMoveMs: null, fischer: { mainMs: MINUTE, incrementMs: SECOND } })).toBe('1d');
  });
});

describe('the AI’s time on a Fischer clock', () => {
  it('a game of any length: with the increment above what a move costs besides thinking, it never runs out', () => {
    const setups = fc.record({
      mainMs: fc.integer({ min: 10 * SECOND, max: 3 * 86_400_000 }),
      incrementMs: fc.integer({ min: CLOCK_OVERHEAD_MS + 50, max: 6 * 3_600_000 }),
      levelMs: fc.constantFrom(200, 1000, 3000),
      overheads: fc.array(fc.nat(CLOCK_OVERHEAD_MS), { minLength: 1, maxLength: 400 }),
    });
    fc.assert(
      fc.property(setups, ({ mainMs, incrementMs, levelMs, overheads }) => {
        let left = mainMs;
        for (const overhead of overheads) {
          const budget = clockBudget(levelMs, left, incrementMs);
          expect(budget).toBeLessThanOrEqual(levelMs);
          left -= budget + overhead;
          expect(left).toBeGreaterThan(0);
          left += incrementMs;
        }
      }),
    );
  });

  it('thinks less as its time runs low', () => {
    expect(clockBudget(3000, 60 * SECOND, SECOND)).toBe(2792);
    expect(clockBudget(3000, 3 * SECOND, SECOND)).toBe(688);
    expect(clockBudget(1000, 60 * SECOND, SECOND)).toBe(1000);
  });
});

describe('a clock’s time as players read it', () => {
  const days = ({ days, time }: { days: number; time: string }) => `${days}d ${time}`;
  it.each([
    [4 * MINUTE + 32 * SECOND + 999, '4:32'],
    [9_470, '0:09.4'],
    [0, '0:00.0'],
    [-5, '0:00.0'],
    [5 * 3_600_000 + 3 * MINUTE + 12 * SECOND, '5:03:12'],
    [86_400_000 + 6 * 3_600_000 + 12 * MINUTE, '1d 06:12'],
  ])('%i ms: %s', (ms, text) => {
    expect(clockTime(ms, days)).toBe(text);
  });
});
