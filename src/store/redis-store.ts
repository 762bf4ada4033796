/**
 * The production store: keyv with @keyv/redis, and a Lua compare-and-set through the same Redis
 * client for atomic commits. Values are written in keyv's own format, so keyv reads them back;
 * two bot processes on one Redis (sharding) still see exactly one of two conflicting commits win.
 */
import KeyvRedis, { createClient, createCluster, createSentinel, Keyv } from '@keyv/redis';
import calculateSlot from 'cluster-key-slot';
import { type LayoutReport, migrateToGuildKeys } from './guild-layout.ts';
import { checkOneGuild, inGuild } from './hash-tags.ts';
import { ScheduleRegistry } from './schedule-registry.ts';
import {
  type ClaimedEntry,
  type CommitResult,
  type ScheduleChange,
  type Store,
  type Stored,
  StoreUnavailableError,
  type Write,
} from './types.ts';

/** How long one store call may take before the player is told the store is unavailable. */
const CALL_TIMEOUT_MS = 3000;
/** How long a commit behind Sentinel waits for a replica to hold it too, before it counts as unsure. */
const REPLICA_WAIT_MS = 1000;
/** How often the keys of a family are counted (countAcrossGuilds), by one process for all. */
const COUNT_EVERY_MS = 60_000;
/** Keys one SCAN looks at when listing a guild's documents (idsInGuild). */
const SCAN_STEP = 5000;
/** How long the master's count of connected replicas is trusted before it is asked again. */
const REPLICA_COUNT_MS = 5000;

/** Redis behind Sentinel: the sentinels to ask, and the name of the master they watch. */
export interface SentinelSetup {
  sentinels: { host: string; port: number }[];
  master: string;
  /** The Redis nodes' password, when they require one. */
  password?: string;
}

/** Redis Cluster: some of its nodes (the client finds the rest), and their password. */
export interface ClusterSetup {
  rootNodes: { host: string; port: number }[];
  password?: string;
}

/**
 * One Redis server by URL, the master that Sentinel names (and names again after a failover), or
 * a Redis Cluster.
 */
export type RedisTarget = { url: string } | { sentinel: SentinelSetup } | { cluster: ClusterSetup };

/** A client of one Redis node, as the store uses it for scans. */
interface NodeClient {
  scanIterator(options: { MATCH: string; COUNT: number; TYPE?: string }): AsyncIterable<string[]>;
}

/**
 * What the store needs of its Redis, the same for one server, Sentinel and a cluster. `key` names
 * the node that holds it (a cluster's master of its slot; ignored elsewhere), and a command sent
 * with a key after a script with the same key goes down the same connection, after the script.
 */
interface RedisConnection {
  /** The Redis client, for keyv. */
  readonly client: unknown;
  readonly ready: boolean;
  readonly open: boolean;
  connect(): Promise<unknown>;
  destroy(): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  command(key: string, args: string[]): Promise<unknown>;
  /** The keys matching a pattern (and of a type), in batches, on every master; `count` keys looked at per SCAN. */
  scan(match: string, type?: string, count?: number): AsyncIterable<string[]>;
  /** Where `key` is kept (a cluster's master, by address): replicas are counted per place. */
  placeOf(key: string): string;
  /** Whether a commit waits for a replica: behind Sentinel and on a cluster, where failovers happen. */
  readonly failsOver: boolean;
}

/**
 * Behind Sentinel or on a cluster a failover promotes a replica, so a commit is accepted once a
 * replica holds it too (WAIT). A master left with no replica has none that could be promoted
 * without the commit: then commits do not wait (and docs/operations.md tells how to refuse writes
 * instead, if preferred). Counted per master (a cluster has several).
 */
class Replicas {
  private readonly known = new Map<string, { count: number; until: number }>();

  constructor(private readonly redis: RedisConnection) {}

  async connected(key: string): Promise<number> {
    const place = this.redis.placeOf(key);
    const known = this.known.get(place);
    if (known && Date.now() < known.until) return known.count;
    const info = String(await this.redis.command(key, ['INFO', 'replication']));
    const count = Number(/connected_slaves:(\d+)/.exec(info)?.[1] ?? 0);
    this.known.set(place, { count, until: Date.now() + REPLICA_COUNT_MS });
    return count;
  }

