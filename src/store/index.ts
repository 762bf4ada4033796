/** Where games, challenges and standings are kept: Redis (one server, or behind Sentinel) when given, else memory. */
import { storeConflicts, storeErrors } from '../metrics.ts';
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
  if (sentinel) return counted(await createRedisStore({ sentinel }, namespace, connectionName));
  if (redisUrl) return counted(await createRedisStore({ url: redisUrl }, namespace, connectionName));
  return counted(createMemoryStore(namespace));
}

/** The store with its failures (by operation) and commit conflicts counted in the metrics. */
function counted(store: Store): Store {
  const failed = (operation: string) => (error: unknown) => {
    storeErrors.inc({ operation });
    throw error;
  };
  return {
    ephemeral: store.ephemeral,
    read: <T>(key: string) => store.read<T>(key).catch(failed('read')),
    async commit(writes, schedules) {
      const result = await store.commit(writes, schedules).catch(failed('commit'));
      if (!result.ok) storeConflicts.inc();
      return result;
    },
    claimDue: (schedule, now, leaseMs, limit) =>
      store.claimDue(schedule, now, leaseMs, limit).catch(failed('claim')),
    ping: () => store.ping().catch(failed('ping')),
    close: () => store.close(),
  };
}
