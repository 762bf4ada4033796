/**
 * Time controls: a time per move (each move must be made within a set time), or a Fischer clock
 * (each side's own time, with an increment per move: fischer.ts). Deadlines and reminders live in
 * two schedules in the store, changed in the same commit as the game, and a sweeper in every bot
 * process claims what is due.
 */

import type { ScheduleChange } from '../store/index.ts';
import type { FischerClock, FischerControl } from './fischer.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fischer clocks: main time plus an increment per move, from blitz to correspondence. */
export const FISCHER_CONTROLS = {
  '5+3': { mainMs: 5 * MINUTE, incrementMs: 3 * 1000 },
  '10+5': { mainMs: 10 * MINUTE, incrementMs: 5 * 1000 },
  '1d+6h': { mainMs: DAY, incrementMs: 6 * HOUR },
  '3d+6h': { mainMs: 3 * DAY, incrementMs: 6 * HOUR },
} as const satisfies Record<string, FischerControl>;

export type FischerTimeControl = keyof typeof FISCHER_CONTROLS;

/** Times per move. */
export const TIME_CONTROLS = {
  none: null,
  '10m': 10 * 60 * 1000,
  '1h': 60 * 60 * 1000,
  '1d': 24 * 60 * 60 * 1000,
  '3d': 3 * 24 * 60 * 60 * 1000,
} as const;

export type PerMoveTimeControl = keyof typeof TIME_CONTROLS;
export type TimeControl = PerMoveTimeControl | FischerTimeControl;
export const DEFAULT_TIME_CONTROL: TimeControl = '1d';

export function isTimeControl(value: string): value is TimeControl {
  return Object.hasOwn(TIME_CONTROLS, value) || Object.hasOwn(FISCHER_CONTROLS, value);
}

export function isFischerTimeControl(value: string): value is FischerTimeControl {
  return Object.hasOwn(FISCHER_CONTROLS, value);
}

/** What a new game stores of its time control: a time per move, or a Fischer clock (the other null). */
export interface GameTimeControl {
  perMoveMs: number | null;
  fischer: FischerControl | null;
}

export function gameTimeControl(time: TimeControl): GameTimeControl {
  return isFischerTimeControl(time)
    ? { perMoveMs: null, fischer: { ...FISCHER_CONTROLS[time] } }
    : { perMoveMs: TIME_CONTROLS[time], fischer: null };
}

/**
 * The time control a game was played at, from what it stored (a Fischer clock, or a time per
 * move, null for no limit); a game stored before the time was kept with it (undefined), or one
 * started at a time no choice offers, gets the default.
 */
export function timeControlOf(game: {
  perMoveMs?: number | null;
  fischer?: FischerControl | null;
}): TimeControl {
  const { fischer, perMoveMs } = game;
  if (fischer) {
    const found = (Object.keys(FISCHER_CONTROLS) as FischerTimeControl[]).find(
      (time) =>
        FISCHER_CONTROLS[time].mainMs === fischer.mainMs &&
        FISCHER_CONTROLS[time].incrementMs === fischer.incrementMs,
    );
    return found ?? DEFAULT_TIME_CONTROL;
  }
  if (perMoveMs === undefined) return DEFAULT_TIME_CONTROL;
  const found = (Object.keys(TIME_CONTROLS) as PerMoveTimeControl[]).find(
    (time) => TIME_CONTROLS[time] === perMoveMs,
  );
  return found ?? DEFAULT_TIME_CONTROL;
}

/**
 * The time a player gives their opponent with More time, by the game's pace (its time per move, or
 * its Fischer clock's main time): 15 seconds in a game under an hour, 15 minutes in one of hours,
 * a day in a correspondence game (a day or more), as lichess gives 15 seconds in live games.
 */
export function moreTimeMs(clock: Clock): number {
  const pace = clock.fischer ? clock.fischer.mainMs : clock.perMoveMs;
  return pace >= DAY ? DAY : pace >= HOUR ? 15 * MINUTE : 15 * 1000;
}

/** When the player on turn is reminded, as a share of the time for the move. */
const REMINDER_SHARE = 0.8;
export const SCHEDULES = {
  deadlines: 'schedule:deadlines',
  reminders: 'schedule:reminders',
  /** Games where it is the AI's turn: any bot process may claim one and play it. */
  aiTurns: 'schedule:ai-turns',
  /** Pending challenges by their expiry: the process that claims one marks it expired and edits its message. */
  challengeExpiry: 'schedule:challenge-expiry',
  /**
   * Ended tournament games (`<tournamentId>|<gameId>`), added in the commit that ends the game:
   * the process that claims one records the result in the tournament (and pairs the next round).
   */
  tournamentResults: 'schedule:tournament-results',
} as const;

/** The clock of a game with a time per move, for the turn in progress. */
export interface PerMoveClock {
  perMoveMs: number;
  deadline: number;
  remindAt: number;
  reminded: boolean;
  fischer?: undefined;
}

/** The turn in progress's clock: its deadline and reminder, and a Fischer clock's times. */
export type Clock = PerMoveClock | (FischerClock & { perMoveMs?: undefined });

/** The clock for a turn that starts at `now`. */
export function turnClock(perMoveMs: number, now: number): PerMoveClock {
  return {
    perMoveMs,
    deadline: now + perMoveMs,
    remindAt: now + Math.round(perMoveMs * REMINDER_SHARE),
    reminded: false,
  };
}

/** What a schedule entry says of a game (a StoredGame, an ActiveGame): where it is played and which it is. */
export interface ScheduledGame {
  guildId: string;
  channelId: string;
  id: string;
}

/** A schedule entry names the game and the turn, so that an entry for a turn already played is recognised as stale. */
export function entryFor(game: ScheduledGame, ply: number): string {
  return `${game.channelId}|${game.id}|${ply}`;
}

export function readEntry(member: string): { channelId: string; gameId: string; ply: number } | null {
  const parts = member.split('|');
  if (parts.length !== 3 || !/^\d+$/.test(parts[2])) return null;
  return { channelId: parts[0], gameId: parts[1], ply: Number(parts[2]) };
}

/**
 * The schedule changes when a game goes from `before` (at `plyBefore`) to `after` (at `plyAfter`,
 * or ended: null), in the copies of the game's guild.
 */
export function rescheduled(
  game: ScheduledGame,
  before: { clock: Clock | null | undefined; ply: number } | null,
  after: { clock: Clock | null | undefined; ply: number } | null,
): ScheduleChange[] {
  const changes: ScheduleChange[] = [];
  const group = game.guildId;
  const same =
    before && after && before.ply === after.ply && before.clock?.deadline === after.clock?.deadline;
  if (before?.clock && !same) {
    changes.push({ schedule: SCHEDULES.deadlines, group, member: entryFor(game, before.ply), at: null });
    changes.push({ schedule: SCHEDULES.reminders, group, member: entryFor(game, before.ply), at: null });
  }
  if (after?.clock && !same) {
    changes.push({
      schedule: SCHEDULES.deadlines,
      group,
      member: entryFor(game, after.ply),
      at: after.clock.deadline,
    });
    if (!after.clock.reminded) {
      changes.push({
        schedule: SCHEDULES.reminders,
        group,
        member: entryFor(game, after.ply),
        at: after.clock.remindAt,
      });
    }
  }
  return changes;
}
