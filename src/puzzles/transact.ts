/**
 * The puzzles' one way to change the store: a compare-and-set commit of the documents read, built
 * again from fresh reads when it lost a race on a shared document only.
 */
import { type ScheduleChange, type Store, StoreUnavailableError, type Write } from '../store/index.ts';
import type { PuzzleFailure, PuzzleFailureCode, PuzzleOutcome } from './types.ts';

/** Attempts for a commit that lost a race on a shared document only. */
export const RETRIES = 5;

export const puzzleFailure = <T>(
  code: PuzzleFailureCode | PuzzleFailure['code'],
  params: PuzzleFailure['params'] = {},
) => ({ ok: false, code, params }) as PuzzleOutcome<T>;

/** What a change builds from its reads: the writes and schedule changes to commit, and its answer. */
export type Built<T> = PuzzleOutcome<{ writes: Write[]; schedules?: ScheduleChange[]; value: T }>;

/**
 * Builds a commit from fresh reads and applies it; when it lost a race on a shared document only
 * (not one of `ownKeys`, the member's own), builds it again from new reads. A store that does not
 * answer is a refusal the member can read.
 */
export async function transact<T>(
  store: Store,
  ownKeys: string[],
  build: () => Promise<Built<T>>,
): Promise<PuzzleOutcome<T>> {
  try {
    for (let tries = 0; tries < RETRIES; tries++) {
      const built = await build();
      if (!built.ok) return built;
      const { writes, schedules, value } = built.value;
      if (writes.length === 0 && !schedules?.length) return { ok: true, value };
      const committed = await store.commit(writes, schedules);
      if (committed.ok) return { ok: true, value };
      if (ownKeys.includes(committed.conflict)) return puzzleFailure('puzzle-changed');
    }
    return puzzleFailure('busy');
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      return puzzleFailure(error.maybeApplied ? 'store-silent' : 'store-unavailable');
    throw error;
  }
}
