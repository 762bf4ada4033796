/**
 * The web board's live feed across processes, on real servers: two feeds on one namespace stand
 * for two bot processes, and a change published on one is heard by the other's listeners, with
 * one Redis (REDIS_URL), behind Sentinel and on a Redis Cluster, then after a failover.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameChanged } from '../../src/game/service.ts';
import { createLogger } from '../../src/log.ts';
import { type LiveFeed, type LiveFeedSetup, liveFeedFor } from '../../src/web/live-feed.ts';
import { SENTINEL_MASTER, type SentinelRedis, startSentinelRedis } from '../support/private-redis.ts';
import { type LocalRedisCluster, startRedisCluster } from '../support/redis-cluster.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const LONG = 90_000;
/** A failover takes Sentinel or the cluster a few seconds. */
const FAILOVER = { timeout: 30_000, interval: 200 };

/** Every line the feeds log, to check that no password is among them. */
const logs: string[] = [];
const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) });

const opened: LiveFeed[] = [];
afterEach(async () => {
  for (const feed of opened.splice(0)) await feed.close();
});

const namespace = () => `tafl-feed-${randomBytes(4).toString('hex')}`;

/** Two processes' feeds on the same Redis and namespace, each with what its listeners heard. */
async function twoProcesses(setup: Omit<LiveFeedSetup, 'namespace'>) {
  const shared = { ...setup, namespace: namespace() };
  const processes = [];
  for (let i = 0; i < 2; i++) {
    const feed = await liveFeedFor(shared, logger);
    opened.push(feed);
    const heard: GameChanged[] = [];
    feed.listen((change) => heard.push(change));
    processes.push({ feed, heard });
  }
  return { processes, namespace: shared.namespace };
}

const change = (ply: number): GameChanged => ({ guildId: 'g', channelId: 'c', gameId: 'game-1', ply });

/** Publishes a new change on `from` at each poll until `to` hears one published after `since`. */
async function heardAfter(
  from: { feed: LiveFeed },
  to: { heard: GameChanged[] },
  since: number,
): Promise<void> {
  let ply = since;
  await expect
    .poll(() => {
      from.feed.publish(change(++ply));
      return to.heard.some((heard) => heard.ply > since);
    }, FAILOVER)
    .toBe(true);
}

describe('the live feed on one Redis (REDIS_URL)', () => {
  it("carries a change published by one process to the other's listeners", async () => {
    const {
      processes: [ann, bob],
    } = await twoProcesses({ redisUrl: testRedisUrl });
    ann.feed.publish(change(1));
    await expect.poll(() => bob.heard).toEqual([change(1)]);
    bob.feed.publish(change(2));
    await expect.poll(() => ann.heard).toEqual([change(1), change(2)]);
  });
});

describe('the live feed behind Redis Sentinel', () => {
  let redis: SentinelRedis;
  beforeAll(async () => {
    redis = await startSentinelRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it(
    'carries changes between processes, and again once a replica replaced the killed master',
    async () => {
      const sentinel = { sentinels: [redis.sentinel], master: SENTINEL_MASTER };
      const {
        processes: [ann, bob],
        namespace: shared,
      } = await twoProcesses({ sentinel });
      ann.feed.publish(change(1));
      await expect.poll(() => bob.heard).toEqual([change(1)]);

      await redis.master.stop(); // SIGKILL
      await expect.poll(() => redis.masterPort(), FAILOVER).toBe(redis.replica.port);
      // Both processes' listening connections moved to the new master.
      await expect
        .poll(
          () => subscribers(redis.replica.port, ['PUBSUB', 'NUMSUB', `${shared}:web:game-changed`]),
          FAILOVER,
        )
        .toBe(2);
      await heardAfter(ann, bob, 100);
      await heardAfter(bob, ann, 200);
    },
    LONG,
  );
});

describe('the live feed on a Redis Cluster', () => {
  const password = 'tafl-feed-cluster-secret';
  let cluster: LocalRedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster({ password });
  }, LONG);
  afterAll(async () => {
    await cluster?.stop();
  }, LONG);

  it(
    "carries changes through one shard's sharded pub/sub, and again once that shard's master was killed",
    async () => {
      const setup = { cluster: { rootNodes: cluster.rootNodes, password } };
      const {
        processes: [ann, bob],
        namespace: shared,
      } = await twoProcesses(setup);
      ann.feed.publish(change(1));
      await expect.poll(() => bob.heard).toEqual([change(1)]);
      bob.feed.publish(change(2));
      await expect.poll(() => ann.heard).toEqual([change(1), change(2)]);

      // One channel, kept by its hash tag on one master, where both processes listen.
      const channel = `{${shared}:web}:game-changed`;
      const shardNumSub = ['PUBSUB', 'SHARDNUMSUB', channel];
      expect(await subscribers(await cluster.masterOf(channel), shardNumSub, password)).toBe(2);

      const promoted = await cluster.killMaster(await cluster.masterOf(channel));
      await expect.poll(() => subscribers(promoted, shardNumSub, password), FAILOVER).toBe(2);
      await heardAfter(ann, bob, 100);
      await heardAfter(bob, ann, 200);
      expect(logs.join('\n')).not.toContain(password);
    },
    LONG,
  );
});

/** How many connections a server counts on a channel (PUBSUB NUMSUB or SHARDNUMSUB). */
async function subscribers(port: number, command: string[], password?: string): Promise<number> {
  const client = createClient({ socket: { host: '127.0.0.1', port }, password });
  client.on('error', () => {});
  await client.connect();
  try {
    const [, count] = (await client.sendCommand(command)) as [string, number];
    return Number(count);
  } finally {
    client.destroy();
  }
}
