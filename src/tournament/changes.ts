/**
 * The one way a tournament changes: its document, and the guild's index when its status changes,
 * committed by compare-and-set and read again after a conflict, with the schedule entries its
 * progress calls for.
 */
import { commit, transaction } from '../core/transaction.ts';
import type { ScheduleChange, Store, Write } from '../store/index.ts';
import { failure, type TournamentOutcome } from './failures.ts';
import { tournamentKeys } from './keys.ts';
import type { Progress } from './tournament.ts';
import type { TournamentDoc, TournamentIndex } from './types.ts';

/** Rounds to open (`<tournament>|<round>`) and tournaments whose end is to be posted (`<tournament>|final`). */
export const TOURNAMENT_ROUNDS = 'schedule:tournament-rounds';
/** Tries of a change that conflicted with another (a result, a join at the same instant). */
export const RETRIES = 10;
/** The guild index keeps this many tournaments (the oldest ended ones go first). */
const INDEX_SIZE = 50;

/** A change's outcome: the document after it and what it set going. */
export interface Changed {
  doc: TournamentDoc;
  progress: Progress;
}

const noProgress = (): Progress => ({ completed: [], opened: null, finished: false });

export class TournamentChanges {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async get(guildId: string, id: string): Promise<TournamentDoc | null> {
    return (await this.store.read<TournamentDoc>(tournamentKeys.tournament(guildId, id)))?.value ?? null;
  }

  async list(guildId: string): Promise<TournamentIndex['tournaments']> {
    return (await this.store.read<TournamentIndex>(tournamentKeys.index(guildId)))?.value.tournaments ?? [];
  }

  /**
   * Reads the tournament, applies `step`, and commits the document (with the guild's index when
   * its status changed, and the schedule entries its progress calls for) by compare-and-set,
   * reading again after a conflict. `unchanged` commits only `extraSchedules`.
   */
  change<T extends { doc: TournamentDoc; progress?: Progress; unchanged?: boolean }>(
    guildId: string,
    id: string,
    step: (doc: TournamentDoc) => TournamentOutcome<T>,
    extraSchedules: ScheduleChange[] = [],
  ): Promise<TournamentOutcome<Changed & Omit<T, 'doc' | 'progress' | 'unchanged'>>> {
    const key = tournamentKeys.tournament(guildId, id);
    return transaction(this.store, {
      tries: RETRIES,
      build: async () => {
        const read = await this.store.read<TournamentDoc>(key);
        if (!read) return failure('no-tournament', { name: '' });
        const stepped = step(read.value);
        if (!stepped.ok) return stepped;
        const { doc, progress = noProgress(), unchanged, ...rest } = stepped.value;
        if (unchanged) return commit([], { ...rest, doc: read.value, progress }, extraSchedules);
        const now = this.now();
        const next: TournamentDoc = { ...doc, updatedAt: now };
        const writes: Write[] = [{ key, value: next, expectRevision: read.revision }];
        if (next.status !== read.value.status) {
          const index = await this.store.read<TournamentIndex>(tournamentKeys.index(guildId));
          writes.push(indexWrite(guildId, index, next));
        }
        const schedules = [...extraSchedules];
        const opening = (what: string | number): ScheduleChange => ({
          schedule: TOURNAMENT_ROUNDS,
          group: guildId,
          member: `${id}|${what}`,
          at: now,
        });
        if (progress.opened !== null) schedules.push(opening(progress.opened));
        if (progress.finished) schedules.push(opening('final'));
        return commit(writes, { ...rest, doc: next, progress }, schedules);
      },
      exhausted: () => failure('tournament-changed'),
    });
  }
}

/** The guild index with this tournament's entry added or brought up to date. */
export function indexWrite(
  guildId: string,
  read: { value: TournamentIndex; revision: number } | null,
  doc: TournamentDoc,
): Write {
  const entries = (read?.value.tournaments ?? []).filter((entry) => entry.id !== doc.id);
  entries.push({
    id: doc.id,
    name: doc.name,
    channelId: doc.channelId,
    status: doc.status,
    createdAt: doc.createdAt,
  });
  entries.sort((a, b) => a.createdAt - b.createdAt);
  while (entries.length > INDEX_SIZE) {
    const ended = entries.findIndex((entry) => entry.status === 'finished' || entry.status === 'cancelled');
    entries.splice(Math.max(ended, 0), 1);
  }
  return {
    key: tournamentKeys.index(guildId),
    value: { schema: 1, tournaments: entries } satisfies TournamentIndex,
    expectRevision: read?.revision ?? 0,
  };
}
