/** Where games, challenges and standings are kept: Redis (one server, behind Sentinel, or a cluster) when given, else memory. */
import { storeConflicts, storeErrors, sweeperLagSeconds } from '../metrics.ts';
import { passCommitGate } from './commit-gate.ts';
import type { LayoutReport } from './guild-layout.ts';
import { createMemoryStore } from './memory-store.ts';
import { type ClusterSetup, createRedisStore, type RedisTarget, type SentinelSetup } from './redis-store.ts';
import type { Store } from './types.ts';

export { type CommitGate, withCommitGate, withoutCommitGate } from './commit-gate.ts';
export type { LayoutReport } from './guild-layout.ts';
export { CrossSlotError, hashTagOf, inGuild } from './hash-tags.ts';
export { type ClusterSetup, followFailovers, type SentinelSetup } from './redis-store.ts';
export {
  type ClaimedEntry,
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
  /** A Redis Cluster, instead of one server or Sentinel. */
  cluster?: ClusterSetup;
  /** Prefix of every key, e.g. `tafl` gives `tafl::game:<channel>`. */
  namespace?: string;
  /** Shown by Redis's CLIENT LIST, to tell the bot's connections apart. */
  connectionName?: string;
  /** Told when the store moved keys of the old layout to the guild layout on opening. */
  onLayoutMigrated?: (report: LayoutReport) => void;
}

export async function createStore({
  redisUrl,
  sentinel,
  cluster,
  namespace = 'tafl',
  connectionName,
  onLayoutMigrated,
}: StoreOptions = {}): Promise<Store> {
  const target: RedisTarget | null = cluster
    ? { cluster }
    : sentinel
      ? { sentinel }
      : redisUrl
        ? { url: redisUrl }
        : null;
  if (target) return counted(await createRedisStore(target, namespace, connectionName, onLayoutMigrated));
  return counted(createMemoryStore(namespace));
}

/**
 * The store with its failures (by operation), commit conflicts and claims' lag counted in the
 * metrics, and each commit passing the commit gate of the work it belongs to (commit-gate.ts).
 */
function counted(store: Store): Store {
  const failed = (operation: string) => (error: unknown) => {
    storeErrors.inc({ operation });
    throw error;
  };
  return {
    ephemeral: store.ephemeral,
    read: <T>(key: string) => store.read<T>(key).catch(failed('read')),
    async commit(writes, schedules) {
      await passCommitGate();
      const result = await store.commit(writes, schedules).catch(failed('commit'));
      if (!result.ok) storeConflicts.inc();
      return result;
    },
    async claimDue(schedule, now, leaseMs, limit) {
      const claimed = await store.claimDue(schedule, now, leaseMs, limit).catch(failed('claim'));
      const name = schedule.replace(/^schedule:/, '');
      for (const { at } of claimed)
        sweeperLagSeconds.observe({ schedule: name }, Math.max(0, now - at) / 1000);
      return claimed;
    },
    countAcrossGuilds: (family) => store.countAcrossGuilds(family).catch(failed('count')),
    idsInGuild: (guildId, family) => store.idsInGuild(guildId, family).catch(failed('scan')),
    ping: () => store.ping().catch(failed('ping')),
    close: () => store.close(),
  };
}
