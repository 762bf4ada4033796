/** Where games, challenges and standings are kept: Redis (one server, or behind Sentinel) when given, else memory. */
import { createMemoryStore } from './memory-store.ts';
import { createRedisStore, type SentinelSetup } from './redis-store.ts';
import type { Store } from './types.ts';

export type { SentinelSetup } from './redis-store.ts';
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
  /** Redis behind Sentinel, instead of one server at redisUrl. */
  sentinel?: SentinelSetup;
  /** Prefix of every key, e.g. `tafl` gives `tafl::game:<channel>`. */
  namespace?: string;
  /** Shown by Redis's CLIENT LIST, to tell the bot's connections apart. */
  connectionName?: string;
}

export async function createStore({
  redisUrl,
  sentinel,
  namespace = 'tafl',
  connectionName,
}: StoreOptions = {}): Promise<Store> {
  if (sentinel) return createRedisStore({ sentinel }, namespace, connectionName);
  if (redisUrl) return createRedisStore({ url: redisUrl }, namespace, connectionName);
  return createMemoryStore(namespace);
}
