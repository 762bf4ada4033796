/**
 * Vacations: a member away from a server stops the clocks of their games there on their turns
 * (vacation-clock.ts), for up to the server's vacation days a year (14 unless the server sets
 * another number). Going away and coming back each change the member's vacation and all their
 * games in progress in one atomic commit, so a move at the same instant is either before (and the
 * vacation stops the clock of the turn it began) or after (and begins a turn that stands). A
 * vacation ends when the member ends it or when their days for the year run out (the schedule's
 * entry, claimed by any bot process).
 */
import type { Player } from '../core/players.ts';
import { DAY } from '../core/time-controls.ts';
import { commit, guarded, transaction } from '../core/transaction.ts';
import type { ScheduleChange, Store, Write } from '../store/index.ts';
import { rescheduled, SCHEDULES } from './clock.ts';
import type { GameChanges } from './game-changes.ts';
import { keys } from './keys.ts';
import type { GameListing } from './listing.ts';
import {
  type ActiveGame,
  failure,
  type Outcome,
  type StoredGame,
  success,
  type VacationDoc,
} from './types.ts';
import { paused, resumed } from './vacation-clock.ts';

export const DEFAULT_VACATION_DAYS = 14;
export const MAX_VACATION_DAYS = 365;
/** Attempts at going away or coming back while games change under it. */
const TRIES = 5;

export interface VacationStatus {
  since: number | null;
  /** The server's vacation days a year. */
  days: number;
  /** Time away this year, the vacation in progress included. */
  usedMs: number;
  /** Time away left this year. */
  leftMs: number;
  /** When the vacation in progress ends by itself (its days run out); null when not away. */
  endsAt: number | null;
}

interface VacationDaysDoc {
  schema: 1;
  days: number;
}

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const startOfYear = (year: number) => Date.UTC(year, 0, 1);

/** Time away in the year of `now`: what ended this year, and the vacation in progress since the year began. */
function usedAt(doc: VacationDoc | null, now: number): number {
  if (!doc) return 0;
  const year = yearOf(now);
  const ended = doc.year === year ? doc.usedMs : 0;
  return ended + (doc.since === null ? 0 : Math.max(0, now - Math.max(doc.since, startOfYear(year))));
}

function statusOf(doc: VacationDoc | null, days: number, now: number): VacationStatus {
  const usedMs = usedAt(doc, now);
  const leftMs = Math.max(0, days * DAY - usedMs);
  const since = doc?.since ?? null;
  return { since, days, usedMs, leftMs, endsAt: since === null ? null : now + leftMs };
}

export class Vacations {
  constructor(
    private readonly store: Store,
    private readonly changes: GameChanges,
    private readonly listing: GameListing,
    private readonly now: () => number,
  ) {}

  /** The vacation days a year each member of the guild has. */
  async days(guildId: string): Promise<number> {
    const read = await this.store.read<VacationDaysDoc>(keys.vacationDays(guildId));
    return read?.value.days ?? DEFAULT_VACATION_DAYS;
  }

  /** Sets the guild's vacation days a year (0 to 365; 0: no vacations). */
  async setDays(guildId: string, days: number): Promise<Outcome<{ days: number }>> {
    if (!Number.isInteger(days) || days < 0 || days > MAX_VACATION_DAYS)
      return failure('vacation-days-invalid', { days });
    return guarded(async () => {
      const key = keys.vacationDays(guildId);
      const read = await this.store.read<VacationDaysDoc>(key);
      const written = await this.store.commit([
        { key, value: { schema: 1, days } satisfies VacationDaysDoc, expectRevision: read?.revision ?? 0 },
      ]);
      return written.ok ? success({ days }) : failure('busy');
    });
  }

  async status(guildId: string, memberId: string): Promise<VacationStatus> {
    const [read, days] = await Promise.all([
      this.store.read<VacationDoc>(keys.vacation(guildId, memberId)),
      this.days(guildId),
    ]);
    return statusOf(read?.value ?? null, days, this.now());
  }

  /**
   * The member goes away: the clocks of their games in the guild stop on their turns (now, and
   * every turn of theirs that begins while they are away), until they come back or their days run out.
   */
  start(guildId: string, member: Player): Promise<Outcome<{ status: VacationStatus; games: ActiveGame[] }>> {
    return this.change(guildId, member.id, (doc, days, now) => {
      if (doc?.since != null) return failure('already-away');
      const before = statusOf(doc, days, now);
      if (before.leftMs <= 0) return failure('no-vacation-left', { days });
      return success({
        vacation: { schema: 1, year: yearOf(now), usedMs: before.usedMs, since: now },
        game: (stored, onTurn) => ({
          ...stored,
          away: [...new Set([...(stored.away ?? []), member.id])],
          clock: stored.clock && onTurn ? paused(stored.clock, now) : stored.clock,
        }),
      });
    });
  }

