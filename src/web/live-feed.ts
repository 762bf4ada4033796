/**
 * The game service's changes, carried to the web board of every bot process: published on a
 * Redis channel right after the commit, or, with the store in memory (one process), handed over
 * in the process. A message only names the table; the hub reads the stored game itself.
 */
import { EventEmitter } from 'node:events';
import { createClient } from '@keyv/redis';
import type { GameChanged, GameFeed } from '../game/service.ts';
import type { Logger } from '../log.ts';

export interface LiveFeed extends GameFeed {
  /** Calls `listener` with every change of any process's games. */
  listen(listener: (change: GameChanged) => void): void;
  close(): Promise<void>;
}

/** One process: the changes go straight to its listeners. */
export function inProcessFeed(): LiveFeed {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    publish: (change) => queueMicrotask(() => events.emit('change', change)),
    listen: (listener) => events.on('change', listener),
    close: async () => {
      events.removeAllListeners();
    },
  };
}

/** Every process: one Redis connection publishes, another listens (a subscribed one can do nothing else). */
export async function redisFeed(redisUrl: string, namespace: string, logger: Logger): Promise<LiveFeed> {
  const channel = `${namespace}:web:game-changed`;
  const publisher = createClient({ url: redisUrl, name: 'tafl-web-publish' });
  const subscriber = publisher.duplicate({ name: 'tafl-web-listen' });
  for (const client of [publisher, subscriber])
    client.on('error', (error: Error) =>
      logger.warn('web board: Redis pub/sub error', { error: error.message }),
    );
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const listeners: ((change: GameChanged) => void)[] = [];
  await subscriber.subscribe(channel, (message: string) => {
    let change: GameChanged;
    try {
      change = JSON.parse(message) as GameChanged;
    } catch {
      return;
    }
    for (const listener of listeners) listener(change);
  });
  return {
    publish(change) {
      // A lost message costs only liveness: a board catches up at its next reconnect or move.
      publisher
        .publish(channel, JSON.stringify(change))
        .catch((error: Error) =>
          logger.warn('web board: could not publish a change', { error: error.message }),
        );
    },
    listen: (listener) => listeners.push(listener),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
