/** The store on a real Redis Cluster of three masters and three replicas: commits, claims, a failover, the layout migration. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createClient, createCluster } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../src/game/keys.ts';
import { GameService } from '../../src/game/service.ts';
import {
  createStore,
  inGuild,
  type LayoutReport,
  type Store,
  StoreUnavailableError,
} from '../../src/store/index.ts';
import { loadLayout1 } from '../store/fixtures/layout-1.ts';
import { redisProgramEnv, startPrivateRedis } from '../support/private-redis.ts';
import { type LocalRedisCluster, startRedisCluster } from '../support/redis-cluster.ts';

const LONG = 90_000;
let cluster: LocalRedisCluster;
const opened: Store[] = [];

beforeAll(async () => {
  cluster = await startRedisCluster();
}, LONG);
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
  await cluster?.stop();
}, LONG);

async function open(namespace: string, onLayoutMigrated?: (report: LayoutReport) => void): Promise<Store> {
  const store = await createStore({ cluster: { rootNodes: cluster.rootNodes }, namespace, onLayoutMigrated });
  opened.push(store);
  return store;
}

/** Guild ids whose keys land on every master of the cluster. */
async function guildsOnEveryMaster(namespace: string, count: number): Promise<string[]> {
  const guilds: string[] = [];
  const masters = new Set<number>();
  for (let i = 0; guilds.length < count || masters.size < 3; i++) {
    const guild = `guild-${i}`;
    masters.add(await cluster.masterOf(`${namespace}::${inGuild(guild, 'game:c')}`));
    guilds.push(guild);
  }
  expect(masters.size).toBe(3);
  return guilds;
}

