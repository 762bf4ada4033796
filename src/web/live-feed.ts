/**
 * The game service's changes, carried to the web board of every bot process: published on Redis
 * pub/sub right after the commit (one server, behind Sentinel, or a cluster's sharded pub/sub),
 * or, with the store in memory (one process), handed over in the process. A message only names
 * the table; the hub reads the stored game itself.
 */
import { EventEmitter } from 'node:events';
import { createClient, createCluster, createSentinel } from '@keyv/redis';
import calculateSlot from 'cluster-key-slot';
import type { GameChanged, GameFeed } from '../game/service.ts';
import type { Logger } from '../log.ts';
import { type ClusterSetup, followFailovers, type SentinelSetup } from '../store/index.ts';

export interface LiveFeed extends GameFeed {
  /** Calls `listener` with every change of any process's games. */
  listen(listener: (change: GameChanged) => void): void;
  /** Tells every process how many watch a table's board on this one (the spectator count). */
  announce(presence: Presence): void;
  /** Calls `listener` with every process's presence announcements, this one's too. */
  listenPresence(listener: (presence: Presence) => void): void;
  close(): Promise<void>;
}

/** How many members watch a table's board on one process (hub.ts). */
export interface Presence {
  guildId: string;
  channelId: string;
  /** The announcing process (its hub's id). */
  process: string;
  spectators: number;
}

/** Where the changes travel: shaped as the store's setup, so both use the same Redis. */
export interface LiveFeedSetup {
  redisUrl?: string;
  sentinel?: SentinelSetup;
  cluster?: ClusterSetup;
  namespace: string;
}

/** The feed for the Redis the store uses (a cluster, Sentinel, one server), or the process's own without one. */
export async function liveFeedFor(setup: LiveFeedSetup, logger: Logger): Promise<LiveFeed> {
  if (setup.cluster) return clusterFeed(setup.cluster, setup.namespace, logger);
  if (setup.sentinel) return sentinelFeed(setup.sentinel, setup.namespace, logger);
  if (setup.redisUrl) return redisFeed(setup.redisUrl, setup.namespace, logger);
  return inProcessFeed();
}

/** One process: the changes go straight to its listeners. */
export function inProcessFeed(): LiveFeed {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    publish: (change) => queueMicrotask(() => events.emit('change', change)),
    listen: (listener) => events.on('change', listener),
    announce: (presence) => queueMicrotask(() => events.emit('presence', presence)),
    listenPresence: (listener) => events.on('presence', listener),
    close: async () => {
      events.removeAllListeners();
    },
  };
}

/** Shown by Redis's CLIENT LIST. Behind Sentinel and on a cluster one client opens both connections. */
const PUBLISHER_NAME = 'tafl-web-publish';
const LISTENER_NAME = 'tafl-web-listen';
const FEED_NAME = 'tafl-web-feed';

/** Reconnects as the store does, never giving up: a failover's new master is found by then. */
const SOCKET = { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000) };

/** How often a cluster feed checks it is still subscribed on the master that holds its channel. */
const CLUSTER_WATCH_MS = 1000;

const channelOf = (namespace: string) => `${namespace}:web:game-changed`;

/**
 * The feed over some Redis pub/sub: `send` publishes one message; the caller subscribes `heard`
 * to the channel, and closes its connections in `close`.
 */
function pubSubFeed(
  logger: Logger,
  send: (message: string) => Promise<unknown>,
  close: () => Promise<unknown>,
): { feed: LiveFeed; heard: (message: string) => void } {
  const listeners: ((change: GameChanged) => void)[] = [];
  const presenceListeners: ((presence: Presence) => void)[] = [];
  // One channel carries both: a game's change, and `{presence}` (which older processes ignore).
  const heard = (message: string) => {
    let heard: GameChanged | { presence: Presence };
    try {
      heard = JSON.parse(message) as GameChanged | { presence: Presence };
    } catch {
      return;
    }
    if ('presence' in heard) for (const listener of presenceListeners) listener(heard.presence);
    else for (const listener of listeners) listener(heard);
  };
  const sent = (what: string) => (error: Error) =>
    logger.warn(`web board: could not publish ${what}`, { error: error.message });
  const feed: LiveFeed = {
    publish(change) {
      // A lost message costs only liveness: a board catches up at its next reconnect or move.
      send(JSON.stringify(change)).catch(sent('a change'));
    },
    listen: (listener) => listeners.push(listener),
    announce(presence) {
      // A lost one is corrected by the next (hub.ts announces again every PRESENCE_BEAT_MS).
      send(JSON.stringify({ presence })).catch(sent('a spectator count'));
    },
    listenPresence: (listener) => presenceListeners.push(listener),
    async close() {
      await close();
    },
  };
  return { feed, heard };
}

