/**
 * Time controls: a time per move (each move must be made within a set time), or a Fischer clock
 * (each side's own time, with an increment per move: fischer.ts). Deadlines and reminders live in
 * two schedules in the store, changed in the same commit as the game, and a sweeper in every bot
 * process claims what is due.
 */

import { DAY, HOUR, MINUTE } from '../core/time-controls.ts';
import type { ScheduleChange } from '../store/index.ts';
import type { FischerClock } from './fischer.ts';

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
  /**
   * A human player's turn (`<channel>|<game>|<ply>`), due when it begins, whether or not they asked
   * for alerts: the settings module claims it and reads their settings then (src/settings/turn-alerts.ts).
   */
  turnAlerts: 'schedule:turn-alerts',
  /** A member's vacation (`<member>`), due when their vacation days for the year run out: it ends then. */
  vacationEnds: 'schedule:vacation-ends',
} as const;

/** The clock of a game with a time per move, for the turn in progress. */
export interface PerMoveClock {
  perMoveMs: number;
  deadline: number;
  remindAt: number;
  reminded: boolean;
  /** Set while the player to move is away (a vacation): the clock stopped then; see vacation-clock.ts. */
  pausedAt?: number;
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
  // A paused clock (its player away) has no deadline or reminder due.
  const running = (clock: Clock | null | undefined) => (clock?.pausedAt === undefined ? clock : null);
  const same =
    before &&
    after &&
    before.ply === after.ply &&
    running(before.clock)?.deadline === running(after.clock)?.deadline &&
    before.clock?.pausedAt === after.clock?.pausedAt;
  if (before?.clock && !same) {
    changes.push({ schedule: SCHEDULES.deadlines, group, member: entryFor(game, before.ply), at: null });
    changes.push({ schedule: SCHEDULES.reminders, group, member: entryFor(game, before.ply), at: null });
  }
  const afterClock = running(after?.clock);
  if (after && afterClock && !same) {
    changes.push({
      schedule: SCHEDULES.deadlines,
      group,
      member: entryFor(game, after.ply),
      at: afterClock.deadline,
    });
    if (!afterClock.reminded) {
      changes.push({
        schedule: SCHEDULES.reminders,
        group,
        member: entryFor(game, after.ply),
        at: afterClock.remindAt,
      });
    }
  }
  return changes;
}
