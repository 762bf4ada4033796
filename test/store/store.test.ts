import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CrossSlotError,
  createStore,
  inGuild,
  type Store,
  StoreUnavailableError,
} from '../../src/store/index.ts';
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
  // Every test's keys belong to one guild of its own, as every commit's keys must.
  const guild = `${kind}-${randomBytes(3).toString('hex')}`;
  const key = (name: string) => inGuild(guild, `${name}:${randomBytes(3).toString('hex')}`);

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
    const schedule = `schedule:deadlines-${randomBytes(3).toString('hex')}`;
    const group = guild;
    const doc = key('game');
    await stores[0].commit(
      [{ key: doc, value: 1, expectRevision: 0 }],
      [
        { schedule, group, member: 'a', at: 100 },
        { schedule, group, member: 'b', at: 200 },
        { schedule, group, member: 'c', at: 5000 },
      ],
    );
    // A refused commit changes no schedule either.
    const refused = await stores[0].commit(
      [{ key: doc, value: 2, expectRevision: 0 }],
      [{ schedule, group, member: 'a', at: null }],
    );
    expect(refused.ok).toBe(false);
    await stores[0].commit(
      [{ key: doc, value: 2, expectRevision: 1 }],
      [{ schedule, group, member: 'b', at: 300 }],
    );
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => stores[i % stores.length].claimDue(schedule, 1000, 60_000)),
    );
    const claimed = claims.flat().sort((x, y) => x.at - y.at);
    expect(claimed).toEqual([
      { group, member: 'a', at: 100 },
      { group, member: 'b', at: 300 },
    ]);
    expect(await stores[0].claimDue(schedule, 1000, 60_000)).toEqual([]);
    // 'a' is dealt with; 'b' is not, so it falls due again when its lease ends.
    await stores[0].commit([], [{ schedule, group, member: 'a', at: null }]);
    expect(await stores[0].claimDue(schedule, 61_000, 60_000)).toEqual([
      { group, member: 'c', at: 5000 },
      { group, member: 'b', at: 61_000 },
    ]);
  });

  it("claims the due entries of every guild's copy of a schedule, each exactly once across claimers", async () => {
    const stores =
      kind === 'redis' ? [await open(kind), await open(kind), await open(kind)] : [await open(kind)];
    const schedule = `schedule:deadlines-${randomBytes(3).toString('hex')}`;
    const guilds = Array.from({ length: 12 }, (_, i) => `${guild}-${i}`);
    const expected: { group: string; member: string; at: number }[] = [];
    for (const [i, group] of guilds.entries()) {
      const due = [
        { schedule, group, member: `${i}|due-1`, at: 100 + i },
        { schedule, group, member: `${i}|due-2`, at: 500 + i },
      ];
      await stores[i % stores.length].commit(
        [{ key: inGuild(group, 'game:c'), value: i, expectRevision: 0 }],
        [...due, { schedule, group, member: `${i}|later`, at: 50_000 }],
      );
      expected.push(...due.map(({ group, member, at }) => ({ group, member, at })));
    }
    const claims = await Promise.all(
      Array.from({ length: 9 }, (_, i) => stores[i % stores.length].claimDue(schedule, 1000, 60_000, 5)),
    );
    let claimed = claims.flat();
    // Small limits leave some due: later sweeps take the rest.
    for (let sweep = 0; sweep < 10 && claimed.length < expected.length; sweep++)
      claimed = claimed.concat(await stores[sweep % stores.length].claimDue(schedule, 1000, 60_000, 5));
    const order = (a: { member: string }, b: { member: string }) => (a.member < b.member ? -1 : 1);
    expect(claimed.sort(order)).toEqual(expected.sort(order));
    expect(await stores[0].claimDue(schedule, 1000, 60_000)).toEqual([]);
    // The entries not yet due are found when they are.
    expect(
      (await stores[0].claimDue(schedule, 50_000, 60_000, 100)).map((entry) => entry.member).sort(),
    ).toEqual(guilds.map((_, i) => `${i}|later`).sort());
  });

  it('refuses a commit that touches two guilds, or a key of no guild, and writes nothing', async () => {
    const store = await open(kind);
    const [mine, theirs] = [inGuild(`${guild}-a`, 'game:1'), inGuild(`${guild}-b`, 'game:1')];
    await expect(
      store.commit([
        { key: mine, value: 1, expectRevision: 0 },
        { key: theirs, value: 1, expectRevision: 0 },
      ]),
    ).rejects.toThrow(CrossSlotError);
    await expect(
      store.commit(
        [{ key: mine, value: 1, expectRevision: 0 }],
        [{ schedule: 'schedule:deadlines', group: `${guild}-b`, member: 'x', at: 1 }],
      ),
    ).rejects.toThrow(CrossSlotError);
    await expect(store.commit([{ key: 'game:untagged', value: 1, expectRevision: 0 }])).rejects.toThrow(
      CrossSlotError,
    );
    expect(await store.read(mine)).toBeNull();
    expect(await store.read(theirs)).toBeNull();
  });

  it('counts the keys of a family across guilds, sharing the count between processes for a minute', async () => {
    const own = `tafl-count-${randomBytes(4).toString('hex')}`;
    const [one, two] = [
      await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace: own }),
      await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace: own }),
    ];
    opened.push(one, two);
    for (const guild of ['a', 'b', 'c'])
      await one.commit([
        { key: inGuild(`${guild}-${own}`, 'game:1'), value: 1, expectRevision: 0 },
        { key: inGuild(`${guild}-${own}`, 'archive:1'), value: 1, expectRevision: 0 },
      ]);
    await one.commit([{ key: inGuild(`b-${own}`, 'game:2'), value: 1, expectRevision: 0 }]);
    await one.commit([{ key: inGuild(`c-${own}`, 'game:1'), value: null, expectRevision: 1 }]);
    expect(await one.countAcrossGuilds('game')).toBe(3);
    expect(await one.countAcrossGuilds('archive')).toBe(3);
    await one.commit([{ key: inGuild(`d-${own}`, 'game:1'), value: 1, expectRevision: 0 }]);
    // Redis: counted once a minute for every process; memory: each process its own, at once.
    expect(await two.countAcrossGuilds('game')).toBe(kind === 'redis' ? 3 : 0);
    expect(await one.countAcrossGuilds('game')).toBe(kind === 'redis' ? 3 : 4);
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

