/** Where games, challenges and standings are kept: Redis when a URL is given, else memory. */
import { createMemoryStore } from './memory-store.ts';
import { createRedisStore } from './redis-store.ts';
import type { Store } from './types.ts';

export {
  type CommitResult,
  type ScheduleChange,
  type Store,
  type Stored,
  StoreUnavailableError,
  type Write,
} from './types.ts';

export interface StoreOptions {
  redisUrl?: string;
  /** Prefix of every key, e.g. `tafl` gives `tafl::game:<channel>`. */
  namespace?: string;
  /** Shown by Redis's CLIENT LIST, to tell the bot's connections apart. */
  connectionName?: string;
}

export async function createStore({
  redisUrl,
  namespace = 'tafl',
  connectionName,
}: StoreOptions = {}): Promise<Store> {
  return redisUrl ? createRedisStore(redisUrl, namespace, connectionName) : createMemoryStore(namespace);
}
