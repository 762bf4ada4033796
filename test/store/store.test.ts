import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, describe, expect, it } from 'vitest';
import { createStore, type Store, StoreUnavailableError } from '../../src/store/index.ts';
import { startPrivateRedis, startStallingRedis } from '../support/private-redis.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
async function open(kind: 'redis' | 'memory'): Promise<Store> {
  const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
  opened.push(store);
  return store;
}
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

describe.each(['redis', 'memory'] as const)('%s store', (kind) => {
  const key = (name: string) => `${kind}:${name}:${randomBytes(3).toString('hex')}`;

  it('reads what a commit wrote, with its revision, and nothing for an absent key', async () => {
    const store = await open(kind);
    const k = key('doc');
    expect(await store.read(k)).toBeNull();
    expect(
      await store.commit([{ key: k, value: { schema: 1, name: ':base64:odd' }, expectRevision: 0 }]),
    ).toEqual({ ok: true });
    expect(await store.read(k)).toEqual({ revision: 1, value: { schema: 1, name: ':base64:odd' } });
  });

  it('refuses a commit whose expected revision is stale, writing none of its keys', async () => {
    const store = await open(kind);
    const [a, b] = [key('a'), key('b')];
    await store.commit([{ key: a, value: 'first', expectRevision: 0 }]);
    const result = await store.commit([
      { key: b, value: 'new', expectRevision: 0 },
      { key: a, value: 'second', expectRevision: 0 },
    ]);
    expect(result).toEqual({ ok: false, conflict: a });
    expect(await store.read(b)).toBeNull();
    expect((await store.read(a))?.value).toBe('first');
  });

  it('deletes with a null value, and a deleted key can be created again', async () => {
    const store = await open(kind);
    const k = key('gone');
    await store.commit([{ key: k, value: 1, expectRevision: 0 }]);
    expect(await store.commit([{ key: k, value: null, expectRevision: 1 }])).toEqual({ ok: true });
    expect(await store.read(k)).toBeNull();
    expect(await store.commit([{ key: k, value: 2, expectRevision: 0 }])).toEqual({ ok: true });
  });

  it('lets exactly one of many simultaneous commits on the same revision win', async () => {
    const stores =
      kind === 'redis' ? [await open(kind), await open(kind), await open(kind)] : [await open(kind)];
    const k = key('race');
    await stores[0].commit([{ key: k, value: 0, expectRevision: 0 }]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % stores.length].commit([{ key: k, value: i + 1, expectRevision: 1 }]),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await stores[0].read(k))?.revision).toBe(2);
  });

  it('schedules move with commits; a due entry is claimed by one claimer, and again after its lease if not removed', async () => {
    const stores = kind === 'redis' ? [await open(kind), await open(kind)] : [await open(kind)];
    const schedule = key('deadlines');
    const doc = key('game');
    await stores[0].commit(
      [{ key: doc, value: 1, expectRevision: 0 }],
      [
        { schedule, member: 'a', at: 100 },
        { schedule, member: 'b', at: 200 },
        { schedule, member: 'c', at: 5000 },
      ],
    );
    // A refused commit changes no schedule either.
    const refused = await stores[0].commit(
      [{ key: doc, value: 2, expectRevision: 0 }],
      [{ schedule, member: 'a', at: null }],
    );
    expect(refused.ok).toBe(false);
    await stores[0].commit([{ key: doc, value: 2, expectRevision: 1 }], [{ schedule, member: 'b', at: 300 }]);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => stores[i % stores.length].claimDue(schedule, 1000, 60_000)),
    );
    const claimed = claims.flat().sort((x, y) => x.at - y.at);
    expect(claimed).toEqual([
      { member: 'a', at: 100 },
      { member: 'b', at: 300 },
    ]);
    expect(await stores[0].claimDue(schedule, 1000, 60_000)).toEqual([]);
    // 'a' is dealt with; 'b' is not, so it falls due again when its lease ends.
    await stores[0].commit([], [{ schedule, member: 'a', at: null }]);
    expect(await stores[0].claimDue(schedule, 61_000, 60_000)).toEqual([
      { member: 'c', at: 5000 },
      { member: 'b', at: 61_000 },
    ]);
  });

  it('expires a key after its time to live', async () => {
    const store = await open(kind);
    const k = key('ttl');
    await store.commit([{ key: k, value: 'soon gone', expectRevision: 0, ttlMs: 50 }]);
    expect(await store.read(k)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.read(k)).toBeNull();
  });
});

