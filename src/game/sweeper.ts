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
import { pausable, paused } from './vacation-clock.ts';

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
  reminders: { guildId: string; channelId: string; player: Player; deadline: number; lowTime?: boolean }[];
}

/** The service's one way to change a game, acting as the clock for the side on turn. */
export type ClockChange = <T extends object>(
  table: Table,
  extraSchedules: ScheduleChange[],
  apply: (active: ActiveGame, side: Side) => Outcome<T>,
) => Promise<Outcome<T & { game: ActiveGame; nextGame?: ActiveGame }>>;

/**
 * What a due entry's change came to: a reminder's player, a game lost on time, or (`stood`) a
 * clock stopped instead because its player is away.
 */
type Swept = { player?: Player; stood?: true; game: ActiveGame; nextGame?: ActiveGame };

/** The players of a table's game who are away on vacation, with when they went. */
export type AwayPlayers = (table: Table) => Promise<ReadonlyMap<string, number>>;

interface Due {
  gameId: string;
  ply: number;
}

/** What each clock schedule does with a due entry that still names the turn in progress. */
const CLOCK_SCHEDULES = [
  {
    schedule: SCHEDULES.deadlines,
    apply(
      active: ActiveGame,
      side: Side,
      entry: Due,
      now: number,
      away: ReadonlyMap<string, number>,
    ): Outcome<{ player?: undefined; stood?: true }> {
      if (!isDue(active, entry, now, 'deadline') || !active.clock) return failure('stale');
      // A player who went away before their time ran out does not lose on time: their clock
      // stands from when they went (a game started as they went away, which their going did not see).
      const id = active.players[side].id;
      const since = away.get(id);
      const clock = active.clock;
      if (since !== undefined && since < clock.deadline && pausable(clock)) {
        const turnStart = clock.fischer ? clock.fischer.since : clock.deadline - clock.perMoveMs;
        active.clock = paused(clock, Math.max(since, turnStart));
        active.away = [...new Set([...active.away, id])];
        return success({ stood: true });
      }
      active.game.timeOut(side);
      return success({});
    },
  },
  {
    schedule: SCHEDULES.reminders,
    apply(
      active: ActiveGame,
      side: Side,
      entry: Due,
      now: number,
    ): Outcome<{ player?: Player; stood?: true }> {
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
  awayPlayers: AwayPlayers,
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
              const away = kind.schedule === SCHEDULES.deadlines ? await awayPlayers(table) : NOBODY;
              const changed = await change(table, drop, (active, side) =>
                kind.apply(active, side, entry, now, away),
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
        const { game, nextGame, player, stood } = outcome.value;
        if (stood) continue;
        if (player && game.clock)
          found.reminders.push({
            guildId: game.guildId,
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

const NOBODY: ReadonlyMap<string, number> = new Map();

/** Whether a schedule entry still names the turn in progress, and its time has come. */
function isDue(active: ActiveGame, entry: Due, now: number, what: 'deadline' | 'reminder'): boolean {
  const clock = active.clock;
  // A clock that stands (its player away) has nothing due; its entries went when it stopped.
  if (
    active.id !== entry.gameId ||
    active.game.plyCount !== entry.ply ||
    !clock ||
    clock.pausedAt !== undefined
  )
    return false;
  // No reminder once the time is up: the deadline's entry ends the game instead.
  return what === 'deadline'
    ? clock.deadline <= now
    : !clock.reminded && clock.remindAt <= now && now < clock.deadline;
}
