/**
 * The production store: keyv with @keyv/redis, and a Lua compare-and-set through the same Redis
 * client for atomic commits. Values are written in keyv's own format, so keyv reads them back;
 * two bot processes on one Redis (sharding) still see exactly one of two conflicting commits win.
 */
import KeyvRedis, { createClient, Keyv } from '@keyv/redis';
import { type CommitResult, type Store, type Stored, StoreUnavailableError, type Write } from './types.ts';

/** How long one store call may take before the player is told the store is unavailable. */
const CALL_TIMEOUT_MS = 3000;

/**
 * KEYS: the keys. ARGV, three per key: expected revision, new payload ('' deletes), TTL in ms ('0': none).
 * Returns 0 when every write applied, else the 1-based index of the first key whose revision differed.
 */
const COMPARE_AND_SET = `
for i, key in ipairs(KEYS) do
  local expected = tonumber(ARGV[(i - 1) * 3 + 1])
  local raw = redis.call('GET', key)
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
for i, key in ipairs(KEYS) do
  local payload = ARGV[(i - 1) * 3 + 2]
  local ttl = tonumber(ARGV[(i - 1) * 3 + 3])
  if payload == '' then
    redis.call('DEL', key)
  elseif ttl > 0 then
    redis.call('SET', key, payload, 'PX', ttl)
  else
    redis.call('SET', key, payload)
  end
end
return 0
`;

export async function createRedisStore(
  url: string,
  namespace: string,
  connectionName?: string,
): Promise<Store> {
  const client = createClient({
    url,
    name: connectionName,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CALL_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  const adapter = new KeyvRedis(client, { namespace, throwOnConnectError: true, throwOnErrors: true });
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
        const stored = await within(keyv.get<Stored<T>>(key), 'reading');
        return stored ?? null;
      } catch (error) {
        throw unavailable('reading', error);
      }
    },
    async commit(writes: Write[]): Promise<CommitResult> {
      const serialize = keyv.serialize;
      if (!serialize) throw new Error('keyv has no serializer');
      const args: string[] = [];
      for (const write of writes) {
        const expires = write.ttlMs ? Date.now() + write.ttlMs : undefined;
        const payload =
          write.value === null
            ? ''
            : await serialize({ value: { revision: write.expectRevision + 1, value: write.value }, expires });
        args.push(String(write.expectRevision), payload, String(write.ttlMs ?? 0));
      }
      let conflictIndex: number;
      try {
        conflictIndex = Number(
          await within(
            client.eval(COMPARE_AND_SET, { keys: writes.map((write) => rawKey(write.key)), arguments: args }),
            'committing',
          ),
        );
      } catch (error) {
        throw unavailable('committing', error);
      }
      return conflictIndex === 0 ? { ok: true } : { ok: false, conflict: writes[conflictIndex - 1].key };
    },
    async close() {
      try {
        await client.close();
      } catch {
        client.destroy();
      }
    },
  };
}

async function within<T>(work: Promise<T>, doing: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailableError(`Redis did not answer in time while ${doing}`)),
      CALL_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