describe('the store on Redis Cluster', () => {
  it(
    "commits each guild's keys atomically on its master, and claims every guild's due entries once across processes",
    async () => {
      const namespace = `tafl-cluster-${randomBytes(3).toString('hex')}`;
      const stores = [await open(namespace), await open(namespace), await open(namespace)];
      const guilds = await guildsOnEveryMaster(namespace, 12);
      for (const [i, guild] of guilds.entries()) {
        const result = await stores[i % 3].commit(
          [
            { key: keys.game(guild, 'c'), value: { ply: 1 }, expectRevision: 0 },
            { key: keys.standings(guild), value: { rows: i }, expectRevision: 0 },
          ],
          [{ schedule: 'schedule:deadlines', group: guild, member: `c|game-${i}|1`, at: 100 + i }],
        );
        expect(result).toEqual({ ok: true });
      }
      // A stale commit writes none of its keys, on any master.
      const stale = await stores[1].commit([
        { key: keys.standings(guilds[0]), value: 'lost', expectRevision: 0 },
        { key: keys.lastGame(guilds[0], 'c'), value: 'lost', expectRevision: 0 },
      ]);
      expect(stale).toEqual({ ok: false, conflict: keys.standings(guilds[0]) });
      expect(await stores[2].read(keys.lastGame(guilds[0], 'c'))).toBeNull();
      // Twelve claimers at once, three processes: each entry exactly once.
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) => stores[i % 3].claimDue('schedule:deadlines', 1000, 60_000, 4)),
      );
      let claimed = claims.flat();
      for (let sweep = 0; sweep < 10 && claimed.length < guilds.length; sweep++)
        claimed = claimed.concat(await stores[sweep % 3].claimDue('schedule:deadlines', 1000, 60_000, 4));
      expect(claimed.map((entry) => entry.group).sort()).toEqual([...guilds].sort());
      expect(claimed.every(({ group, member }) => member === `c|game-${guilds.indexOf(group)}|1`)).toBe(true);
      expect(await stores[0].claimDue('schedule:deadlines', 1000, 60_000)).toEqual([]);
      // Games in progress are counted across the three masters.
      expect(await stores[2].countAcrossGuilds('game')).toBe(guilds.length);
    },
    LONG,
  );

  it(
    "lists a guild's archived games on whichever master holds it, and no other guild's",
    async () => {
      const namespace = `tafl-cluster-${randomBytes(3).toString('hex')}`;
      const stores = [await open(namespace), await open(namespace)];
      const guilds = await guildsOnEveryMaster(namespace, 3);
      for (const guild of guilds) {
        const archived = ['a', 'b'].map((id) => ({
          key: keys.archive(guild, `${guild}-${id}`),
          value: {},
          expectRevision: 0,
        }));
        expect(await stores[0].commit(archived)).toEqual({ ok: true });
        expect(
          await stores[0].commit([{ key: keys.game(guild, 'c'), value: {}, expectRevision: 0 }]),
        ).toEqual({ ok: true });
      }
      for (const guild of guilds)
        expect((await stores[1].idsInGuild(guild, 'archive')).sort()).toEqual([`${guild}-a`, `${guild}-b`]);
    },
    LONG,
  );

  it(
    'finds, on every master, entries whose registry update was lost, by the rebuild a new process makes',
    async () => {
      const namespace = `tafl-cluster-${randomBytes(3).toString('hex')}`;
      const guilds = await guildsOnEveryMaster(namespace, 3);
      // As commits leave them when their process dies before lowering the registry: the entries only.
      const raw = createCluster({
        rootNodes: cluster.rootNodes.map(({ host, port }) => ({ socket: { host, port } })),
      });
      await raw.connect();
      for (const [i, guild] of guilds.entries())
        await raw.zAdd(`${namespace}::{${guild}}:schedule:deadlines`, { score: 100 + i, value: `lost-${i}` });
      await raw.close();
      const store = await open(namespace);
      let found: { group: string; member: string }[] = [];
      for (let attempt = 0; attempt < 60 && found.length < guilds.length; attempt++) {
        found = found.concat(await store.claimDue('schedule:deadlines', 1000, 60_000));
        if (found.length < guilds.length) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(found.map(({ group, member }) => `${group} ${member}`).sort()).toEqual(
        guilds.map((guild, i) => `${guild} lost-${i}`).sort(),
      );
    },
    LONG,
  );

  it(
    'keeps every commit it acknowledged when a master is killed, and goes on once its replica took over',
    async () => {
      const namespace = `tafl-cluster-${randomBytes(3).toString('hex')}`;
      const store = await open(namespace);
      const guild = 'failover-guild';
      const key = keys.game(guild, 'c');
      const master = await cluster.masterOf(`${namespace}::${key}`);
      let revision = 0;
      let acknowledged = 0;
      /** Plays ply after ply, as players would through a failover; true when this ply's commit was acknowledged. */
      const play = async (ply: number): Promise<boolean> => {
        const result = await store.commit([{ key, value: { ply }, expectRevision: revision }]);
        if (result.ok) {
          revision++;
          acknowledged++;
          return true;
        }
        // A conflict: an earlier try of this ply, answered "may or may not be recorded", was recorded.
        const stored = await store.read<{ ply: number }>(key);
        expect(stored?.value.ply).toBe(ply);
        revision = stored?.revision ?? 0;
        return true;
      };
      for (let ply = 1; ply <= 20; ply++) expect(await play(ply)).toBe(true);
      const promoted = cluster.killMaster(master);
      let ply = 21;
      let refused = 0;
      const deadline = Date.now() + 30_000;
      while (ply <= 40 && Date.now() < deadline) {
        try {
          if (await play(ply)) ply++;
        } catch (error) {
          if (!(error instanceof StoreUnavailableError)) throw error;
          refused++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const newMaster = await promoted;
      expect(newMaster).not.toBe(master);
      expect(ply).toBe(41);
      // The failover was felt (some tries refused), and every ply is stored exactly once: a lost
      // acknowledged commit would have made a later one conflict with another ply stored.
      expect(refused).toBeGreaterThan(0);
      expect(acknowledged).toBeGreaterThanOrEqual(38);
      const stored = await store.read<{ ply: number }>(key);
      expect(stored).toEqual({ revision: 40, value: { ply: 40 } });
      expect(await cluster.masterOf(`${namespace}::${key}`)).toBe(newMaster);
    },
    LONG,
  );

  it(
    'takes a single Redis of layout 1 by `redis-cli --cluster import`, and moves its keys to their guilds on every master',
    async () => {
      // The bot of layout 1's own keys (test/store/fixtures), in a single Redis, as the way there in docs/operations.md starts.
      const fixture = loadLayout1(Date.now());
      const namespace = `tafl-cluster-${randomBytes(3).toString('hex')}`;
      const single = await startPrivateRedis();
      try {
        const redis = createClient({ url: single.url });
        await redis.connect();
        for (const { key, type, value, entries } of fixture.keys) {
          if (type === 'string' && value !== undefined) await redis.set(`${namespace}::${key}`, value);
          else if (type === 'zset' && entries) await redis.zAdd(`${namespace}::${key}`, entries);
        }
        await redis.close();
        // A master still up (the failover test above killed one of those at the start).
        const live = (await cluster.servers()).find((server) => server.role === 'master');
        if (!live) throw new Error('no master is up');
        const imported = spawnSync(
          'redis-cli',
          [
            '--cluster',
            'import',
            `127.0.0.1:${live.port}`,
            '--cluster-from',
            `127.0.0.1:${single.port}`,
            '--cluster-copy',
          ],
          { encoding: 'utf8', timeout: 60_000, env: redisProgramEnv() },
        );
        expect(imported.status, imported.stdout + imported.stderr).toBe(0);
      } finally {
        await single.stop();
      }
      const reports: LayoutReport[] = [];
      const [store] = await Promise.all([
        open(namespace, (r) => reports.push(r)),
        open(namespace, (r) => reports.push(r)),
      ]);
      expect(reports).toEqual([{ moved: 8, entries: 6, dropped: 0 }]);
      const [G, H] = ['900000000000000001', '900000000000000002'];
      // The two guilds are on two masters.
      expect(await cluster.masterOf(`{${G}}`)).not.toBe(await cluster.masterOf(`{${H}}`));
      let now = fixture.now + 1000;
      const service = new GameService(store, { now: () => now });
      expect((await service.play.board({ guildId: G, channelId: 'c-live' }))?.game.plyCount).toBe(2);
      expect((await service.records.standings(G)).map((row) => row.name)).toEqual(['Bob', 'Ann']);
      expect((await service.challenges.find(H, 'id3'))?.challenger.name).toBe('Cat');
      now = fixture.now + 3_600_000 + 1;
      expect((await service.due.sweep()).timedOut.map((game) => game.channelId).sort()).toEqual([
        'c-ai',
        'c-live',
      ]);
      const untagged = (await cluster.keysMatching(`${namespace}::*`)).filter(
        (key) =>
          !key.includes('{') &&
          !key.endsWith(':guilds') &&
          !key.endsWith('::layout') &&
          !key.endsWith(':reconciling'),
      );
      expect(untagged).toEqual([]);
    },
    LONG,
  );
});