  /** A wait that no replica answered: ask again before the next commit. */
  forget(key: string): void {
    this.known.delete(this.redis.placeOf(key));
  }
}

const SOCKET = {
  connectTimeout: CALL_TIMEOUT_MS,
  reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
};

/** The subset of node-redis's clients the store calls; the three kinds agree on these. */
interface AnyClient {
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  destroy(): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** What followFailovers uses of node-redis's cluster client, `_slots` being internal. */
interface ClusterInternals {
  readonly isOpen: boolean;
  readonly masters: { client?: { isReady: boolean } }[];
  on(event: 'node-error', listener: () => void): unknown;
  getRandomNode(): unknown;
  nodeClient(node: unknown): Promise<unknown>;
  _slots: { rediscover(startWith: unknown): Promise<void> };
}

/** How soon after one rediscovery of a cluster's layout another may start. */
const REDISCOVER_EVERY_MS = 250;

/**
 * node-redis reads a cluster's layout again only when a node answers MOVED or ASK: after a master
 * dies and its replica is promoted, it would go on sending that master's slots to the dead
 * process (redis/node-redis#2806). So a node's connection failing makes it read the layout again,
 * every quarter second while failures go on, until the promoted replica takes the slots.
 */
export function followFailovers(client: unknown): void {
  const cluster = client as ClusterInternals;
  const slots = cluster._slots;
  let pending = false;
  cluster.on('node-error', () => {
    if (pending || !cluster.isOpen) return;
    pending = true;
    const live = cluster.masters.find((master) => master.client?.isReady)?.client;
    const asked = live ?? cluster.nodeClient(cluster.getRandomNode());
    Promise.resolve(asked)
      .then((client) => slots.rediscover(client))
      .catch(() => {})
      .finally(() => setTimeout(() => (pending = false), REDISCOVER_EVERY_MS).unref());
  });
}

/** SCAN through any connection that sends raw commands (Sentinel's client has no scanIterator). */
function scanning(send: (args: string[]) => Promise<unknown>): NodeClient {
  return {
    async *scanIterator({ MATCH, COUNT, TYPE }) {
      let cursor = '0';
      do {
        const args = [
          'SCAN',
          cursor,
          'MATCH',
          MATCH,
          'COUNT',
          String(COUNT),
          ...(TYPE ? ['TYPE', TYPE] : []),
        ];
        const [next, keys] = (await send(args)) as [string, string[]];
        cursor = String(next);
        if (keys.length > 0) yield keys;
      } while (cursor !== '0');
    },
  };
}

/** A connection from what the three kinds of client share, and what each does its own way. */
function connectionOf(
  base: AnyClient,
  own: Pick<RedisConnection, 'command' | 'placeOf' | 'failsOver'> & {
    ready: () => boolean;
    /** A client of each master. */
    masters: () => Promise<NodeClient[]>;
  },
): RedisConnection {
  return {
    client: base,
    get ready() {
      return own.ready();
    },
    get open() {
      return base.isOpen;
    },
    connect: () => base.connect(),
    destroy: () => base.destroy(),
    on: (event, listener) => base.on(event, listener),
    eval: (script, options) => base.eval(script, options),
    command: own.command,
    async *scan(match, type, count = 1000) {
      for (const master of await own.masters())
        yield* master.scanIterator({ MATCH: match, COUNT: count, ...(type ? { TYPE: type } : {}) });
    },
    placeOf: own.placeOf,
    failsOver: own.failsOver,
  };
}

function connectionTo(target: RedisTarget, name: string | undefined): RedisConnection {
  if ('cluster' in target) {
    const cluster = createCluster({
      rootNodes: target.cluster.rootNodes.map(({ host, port }) => ({ socket: { host, port } })),
      defaults: { name, password: target.cluster.password, disableOfflineQueue: true, socket: SOCKET },
      // Never resend after a lost answer (see Sentinel below); MOVED and ASK are still followed.
      maxCommandRedirections: 16,
    });
    followFailovers(cluster);
    return connectionOf(cluster as unknown as AnyClient, {
      ready: () => cluster.isOpen,
      command: (key, args) => cluster.sendCommand(key, false, args),
      masters: () =>
        Promise.all(cluster.masters.map((master) => cluster.nodeClient(master))) as Promise<NodeClient[]>,
      placeOf: (key) => {
        const master = cluster.slots[calculateSlot(key)]?.master;
        return master ? `${master.host}:${master.port}` : 'unknown';
      },
      failsOver: true,
    });
  }
  if ('url' in target) {
    const client = createClient({ url: target.url, name, disableOfflineQueue: true, socket: SOCKET });
    return connectionOf(client as unknown as AnyClient, {
      ready: () => client.isReady,
      command: (_key, args) => client.sendCommand(args),
      masters: async () => [scanning((args) => client.sendCommand(args))],
      placeOf: () => 'master',
      failsOver: false,
    });
  }
  const sentinel = createSentinel({
    name: target.sentinel.master,
    sentinelRootNodes: target.sentinel.sentinels,
    // Never resend after a lost answer: a commit that did apply would come back as a conflict, and
    // the player would be told nothing was changed. The lost answer is reported as such instead.
    maxCommandRediscovers: 0,
    nodeClientOptions: {
      name,
      password: target.sentinel.password,
      disableOfflineQueue: true,
      socket: SOCKET,
    },
    sentinelClientOptions: { socket: SOCKET },
  });
  const base = sentinel as unknown as AnyClient & { isReady: boolean };
  return connectionOf(base, {
    ready: () => base.isReady,
    command: (_key, args) => sentinel.sendCommand(false, args),
    masters: async () => [scanning((args) => sentinel.sendCommand(false, args))],
    placeOf: () => 'master',
    failsOver: true,
  });
}

/**
 * KEYS: the documents' keys, then the schedules' keys. ARGV[1]: how many documents. Then three per
 * document: expected revision, new payload ('' deletes), TTL in ms ('0': none). Then two per
 * schedule change: member, time ('' removes). Returns 0 when everything applied, else the 1-based
 * index of the first document whose revision differed (and nothing was written).
 */
const COMPARE_AND_SET = `
local documents = tonumber(ARGV[1])
for i = 1, documents do
  local expected = tonumber(ARGV[(i - 1) * 3 + 2])
  local raw = redis.call('GET', KEYS[i])
  local current = 0
  if raw then
    local ok, doc = pcall(cjson.decode, raw)
    if ok and type(doc) == 'table' and type(doc.value) == 'table' and tonumber(doc.value.revision) then
      current = tonumber(doc.value.revision)
    else
      current = -1
    end
  end
  if current ~= expected then return i end
end
for i = 1, documents do
  local payload = ARGV[(i - 1) * 3 + 3]
  local ttl = tonumber(ARGV[(i - 1) * 3 + 4])
  if payload == '' then
    redis.call('DEL', KEYS[i])
  elseif ttl > 0 then
    redis.call('SET', KEYS[i], payload, 'PX', ttl)
  else
    redis.call('SET', KEYS[i], payload)
  end
end
local base = documents * 3 + 1
for j = documents + 1, #KEYS do
  local member = ARGV[base + (j - documents - 1) * 2 + 1]
  local at = ARGV[base + (j - documents - 1) * 2 + 2]
  if at == '' then
    redis.call('ZREM', KEYS[j], member)
  else
    redis.call('ZADD', KEYS[j], at, member)
  end
end
return 0
`;

export async function createRedisStore(
  target: RedisTarget,
  namespace: string,
  connectionName?: string,
  /** Told when the store found keys of the old layout and moved them (see guild-layout.ts). */
  onLayoutMigrated?: (report: LayoutReport) => void,
): Promise<Store> {
  const redis = connectionTo(target, connectionName);
  const replicas = redis.failsOver ? new Replicas(redis) : null;
  const adapter = new KeyvRedis(redis.client as ConstructorParameters<typeof KeyvRedis>[0], {
    namespace,
    throwOnConnectError: true,
    throwOnErrors: true,
  });
  const keyv = new Keyv({ store: adapter, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Without listeners an 'error' event would crash the process; failures reach callers as StoreUnavailableError.
  let lastError: unknown = null;
  redis.on('error', (error) => {
    lastError = error;
  });
  adapter.on('error', () => {});
  keyv.on('error', () => {});
  try {
    await within(redis.connect(), 'connecting to Redis');
  } catch (error) {
    redis.destroy();
    throw error;
  }

  // Calls not yet answered (even those already given up on), so close() can wait for them, briefly.
  const inFlight = new Set<Promise<unknown>>();
  const call = <T>(work: Promise<T>, doing: string, options?: { maybeApplied?: boolean }): Promise<T> => {
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return within(work, doing, options);
  };

  const rawKey = (key: string) => adapter.createKeyPrefix(key, namespace);
  const registry = new ScheduleRegistry(redis, rawKey);
  try {
    const report = await migrateToGuildKeys(redis, namespace, (schedule, group, at) =>
      registry.lowerGuild(schedule, group, at),
    );
    if (report && report.moved + report.entries + report.dropped > 0) onLayoutMigrated?.(report);
  } catch (error) {
    redis.destroy();
    throw unavailableWhile('moving keys to the guild layout', error);
  }
  const unavailable = (doing: string, error: unknown) => unavailableWhile(doing, error ?? lastError);

  const counted = new Map<string, number>();
  /** The count another process made in the last minute, or a new one if it is this process's turn. */
  async function countShared(family: string): Promise<number | null> {
    const shared = rawKey(`stats:${family}-count`);
    const known = await redis.command(shared, ['GET', shared]);
    if (known !== null && known !== undefined) {
      counted.set(family, Number(known));
      return Number(known);
    }
    const lock = rawKey(`stats:${family}-counting`);
    if ((await redis.command(lock, ['SET', lock, '1', 'NX', 'PX', String(COUNT_EVERY_MS)])) !== 'OK')
      return counted.get(family) ?? null;
    let count = 0;
    for await (const batch of redis.scan(`${rawKey('{')}*}:${family}:*`)) count += batch.length;
    await redis.command(shared, ['SET', shared, String(count), 'PX', String(COUNT_EVERY_MS)]);
    counted.set(family, count);
    return count;
  }

  return {
    ephemeral: false,
    async read<T>(key: string): Promise<Stored<T> | null> {
      try {
        const stored = await call(keyv.get<Stored<T>>(key), 'reading');
        return stored ?? null;
      } catch (error) {
        throw unavailable('reading', error);
      }
    },
    async commit(writes: Write[], changes: ScheduleChange[] = []): Promise<CommitResult> {
      checkOneGuild(writes, changes);
      const serialize = keyv.serialize;
      if (!serialize) throw new Error('keyv has no serializer');
      const args: string[] = [String(writes.length)];
      for (const write of writes) {
        const expires = write.ttlMs ? Date.now() + write.ttlMs : undefined;
        const payload =
          write.value === null
            ? ''
            : await serialize({ value: { revision: write.expectRevision + 1, value: write.value }, expires });
        args.push(String(write.expectRevision), payload, String(write.ttlMs ?? 0));
      }
      // Refused before sending: certainly not applied. Once sent, a missing answer leaves it unknown.
      if (!redis.ready) throw new StoreUnavailableError('Redis is not connected (while committing)');
      const keys = [
        ...writes.map((write) => rawKey(write.key)),
        ...changes.map((change) => registry.copyKey(change.schedule, change.group)),
      ];
      if (keys.length === 0) return { ok: true };
      let waitForReplica = false;
      try {
        waitForReplica =
          replicas !== null && (await call(replicas.connected(keys[0]), 'counting replicas')) > 0;
      } catch (error) {
        throw unavailable('counting replicas', error);
      }
      let conflictIndex: number;
      // Lowered before the commit too, so that a process dying right after it leaves its entries findable.
      const loweredBefore = registry.lower(changes).catch(() => {});
      try {
        const applied = redis.eval(COMPARE_AND_SET, {
          keys,
          arguments: [
            ...args,
            ...changes.flatMap((change) => [change.member, change.at === null ? '' : String(change.at)]),
          ],
        });
        // Sent at once after the script on the same connection, so it waits for the script's writes.
        const held = waitForReplica
          ? redis.command(keys[0], ['WAIT', '1', String(REPLICA_WAIT_MS)])
          : Promise.resolve(1);
        const [answer, holding] = await call(Promise.all([applied, held, loweredBefore]), 'committing', {
          maybeApplied: true,
        });
        conflictIndex = Number(answer);
        if (conflictIndex === 0 && Number(holding) < 1) {
          replicas?.forget(keys[0]);
          throw new StoreUnavailableError('no replica took the commit in time', { maybeApplied: true });
        }
      } catch (error) {
        const message = (error as Error)?.message;
        // NOREPLICAS: the master refuses writes while it has too few replicas (min-replicas-to-write).
        const neverSent =
          message === 'The client is offline' ||
          message === 'The client is closed' ||
          /NOREPLICAS/.test(message ?? '');
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError(`Redis failed while committing: ${message ?? String(error)}`, {
              maybeApplied: !neverSent,
            });
      }
      if (conflictIndex !== 0) return { ok: false, conflict: writes[conflictIndex - 1].key };
      // Applied. Lowered again in case a sweep took the guild between the first lowering and the
      // commit; not awaited, as the first lowering already makes the entries findable, and a lost
      // one only delays them until the next reconciliation.
      if (changes.some((change) => change.at !== null))
        call(registry.lower(changes), 'registering schedules').catch(() => {});
      return { ok: true };
    },
    async claimDue(schedule: string, now: number, leaseMs: number, limit = 100): Promise<ClaimedEntry[]> {
      try {
        // Not awaited: a rebuild of the registry must not hold up this claim.
        registry.reconcileIfDue().catch(() => {});
        return await call(registry.claim(schedule, now, leaseMs, limit), 'claiming due entries');
      } catch (error) {
        throw unavailable('claiming due entries', error);
      }
    },
    async countAcrossGuilds(family: string) {
      try {
        return await call(countShared(family), 'counting keys');
      } catch (error) {
        throw unavailable('counting keys', error);
      }
    },
    async idsInGuild(guildId: string, family: string) {
      const prefix = rawKey(inGuild(guildId, `${family}:`));
      const ids: string[] = [];
      try {
        // Few keys match among many: larger steps than the default save round trips (each a few ms of Redis).
        for await (const batch of redis.scan(`${globEscaped(prefix)}*`, undefined, SCAN_STEP))
          for (const key of batch) ids.push(key.slice(prefix.length));
      } catch (error) {
        throw unavailable("listing a guild's keys", error);
      }
      return [...new Set(ids)];
    },
    async ping() {
      if (!redis.ready) throw new StoreUnavailableError('Redis is not connected');
      try {
        await call(redis.command(rawKey('ping'), ['PING']), 'pinging');
      } catch (error) {
        throw unavailable('pinging', error);
      }
    },
    /** Waits for calls in flight to be answered, but not longer than a call may take, then disconnects. */
    async close() {
      await within(Promise.allSettled([...inFlight]), 'closing').catch(() => {});
      if (redis.open) redis.destroy();
    },
  };
}

/** A text matched literally in a SCAN pattern. */
function globEscaped(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

function unavailableWhile(doing: string, error: unknown): StoreUnavailableError {
  return error instanceof StoreUnavailableError
    ? error
    : new StoreUnavailableError(`Redis failed while ${doing}: ${(error as Error)?.message ?? String(error)}`);
}

/** Bounds a call to Redis; `maybeApplied` marks a timeout on a call that may still take effect. */
async function within<T>(work: Promise<T>, doing: string, { maybeApplied = false } = {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new StoreUnavailableError(`Redis did not answer in time while ${doing}`, { maybeApplied })),
      CALL_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
