/**
 * The one way a module changes the store: a change built from fresh reads and committed by
 * compare-and-set, built again from new reads when it lost a race, up to a number of tries. What
 * differs between modules is said by options: how many tries, which lost races are the end rather
 * than a reason to try again, the answer once every try lost, and whether a store that does not
 * answer is a refusal the member can read or an error for the caller.
 */
import { type ScheduleChange, type Store, StoreUnavailableError, type Write } from '../store/index.ts';
import { failure, type Outcome, type StoreFailureCode, success } from './outcome.ts';

/** Writes and schedule changes to commit together, and the answer once they are; none: the answer at once. */
export interface Commit<T> {
  writes: Write[];
  schedules?: ScheduleChange[];
  value: T;
}

/**
 * What a try answers when what it read changed under it (a commit of its own lost a race, or it
 * changed it itself: a game stored although over, ended on the way): the change is built again.
 */
export const READ_AGAIN = Symbol('read again');

/** What one try builds from its reads: a commit, a refusal (answered as it is), or READ_AGAIN. */
export type Built<T, Code extends string> = Outcome<Commit<T>, Code> | typeof READ_AGAIN;

export interface Change<T, Code extends string> {
  /** Builds and commits at most this many times. */
  tries: number;
  build: () => Promise<Built<T, Code>>;
  /**
   * What a lost race on `key` comes to when another try would not help (the member's own
   * document, the game itself changed), given the commit's answer that lost; undefined builds
   * again. Absent: every lost race builds again.
   */
  onConflict?: (key: string, lost: T) => Outcome<T, Code> | undefined | Promise<Outcome<T, Code> | undefined>;
  /** The answer once the last try lost its race too. */
  exhausted: () => Outcome<T, Code>;
  /**
   * A store that does not answer: `refuse` (the default) answers `store-unavailable`, or
   * `store-silent` when a commit may have applied; `throw` leaves the StoreUnavailableError to the
   * caller (work in the background, tried again later).
   */
  outage?: 'refuse' | 'throw';
}

export function transaction<T, Code extends string>(
  store: Store,
  change: Change<T, Code> & { outage: 'throw' },
): Promise<Outcome<T, Code>>;
export function transaction<T, Code extends string>(
  store: Store,
  change: Change<T, Code>,
): Promise<Outcome<T, Code | StoreFailureCode>>;
export function transaction<T, Code extends string>(
  store: Store,
  change: Change<T, Code>,
): Promise<Outcome<T, Code | StoreFailureCode>> {
  const tries = async (): Promise<Outcome<T, Code>> => {
    for (let attempt = 0; attempt < change.tries; attempt++) {
      const built = await change.build();
      if (built === READ_AGAIN) continue;
      if (!built.ok) return built;
      const { writes, schedules = [], value } = built.value;
      if (writes.length === 0 && schedules.length === 0) return success(value);
      const committed = await store.commit(writes, schedules);
      if (committed.ok) return success(value);
      const final = await change.onConflict?.(committed.conflict, value);
      if (final) return final;
    }
    return change.exhausted();
  };
  return change.outage === 'throw' ? tries() : guarded(tries);
}

/** A change's commit: `writes` (and `schedules`) to apply together, answering `value` once they are. */
export const commit = <T, Code extends string = never>(
  writes: Write[],
  value: T,
  schedules: ScheduleChange[] = [],
): Outcome<Commit<T>, Code> => success({ writes, schedules, value });

/**
 * Turns a store outage into a refusal the member can read: nothing was changed, or, when a
 * commit went out and no answer came back, it may have been (it never applies half-way).
 */
export async function guarded<T, Code extends string>(
  work: () => Promise<Outcome<T, Code>>,
): Promise<Outcome<T, Code | StoreFailureCode>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      return failure(error.maybeApplied ? 'store-silent' : 'store-unavailable');
    throw error;
  }
}
