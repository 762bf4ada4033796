/**
 * Correspondence time control: each move must be made within a set time. Deadlines and the
 * reminders at 80% of the time live in two schedules in the store, changed in the same commit as
 * the game, and a sweeper in every bot process claims what is due.
 */
import type { ScheduleChange } from '../store/index.ts';

export const TIME_CONTROLS = {
  none: null,
  '10m': 10 * 60 * 1000,
  '1h': 60 * 60 * 1000,
  '1d': 24 * 60 * 60 * 1000,
  '3d': 3 * 24 * 60 * 60 * 1000,
} as const;

export type TimeControl = keyof typeof TIME_CONTROLS;
export const DEFAULT_TIME_CONTROL: TimeControl = '1d';

export function isTimeControl(value: string): value is TimeControl {
  return Object.hasOwn(TIME_CONTROLS, value);
}

/**
 * The time control a game was played at, from its time per move (null: no limit); a game stored
 * before the time was kept with it (undefined), or one started at a time no choice offers, gets
 * the default.
 */
export function timeControlOf(perMoveMs: number | null | undefined): TimeControl {
  if (perMoveMs === undefined) return DEFAULT_TIME_CONTROL;
  const found = (Object.keys(TIME_CONTROLS) as TimeControl[]).find(
    (time) => TIME_CONTROLS[time] === perMoveMs,
  );
  return found ?? DEFAULT_TIME_CONTROL;
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

export interface Clock {
  perMoveMs: number;
  deadline: number;
  remindAt: number;
  reminded: boolean;
}

/** The clock for a turn that starts at `now`. */
export function turnClock(perMoveMs: number, now: number): Clock {
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