describe('redis store when Redis is away', () => {
  it('refuses to open against an address where nothing listens, with a clear error', async () => {
    await expect(createStore({ redisUrl: 'redis://127.0.0.1:1', namespace })).rejects.toThrow(
      StoreUnavailableError,
    );
  });

  it('fails calls quickly with StoreUnavailableError once the connection is gone, and recovers', async () => {
    const name = `tafl-away-${randomBytes(3).toString('hex')}`;
    const store = await createStore({ redisUrl: testRedisUrl, namespace, connectionName: name });
    opened.push(store);
    const k = `away:${randomBytes(3).toString('hex')}`;
    await store.commit([{ key: k, value: 'kept', expectRevision: 0 }]);
    // Kill this store's own connection from the server side.
    const admin = createClient({ url: testRedisUrl });
    await admin.connect();
    const clients = String(await admin.sendCommand(['CLIENT', 'LIST'])).split('\n');
    const mine = clients.filter((line) => line.includes(` name=${name} `));
    expect(mine).toHaveLength(1);
    for (const line of mine)
      await admin.sendCommand(['CLIENT', 'KILL', 'ID', /id=(\d+)/.exec(line)?.[1] ?? '0']);
    await admin.close();
    const started = Date.now();
    const outcome = await store.read(k).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    expect(Date.now() - started).toBeLessThan(3500);
    if ('error' in outcome) expect(outcome.error).toBeInstanceOf(StoreUnavailableError);
    // Whether that read raced the reconnect or not, the store comes back and nothing was lost.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await store.read(k))?.value).toBe('kept');
  });

  it('a commit refused while disconnected certainly wrote nothing', async () => {
    const redis = await startPrivateRedis();
    const store = await createStore({ redisUrl: redis.url, namespace });
    try {
      await redis.stop();
      // Once the client has noticed (a read fails), commits are refused before anything is sent.
      for (
        let i = 0;
        i < 100 &&
        (await store.read('x').then(
          () => true,
          () => false,
        ));
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const failed = await store.commit([{ key: 'never', value: 1, expectRevision: 0 }]).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(StoreUnavailableError);
      expect((failed as StoreUnavailableError).maybeApplied).toBe(false);
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('a commit that Redis received but did not answer in time is reported as maybe applied, and applies whole later', async () => {
    const redis = await startStallingRedis(namespace);
    const { store, observer } = redis;
    try {
      await redis.stallWrites();
      const started = Date.now();
      const failed = await store
        .commit([
          { key: 'a', value: 'A', expectRevision: 0 },
          { key: 'b', value: 'B', expectRevision: 0 },
        ])
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(Date.now() - started).toBeLessThan(4000);
      expect(failed).toBeInstanceOf(StoreUnavailableError);
      expect((failed as StoreUnavailableError).maybeApplied).toBe(true);
      expect(await observer.read('a')).toBeNull();
      await redis.resume();
      const a = await redis.eventually(
        () => observer.read('a'),
        (value) => value !== null,
      );
      expect(a).toEqual({ revision: 1, value: 'A' });
      expect(await observer.read('b')).toEqual({ revision: 1, value: 'B' });
      expect(await store.read('b')).toEqual({ revision: 1, value: 'B' });
    } finally {
      await redis.close();
    }
  });

  it('closes within a few seconds even while a commit hangs on a stalled Redis', async () => {
    const redis = await startStallingRedis(namespace);
    try {
      await redis.stallWrites();
      const hanging = redis.store
        .commit([{ key: 'held', value: 1, expectRevision: 0 }])
        .catch((error: Error) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await redis.store.close();
      expect(Date.now() - started).toBeLessThan(4000);
      expect(await hanging).toBeInstanceOf(StoreUnavailableError);
    } finally {
      await redis.close();
    }
  });
});
