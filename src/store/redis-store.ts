/**
 * The production store: keyv with @keyv/redis, and a Lua compare-and-set through the same Redis
 * client for atomic commits. Values are written in keyv's own format, so keyv reads them back;
 * two bot processes on one Redis (sharding) still see exactly one of two conflicting commits win.
 */
import KeyvRedis, { createClient, createSentinel, Keyv } from '@keyv/redis';
import {
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
/** How long the master's count of connected replicas is trusted before it is asked again. */
const REPLICA_COUNT_MS = 5000;

/** Redis behind Sentinel: the sentinels to ask, and the name of the master they watch. */
export interface SentinelSetup {
  sentinels: { host: string; port: number }[];
  master: string;
  /** The Redis nodes' password, when they require one. */
  password?: string;
}

/** One Redis server by URL, or the master that Sentinel names (and names again after a failover). */
export type RedisTarget = { url: string } | { sentinel: SentinelSetup };

/** What the store needs of a connection: the same of a plain client and of a Sentinel-managed one. */
interface RedisConnection {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  destroy(): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Resolves to how many replicas hold every write sent on this connection so far. */
  wait(replicas: number, timeoutMs: number): Promise<number>;
  info(section: string): Promise<string>;
  ping(): Promise<unknown>;
}

/**
 * Behind Sentinel a failover promotes a replica, so a commit is accepted once a replica holds it
 * too (WAIT). A master left with no replica has none that could be promoted without the commit:
 * then commits do not wait (and the README tells how to refuse writes instead, if preferred).
 */
class Replicas {
  private known: { count: number; until: number } | null = null;

  constructor(private readonly client: RedisConnection) {}

  async connected(): Promise<number> {
    if (this.known && Date.now() < this.known.until) return this.known.count;
    const count = Number(/connected_slaves:(\d+)/.exec(await this.client.info('replication'))?.[1] ?? 0);
    this.known = { count, until: Date.now() + REPLICA_COUNT_MS };
    return count;
  }

  /** A wait that no replica answered: ask again before the next commit. */
  forget(): void {
    this.known = null;
  }
}

function connectionTo(target: RedisTarget, name: string | undefined): RedisConnection {
  const socket = {
    connectTimeout: CALL_TIMEOUT_MS,
    reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
  };
  if ('url' in target)
    return createClient({ url: target.url, name, disableOfflineQueue: true, socket }) as RedisConnection;
  return createSentinel({
    name: target.sentinel.master,
    sentinelRootNodes: target.sentinel.sentinels,
    // Never resend after a lost answer: a commit that did apply would come back as a conflict, and
    // the player would be told nothing was changed. The lost answer is reported as such instead.
    maxCommandRediscovers: 0,
    nodeClientOptions: { name, password: target.sentinel.password, disableOfflineQueue: true, socket },
    sentinelClientOptions: { socket },
  }) as unknown as RedisConnection;
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

/** KEYS[1]: the schedule. ARGV: now, limit, lease end. Returns the due members with their times, moved to the lease end. */
const CLAIM_DUE = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
return due
`;

export async function createRedisStore(
  target: RedisTarget,
  namespace: string,
  connectionName?: string,
): Promise<Store> {
  const client = connectionTo(target, connectionName);
  const replicas = 'sentinel' in target ? new Replicas(client) : null;
  const adapter = new KeyvRedis(client as ConstructorParameters<typeof KeyvRedis>[0], {
    namespace,
    throwOnConnectError: true,
    throwOnErrors: true,
  });
  const keyv = new Keyv({ store: adapter, namespace, useKeyPrefix: false, throwOnErrors: true });
  // Without listeners an 'error' event would crash the process; failures reach callers as StoreUnavailableError.
  let lastError: unknown = null;
  client.on('error', (error) => {
    lastError = error;
  });
  adapter.on('error', () => {});
  keyv.on('error', () => {});
  try {
    await within(client.connect(), 'connecting to Redis');
  } catch (error) {
    client.destroy();
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
  const unavailable = (doing: string, error: unknown) =>
    error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError(
          `Redis failed while ${doing}: ${(error as Error)?.message ?? String(error ?? lastError)}`,
        );

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
      if (!client.isReady) throw new StoreUnavailableError('Redis is not connected (while committing)');
      let waitForReplica = false;
      try {
        waitForReplica = replicas !== null && (await call(replicas.connected(), 'counting replicas')) > 0;
      } catch (error) {
        throw unavailable('counting replicas', error);
      }
      let conflictIndex: number;
      try {
        const applied = client.eval(COMPARE_AND_SET, {
          keys: [
            ...writes.map((write) => rawKey(write.key)),
            ...changes.map((change) => rawKey(change.schedule)),
          ],
          arguments: [
            ...args,
            ...changes.flatMap((change) => [change.member, change.at === null ? '' : String(change.at)]),
          ],
        });
        // Sent at once after the script on the same connection, so it waits for the script's writes.
        const held = waitForReplica ? client.wait(1, REPLICA_WAIT_MS) : Promise.resolve(1);
        const [answer, holding] = await call(Promise.all([applied, held]), 'committing', {
          maybeApplied: true,
        });
        conflictIndex = Number(answer);
        if (conflictIndex === 0 && holding < 1) {
          replicas?.forget();
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
      return conflictIndex === 0 ? { ok: true } : { ok: false, conflict: writes[conflictIndex - 1].key };
    },
    async claimDue(schedule: string, now: number, leaseMs: number, limit = 100) {
      let due: string[];
      try {
        due = (await call(
          client.eval(CLAIM_DUE, {
            keys: [rawKey(schedule)],
            arguments: [String(now), String(limit), String(now + leaseMs)],
          }),
          'claiming due entries',
        )) as string[];
      } catch (error) {
        throw unavailable('claiming due entries', error);
      }
      const claimed: { member: string; at: number }[] = [];
      for (let i = 0; i < due.length; i += 2) claimed.push({ member: due[i], at: Number(due[i + 1]) });
      return claimed;
    },
    async ping() {
      if (!client.isReady) throw new StoreUnavailableError('Redis is not connected');
      try {
        await call(client.ping(), 'pinging');
      } catch (error) {
        throw unavailable('pinging', error);
      }
    },
    /** Waits for calls in flight to be answered, but not longer than a call may take, then disconnects. */
    async close() {
      await within(Promise.allSettled([...inFlight]), 'closing').catch(() => {});
      if (client.isOpen) client.destroy();
    },
  };
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
