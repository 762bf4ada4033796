/**
 * The puzzles' way to change the store: the core's transaction (src/core/transaction.ts) on the
 * puzzles' terms. A commit that lost a race on a shared document (the server's table, a puzzle's
 * rating) is built again from fresh reads; one that lost it on one of `ownKeys`, the member's own,
 * is the member answering from elsewhere at the same instant.
 */
import { failure, type Outcome, type StoreFailureCode } from '../core/outcome.ts';
import { type Built, transaction } from '../core/transaction.ts';
import type { Store } from '../store/index.ts';
import type { PuzzleOutcomeCode } from './types.ts';

/** Attempts for a commit that lost a race on a shared document only. */
export const RETRIES = 5;

/**
 * Builds a commit from fresh reads and applies it, again while it loses races on shared documents
 * only. A store that does not answer is a refusal the member can read. `Code`: the refusals of
 * the part that builds it (the personal puzzles have their own).
 */
export function transact<T, Code extends string = PuzzleOutcomeCode>(
  store: Store,
  ownKeys: string[],
  build: () => Promise<Built<T, Code>>,
): Promise<Outcome<T, Code | 'puzzle-changed' | 'busy' | StoreFailureCode>> {
  return transaction<T, Code | 'puzzle-changed' | 'busy'>(store, {
    tries: RETRIES,
    build,
    onConflict: (key) => (ownKeys.includes(key) ? failure('puzzle-changed') : undefined),
    exhausted: () => failure('busy'),
  });
}