  /** The member is back: the clocks of their games that stood run again from now, each deadline moved by the time it stood. */
  end(guildId: string, memberId: string): Promise<Outcome<{ status: VacationStatus; games: ActiveGame[] }>> {
    return this.change(guildId, memberId, (doc, _days, now) => {
      if (!doc || doc.since === null) return failure('not-away');
      return success({
        vacation: { schema: 1, year: yearOf(now), usedMs: usedAt(doc, now), since: null },
        game: (stored, onTurn) => {
          const { away: _, ...rest } = stored;
          const others = (stored.away ?? []).filter((id) => id !== memberId);
          // Their clock stood only on their turns; on the opponent's turn the clock is the opponent's.
          return {
            ...rest,
            ...(others.length ? { away: others } : {}),
            clock: stored.clock && onTurn ? resumed(stored.clock, now) : stored.clock,
          };
        },
      });
    });
  }

  /**
   * Going away or coming back, in one commit: the member's vacation as `step` decides from what
   * was stored, each of their games in the guild changed as it says (`onTurn`: it is their turn
   * there), the schedules following; and once committed, the games' live boards told.
   */
  private async change(
    guildId: string,
    memberId: string,
    step: (
      doc: VacationDoc | null,
      days: number,
      now: number,
    ) => Outcome<{ vacation: VacationDoc; game: (stored: StoredGame, onTurn: boolean) => StoredGame }>,
  ): Promise<Outcome<{ status: VacationStatus; games: ActiveGame[] }>> {
    const outcome = await transaction(this.store, {
      tries: TRIES,
      build: async () => {
        const now = this.now();
        const key = keys.vacation(guildId, memberId);
        const [read, days] = await Promise.all([this.store.read<VacationDoc>(key), this.days(guildId)]);
        const decided = step(read?.value ?? null, days, now);
        if (!decided.ok) return decided;
        const { vacation, game } = decided.value;
        const changed = await this.gamesOf(guildId, memberId, (stored, active) =>
          game(stored, active.players[active.game.turn].id === memberId),
        );
        const status = statusOf(vacation, days, now);
        return commit(
          [{ key, value: vacation, expectRevision: read?.revision ?? 0 }, ...changed.writes],
          { status, games: changed.games },
          [...changed.schedules, vacationEnd(guildId, memberId, status.endsAt)],
        );
      },
      exhausted: () => failure('busy'),
    });
    if (outcome.ok)
      for (const game of outcome.value.games)
        this.changes.publish({
          guildId: game.guildId,
          channelId: game.channelId,
          gameId: game.id,
          ply: game.game.plyCount,
        });
    return outcome;
  }

  /**
   * Ends the vacations whose days ran out (any process may run it: each entry is claimed by one).
   * A vacation whose days grew meanwhile (a new year, a server's new number) is put off to its new end.
   */
  async sweep(
    leaseMs: number,
    limit = 20,
  ): Promise<{ guildId: string; memberId: string; games: ActiveGame[] }[]> {
    const ended: { guildId: string; memberId: string; games: ActiveGame[] }[] = [];
    const now = this.now();
    for (const { group, member } of await this.store.claimDue(SCHEDULES.vacationEnds, now, leaseMs, limit)) {
      const status = await this.status(group, member);
      if (status.since !== null && status.leftMs > 0) {
        await this.store.commit([], [vacationEnd(group, member, status.endsAt)]);
        continue;
      }
      const outcome = await this.end(group, member);
      if (outcome.ok) ended.push({ guildId: group, memberId: member, games: outcome.value.games });
      else if (outcome.code === 'not-away') await this.store.commit([], [vacationEnd(group, member, null)]);
    }
    return ended;
  }

  /** Each of the member's games in progress in the guild changed by `change`: the writes, their schedules, and the games after. */
  private async gamesOf(
    guildId: string,
    memberId: string,
    change: (stored: StoredGame, active: ActiveGame) => StoredGame,
  ): Promise<{ writes: Write[]; schedules: ScheduleChange[]; games: ActiveGame[] }> {
    const writes: Write[] = [];
    const schedules: ScheduleChange[] = [];
    const games: ActiveGame[] = [];
    for (const { value: stored, revision } of (await this.listing.storedGames(guildId)).items) {
      if (stored.players.attackers.id !== memberId && stored.players.defenders.id !== memberId) continue;
      const active = this.changes.activate(stored, revision);
      if (active.game.isGameOver()) continue;
      const next = change(stored, active);
      const ply = active.game.plyCount;
      writes.push({ key: keys.game(guildId, stored.channelId), value: next, expectRevision: revision });
      schedules.push(...rescheduled(stored, { clock: stored.clock, ply }, { clock: next.clock, ply }));
      games.push(this.changes.activate(next, revision + 1));
    }
    return { writes, schedules, games };
  }
}

/** The schedule entry that ends a member's vacation when their days run out (`at` null: none). */
function vacationEnd(guildId: string, memberId: string, at: number | null): ScheduleChange {
  return { schedule: SCHEDULES.vacationEnds, group: guildId, member: memberId, at };
}