describe('redis store schedules', () => {
  it('finds an entry whose registry update was lost (a process died after its commit) by the next reconciliation', async () => {
    const own = `tafl-test-${randomBytes(4).toString('hex')}`;
    const admin = createClient({ url: testRedisUrl });
    await admin.connect();
    try {
      // As a commit leaves it when its process dies before lowering the registry: the entry only.
      await admin.sendCommand(['ZADD', `${own}::{lost-guild}:schedule:deadlines`, '100', 'c|g|3']);
      const store = await createStore({ redisUrl: testRedisUrl, namespace: own });
      opened.push(store);
      // A new process reconciles at its first claim (one process per minute, by a lock), beside the claim.
      let found: Awaited<ReturnType<Store['claimDue']>> = [];
      for (let attempt = 0; attempt < 40 && found.length === 0; attempt++) {
        found = await store.claimDue('schedule:deadlines', 1000, 60_000);
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(found).toEqual([{ group: 'lost-guild', member: 'c|g|3', at: 100 }]);
      expect(await admin.sendCommand(['PTTL', `${own}::schedules:reconciling`])).toBeGreaterThan(0);
    } finally {
      const keys = (await admin.sendCommand(['KEYS', `${own}::*`])) as string[];
      if (keys.length > 0) await admin.sendCommand(['DEL', ...keys]);
      await admin.close();
    }
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
    const k = inGuild('g', `away:${randomBytes(3).toString('hex')}`);
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
      const failed = await store.commit([{ key: inGuild('g', 'never'), value: 1, expectRevision: 0 }]).then(
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
          { key: inGuild('g', 'a'), value: 'A', expectRevision: 0 },
          { key: inGuild('g', 'b'), value: 'B', expectRevision: 0 },
        ])
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(Date.now() - started).toBeLessThan(4000);
      expect(failed).toBeInstanceOf(StoreUnavailableError);
      expect((failed as StoreUnavailableError).maybeApplied).toBe(true);
      expect(await observer.read(inGuild('g', 'a'))).toBeNull();
      await redis.resume();
      const a = await redis.eventually(
        () => observer.read(inGuild('g', 'a')),
        (value) => value !== null,
      );
      expect(a).toEqual({ revision: 1, value: 'A' });
      expect(await observer.read(inGuild('g', 'b'))).toEqual({ revision: 1, value: 'B' });
      expect(await store.read(inGuild('g', 'b'))).toEqual({ revision: 1, value: 'B' });
    } finally {
      await redis.close();
    }
  });

  it('closes within a few seconds even while a commit hangs on a stalled Redis', async () => {
    const redis = await startStallingRedis(namespace);
    try {
      await redis.stallWrites();
      const hanging = redis.store
        .commit([{ key: inGuild('g', 'held'), value: 1, expectRevision: 0 }])
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
