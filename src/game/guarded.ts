import { StoreUnavailableError } from '../store/index.ts';
import { failure, type Outcome } from './types.ts';

/**
 * Turns a store outage into a refusal the player can read: nothing was changed, or, when a
 * commit went out and no answer came back, it may have been (it never applies half-way).
 */
export async function guarded<T>(work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      return error.maybeApplied ? failure('store-silent') : failure('store-unavailable');
    throw error;
  }
}
