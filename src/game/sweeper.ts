/**
 * The sweeper: the clock's due entries (deadlines, then reminders), claimed and dealt with in one
 * loop. Safe to run in every bot process at once: each due entry is claimed by one process, and
 * the game changes by compare-and-set, so each game is lost on time once and each reminder sent
 * once. AI turns and challenge expiries are claimed by their own drivers, which the bot's sweep
 * wakes on the same tick (src/bot/client.ts).
 */
import type { Player } from '../core/players.ts';
import { commit, guarded, READ_AGAIN, transaction } from '../core/transaction.ts';
import type { Side } from '../engine/index.ts';
import type { ScheduleChange, Store } from '../store/index.ts';
import { readEntry, SCHEDULES } from './clock.ts';
import type { GameOutcomeCode } from './failures.ts';
import type { Table } from './table.ts';
import { type ActiveGame, failure, type Outcome, success } from './types.ts';

/** How long a claimed schedule entry stays with its claimer before another process may take it. */
export const SWEEP_LEASE_MS = 60_000;
/** Attempts at a due entry's change while the game changes under it. */
const SAME_INSTANT_RETRIES = 3;

export interface SweepResult {
  /** Games just lost on time, with their result. */
  timedOut: ActiveGame[];
  /** Second games of matches that started because the first was lost on time. */
  nextGames: ActiveGame[];
  /**
   * Players on turn with 80% of their time for the move gone, or on a Fischer clock
   * (`lowTime`) down to a tenth of the main time.
   */
  reminders: { channelId: string; player: Player; deadline: number; lowTime?: boolean }[];
}

/** The service's one way to change a game, acting as the clock for the side on turn. */
export type ClockChange = <T extends object>(
  table: Table,
  extraSchedules: ScheduleChange[],
  apply: (active: ActiveGame, side: Side) => Outcome<T>,
) => Promise<Outcome<T & { game: ActiveGame; nextGame?: ActiveGame }>>;

/** What a due entry's change came to: a reminder's player, or a game lost on time. */
type Swept = { player?: Player; game: ActiveGame; nextGame?: ActiveGame };

interface Due {
  gameId: string;
  ply: number;
}

/** What each clock schedule does with a due entry that still names the turn in progress. */
const CLOCK_SCHEDULES = [
  {
    schedule: SCHEDULES.deadlines,
    apply(active: ActiveGame, side: Side, entry: Due, now: number): Outcome<{ player?: undefined }> {
      if (!isDue(active, entry, now, 'deadline')) return failure('stale');
      active.game.timeOut(side);
      return success({});
    },
  },
  {
    schedule: SCHEDULES.reminders,
    apply(active: ActiveGame, side: Side, entry: Due, now: number): Outcome<{ player?: Player }> {
      if (!isDue(active, entry, now, 'reminder') || !active.clock) return failure('stale');
      active.clock = { ...active.clock, reminded: true };
      return success({ player: active.players[side] });
    },
  },
] as const;

export async function sweepClocks(
  store: Store,
  change: ClockChange,
  now: number,
  limit = 50,
): Promise<SweepResult> {
  const found: SweepResult = { timedOut: [], nextGames: [], reminders: [] };
  for (const kind of CLOCK_SCHEDULES) {
    for (const { group, member } of await store.claimDue(kind.schedule, now, SWEEP_LEASE_MS, limit)) {
      const drop: ScheduleChange[] = [{ schedule: kind.schedule, group, member, at: null }];
      const entry = readEntry(member);
      const outcome: Outcome<Swept> = entry
        ? await transaction<Swept, GameOutcomeCode>(store, {
            tries: SAME_INSTANT_RETRIES,
            outage: 'throw',
            build: async () => {
              const table = { guildId: group, channelId: entry.channelId };
              const changed = await change(table, drop, (active, side) =>
                kind.apply(active, side, entry, now),
              );
              // A change at the same instant (a reminder, a move) is read again at once: a blitz
              // flag must not wait for the lease to end.
              if (changed.ok) return commit([], changed.value);
              return changed.code === 'position-changed' ? READ_AGAIN : changed;
            },
            exhausted: () => failure('position-changed'),
          })
        : failure('stale');
      if (outcome.ok) {
        const { game, nextGame, player } = outcome.value;
        if (player && game.clock)
          found.reminders.push({
            channelId: game.channelId,
            player,
            deadline: game.clock.deadline,
            ...(game.clock.fischer ? { lowTime: true } : {}),
          });
        else if (!player) found.timedOut.push(game);
        if (nextGame) found.nextGames.push(nextGame);
      } else if (outcome.code === 'stale' || outcome.code === 'no-game') {
        await guarded(async () => success(await store.commit([], drop)));
      }
      // Anything else (Redis away, a move at the same instant): the lease ends and it is tried again.
    }
  }
  return found;
}

/** Whether a schedule entry still names the turn in progress, and its time has come. */
function isDue(active: ActiveGame, entry: Due, now: number, what: 'deadline' | 'reminder'): boolean {
  const clock = active.clock;
  if (active.id !== entry.gameId || active.game.plyCount !== entry.ply || !clock) return false;
  // No reminder once the time is up: the deadline's entry ends the game instead.
  return what === 'deadline'
    ? clock.deadline <= now
    : !clock.reminded && clock.remindAt <= now && now < clock.deadline;
}