/** Only the message: errors from node-redis name hosts and ports, never the password. */
const warnOf = (logger: Logger) => (error: Error) =>
  logger.warn('web board: Redis pub/sub error', { error: error.message });

/** Every process: one Redis connection publishes, another listens (a subscribed one can do nothing else). */
export async function redisFeed(redisUrl: string, namespace: string, logger: Logger): Promise<LiveFeed> {
  const channel = channelOf(namespace);
  const publisher = createClient({ url: redisUrl, name: PUBLISHER_NAME });
  const subscriber = publisher.duplicate({ name: LISTENER_NAME });
  for (const client of [publisher, subscriber]) client.on('error', warnOf(logger));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const { feed, heard } = pubSubFeed(
    logger,
    (message) => publisher.publish(channel, message),
    () => Promise.allSettled([subscriber.quit(), publisher.quit()]),
  );
  await subscriber.subscribe(channel, heard);
  return feed;
}

/**
 * Every process, with Redis behind Sentinel: node-redis's Sentinel client publishes through the
 * master Sentinel names, and listens on a connection of its own to that master which, after a
 * failover, it opens to the new master and subscribes again.
 */
export async function sentinelFeed(
  setup: SentinelSetup,
  namespace: string,
  logger: Logger,
): Promise<LiveFeed> {
  const channel = channelOf(namespace);
  const sentinel = createSentinel({
    name: setup.master,
    sentinelRootNodes: setup.sentinels,
    nodeClientOptions: { name: FEED_NAME, password: setup.password, socket: SOCKET },
    sentinelClientOptions: { socket: SOCKET },
  });
  sentinel.on('error', warnOf(logger));
  await sentinel.connect();
  const { feed, heard } = pubSubFeed(
    logger,
    (message) => sentinel.publish(channel, message),
    () => sentinel.close().catch(() => sentinel.destroy()),
  );
  await sentinel.subscribe(channel, heard);
  return feed;
}

/**
 * Every process, on a Redis Cluster: sharded pub/sub (SPUBLISH, SSUBSCRIBE), the channel's hash
 * tag keeping it on one master. node-redis moves a sharded subscription when a slot migrates,
 * but not when a failover replaces the master: it drops it with the dead master's connections
 * once followFailovers (the store's) has it read the new layout. So the feed checks every second
 * that the master now holding the channel's slot has it subscribed, and subscribes there if not.
 */
export async function clusterFeed(setup: ClusterSetup, namespace: string, logger: Logger): Promise<LiveFeed> {
  const channel = `{${namespace}:web}:game-changed`;
  const slot = calculateSlot(channel);
  const cluster = createCluster({
    rootNodes: setup.rootNodes.map(({ host, port }) => ({ socket: { host, port } })),
    defaults: { name: FEED_NAME, password: setup.password, socket: SOCKET },
  });
  followFailovers(cluster);
  cluster.on('error', warnOf(logger));
  await cluster.connect();
  let watch: NodeJS.Timeout | undefined;
  const { feed, heard } = pubSubFeed(
    logger,
    (message) => cluster.sPublish(channel, message),
    async () => {
      clearInterval(watch);
      await cluster.close().catch(() => cluster.destroy());
    },
  );
  await cluster.sSubscribe(channel, heard);

  const subscribed = () =>
    cluster.slots[slot]?.master.pubSub?.client.getPubSubListeners('SHARDED').has(channel) ?? false;
  let resubscribing = false;
  let failing = false;
  watch = setInterval(() => {
    if (resubscribing || !cluster.isOpen || subscribed()) return;
    resubscribing = true;
    cluster
      .sSubscribe(channel, heard)
      .then(() => {
        if (failing) logger.info('web board: listening for changes again on the cluster');
        failing = false;
      })
      .catch((error: Error) => {
        if (!failing)
          logger.warn('web board: not listening for changes, trying again', { error: error.message });
        failing = true;
      })
      .finally(() => {
        resubscribing = false;
      });
  }, CLUSTER_WATCH_MS).unref();
  return feed;
}
