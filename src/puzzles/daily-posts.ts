/**
 * The daily post: moderators set the channel and hour, and any bot process may claim a server's
 * due post from the schedule, post the day's puzzle and schedule the next.
 */
import { success } from '../core/outcome.ts';
import type { Player } from '../core/players.ts';
import { commit, transaction } from '../core/transaction.ts';
import type { ScheduleChange, Store } from '../store/index.ts';
import type { DailyPuzzles } from './daily.ts';
import { DAY_MS, dayOf, dayStart, nextPostAt } from './days.ts';
import { puzzleKeys } from './keys.ts';
import type { Puzzle } from './puzzle-file.ts';
import type { PuzzleVariants } from './puzzle-variants.ts';
import { RETRIES, transact } from './transact.ts';
import { type DailyDoc, type PuzzleOutcome, type PuzzleSetup, puzzleFailure } from './types.ts';

/** Servers (by id) by the time their daily puzzle is due to be posted: any process may claim one. */
export const DAILY_POSTS = 'schedule:daily-puzzles';

export interface DuePost {
  guildId: string;
  setup: PuzzleSetup;
  day: string;
  puzzle: Puzzle;
  /** Already posted that day (the claim came again after the post was recorded): only reschedule. */
  posted: boolean;
}

export class DailyPosts {
  constructor(
    private readonly store: Store,
    private readonly variants: PuzzleVariants,
    private readonly daily: DailyPuzzles,
    private readonly now: () => number,
  ) {}

  /** Moderators: post the daily puzzle to `channelId` at `hour` o'clock UTC, from `variant`'s puzzles. */
  setup(
    guildId: string,
    input: { channelId: string; variant: string; hour: number; by: Player },
  ): Promise<PuzzleOutcome<PuzzleSetup & { next: number }>> {
    const key = puzzleKeys.setup(guildId);
    return transact(this.store, [key], async () => {
      const checked = this.variants.check(input.variant);
      if (!checked.ok) return checked;
      if (!Number.isInteger(input.hour) || input.hour < 0 || input.hour > 23)
        return puzzleFailure('bad-hour');
      const read = await this.store.read<PuzzleSetup>(key);
      const setup: PuzzleSetup = {
        schema: 1,
        channelId: input.channelId,
        variant: checked.value,
        hour: input.hour,
        by: { id: input.by.id, name: input.by.name },
        at: this.now(),
      };
      const next = nextPostAt(this.now(), input.hour);
      return commit([{ key, value: setup, expectRevision: read?.revision ?? 0 }], { ...setup, next }, [
        { schedule: DAILY_POSTS, group: guildId, member: guildId, at: next },
      ]);
    });
  }

  /** Moderators: no more daily posts (the daily puzzle stays, by `/puzzle daily`). */
  stop(guildId: string): Promise<PuzzleOutcome<PuzzleSetup>> {
    const key = puzzleKeys.setup(guildId);
    return transact(this.store, [key], async () => {
      const read = await this.store.read<PuzzleSetup>(key);
      if (!read) return puzzleFailure('no-daily-setup');
      return commit([{ key, value: null, expectRevision: read.revision }], read.value, [
        { schedule: DAILY_POSTS, group: guildId, member: guildId, at: null },
      ]);
    });
  }

  async setupOf(guildId: string): Promise<PuzzleSetup | null> {
    return (await this.store.read<PuzzleSetup>(puzzleKeys.setup(guildId)))?.value ?? null;
  }

  /**
   * Claims the servers whose daily post is due (each goes to one process, by the store's claim);
   * call `postDone` for each once posted. A server without a setup any more is dropped here.
   */
  async claimDuePosts(leaseMs = 60_000, limit = 20): Promise<DuePost[]> {
    const claimed = await this.store.claimDue(DAILY_POSTS, this.now(), leaseMs, limit);
    const due: DuePost[] = [];
    for (const { group: guildId, member } of claimed) {
      const setup = await this.setupOf(guildId);
      if (!setup) {
        await this.store.commit([], [{ schedule: DAILY_POSTS, group: guildId, member, at: null }]);
        continue;
      }
      const day = dayOf(this.now());
      const ensured = await this.daily.ensure(guildId, day);
      if (!ensured.ok) continue; // the claim's lease ends and it is tried again
      due.push({
        guildId,
        setup,
        day,
        puzzle: ensured.value.puzzle,
        posted: Boolean(ensured.value.doc.posted),
      });
    }
    return due;
  }

  /** Records the day's post (null: the channel would not take it) and schedules the next one. */
  async postDone(due: DuePost, messageId: string | null): Promise<void> {
    const key = puzzleKeys.daily(due.guildId, due.day);
    const next = nextPostAt(
      Math.max(this.now(), dayStart(due.day) + due.setup.hour * 60 * 60 * 1000),
      due.setup.hour,
    );
    const schedules: ScheduleChange[] = [
      { schedule: DAILY_POSTS, group: due.guildId, member: due.guildId, at: next },
    ];
    await transaction(this.store, {
      tries: RETRIES,
      outage: 'throw',
      build: async () => {
        const read = await this.store.read<DailyDoc>(key);
        if (!read || read.value.posted) return commit([], undefined, schedules);
        const posted = { ...read.value, posted: { channelId: due.setup.channelId, messageId } };
        return commit(
          [{ key, value: posted, expectRevision: read.revision, ttlMs: 7 * DAY_MS }],
          undefined,
          schedules,
        );
      },
      exhausted: () => success(undefined),
    });
  }
}
