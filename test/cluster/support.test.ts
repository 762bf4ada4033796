/** The local Redis Cluster the cluster tests start: its shape, its routing, a failover, and its end. */
import { createClient, createCluster } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalRedisCluster,
  type RedisClusterNode,
  startRedisCluster,
} from '../support/redis-cluster.ts';

const LONG = 60_000;

function clusterClient(cluster: LocalRedisCluster, password?: string) {
  return createCluster({
    rootNodes: cluster.rootNodes.map(({ host, port }) => ({ socket: { host, port } })),
    defaults: {
      password,
      socket: {
        connectTimeout: 2000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
      },
    },
  });
}

type ClusterClient = ReturnType<typeof clusterClient>;

/** Retries `read` while the client finds its way to the new master (a lost connection, a MOVED). */
async function eventually<T>(read: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a local Redis Cluster', () => {
  let cluster: LocalRedisCluster;
  let client: ClusterClient;
  let atStart: RedisClusterNode[];

  beforeAll(async () => {
    cluster = await startRedisCluster();
    atStart = await cluster.servers();
    client = clusterClient(cluster);
    client.on('error', () => {});
    await client.connect();
  }, LONG);

  afterAll(async () => {
    client?.destroy();
    await cluster?.stop();
  }, LONG);

  it('has three masters, each with a replica, and names the masters as its nodes', () => {
    const masters = atStart.filter((server) => server.role === 'master').map((server) => server.port);
    expect(masters).toHaveLength(3);
    expect(atStart.filter((server) => server.role === 'replica')).toHaveLength(3);
    expect(new Set(atStart.map((server) => server.port)).size).toBe(6);
    expect(cluster.nodes.split(',').sort()).toEqual(masters.map((port) => `127.0.0.1:${port}`).sort());
    expect(cluster.rootNodes.map(({ port }) => port).sort()).toEqual([...masters].sort());
  });

  it('spreads keys with different hash tags over more than one master, and keys with one tag onto one', async () => {
    const masters = atStart.filter((server) => server.role === 'master').map((server) => server.port);
    const tags = 'abcdefghij'.split('');
    const owners = await Promise.all(tags.map((tag) => cluster.masterOf(`{${tag}}x`)));
    for (const owner of owners) expect(masters).toContain(owner);
    expect(new Set(owners).size).toBeGreaterThan(1);
    expect(await cluster.masterOf('{a}other')).toBe(owners[0]);
  });

  it('reads back through a cluster client what it wrote, and finds it on the masters', async () => {
    await client.set('{support}one', 'first');
    await client.set('{other}two', 'second');
    expect(await client.get('{support}one')).toBe('first');
    expect(await client.get('{other}two')).toBe('second');
    expect((await cluster.keysMatching('{*}*')).sort()).toEqual(['{other}two', '{support}one']);
    expect(await cluster.keysMatching('{support}*')).toEqual(['{support}one']);
  });

  it(
    'fails a killed master over to its replica, keeping a write its replica acknowledged',
    async () => {
      const key = '{failover}game';
      await client.set(key, 'kept');
      const acknowledged = await client.sendCommand(key, false, ['WAIT', '1', '1000']);
      expect(acknowledged).toBe(1);
      const old = await cluster.masterOf(key);
      const replicas = atStart.filter((server) => server.role === 'replica').map((server) => server.port);

      const promoted = await cluster.killMaster(old);

      expect(promoted).not.toBe(old);
      expect(replicas).toContain(promoted);
      expect(await cluster.masterOf(key)).toBe(promoted);
      const now = await cluster.servers();
      expect(now.map((server) => server.port)).not.toContain(old);
      expect(now.filter((server) => server.role === 'master')).toHaveLength(3);

      // A client that starts now finds the new master, which has the write.
      const fresh = clusterClient(cluster);
      fresh.on('error', () => {});
      try {
        await fresh.connect();
        expect(await fresh.get(key)).toBe('kept');
      } finally {
        fresh.destroy();
      }

      // node-redis 5 reads the cluster's layout again only on a MOVED or ASK reply, so a client that
      // was connected keeps sending that slot's commands to the dead master (redis/node-redis#2806);
      // told to read it again, it reads and writes there through the new master.
      await client._slots.rediscover(await client.nodeClient(client.getRandomNode()));
      expect(await eventually(() => client.get(key))).toBe('kept');
      await eventually(() => client.set(key, 'after'));
      expect(await client.get(key)).toBe('after');
    },
    LONG,
  );

  it(
    'stops every server it started',
    async () => {
      const pids = atStart.map((server) => server.pid);
      expect(pids.filter(alive).length).toBeGreaterThan(0);
      client.destroy();
      await cluster.stop();
      expect(pids.filter(alive)).toEqual([]);
      expect(await cluster.servers().catch((error: Error) => error.message)).toMatch(/no server/);
    },
    LONG,
  );
});

describe('a local Redis Cluster with a password', () => {
  const password = 'tafl-cluster-secret';
  let cluster: LocalRedisCluster;
  let client: ClusterClient;

  beforeAll(async () => {
    cluster = await startRedisCluster({ password });
    client = clusterClient(cluster, password);
    client.on('error', () => {});
    await client.connect();
  }, LONG);

  afterAll(async () => {
    client?.destroy();
    await cluster?.stop();
  }, LONG);

  it('answers a client with the password and refuses one without', async () => {
    await client.set('{secret}key', 'value');
    expect(await client.get('{secret}key')).toBe('value');
    expect(await cluster.keysMatching('*')).toEqual(['{secret}key']);

    const [{ port }] = cluster.rootNodes;
    const stranger = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
    stranger.on('error', () => {});
    await stranger.connect();
    try {
      await expect(stranger.sendCommand(['CLUSTER', 'INFO'])).rejects.toThrow(/NOAUTH/);
    } finally {
      stranger.destroy();
    }
  });
});
