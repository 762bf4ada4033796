/** A Redis server of the test's own on a free port, to stop and start without disturbing other tests. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { createStore, type Store } from '../../src/store/index.ts';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port, with the data it had (when started with `persist`). */
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startPrivateRedis(options: { persist?: boolean } = {}): Promise<PrivateRedis> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error(
      'redis-server is not on PATH: install it (Debian/Ubuntu: apt-get install redis-server) to run this test',
    );
  }
  const port = await freePort();
  const dir = options.persist ? mkdtempSync(join(tmpdir(), 'tafl-redis-')) : undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', ''];
  args.push(
    ...(dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no']),
  );
  let child = await launch(args);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop();
      child = await launch(args);
    },
  };
}

async function launch(args: string[]): Promise<ChildProcess> {
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('private redis-server did not start')), 5000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`private redis-server exited with ${code}`)));
  });
  return child;
}

/**
 * A private Redis that can stall as a hung server does: it holds every write (EVAL included)
 * unanswered while still answering reads. With a store on it for the code under test, and an
 * `observer` store standing for another process (the stalled connection's own queue is stuck).
 */
export interface StallingRedis {
  store: Store;
  observer: Store;
  stallWrites(): Promise<unknown>;
  resume(): Promise<unknown>;
  /** Reads `key` through the observer until `done` accepts it (a held write lands soon after resume). */
  eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T>;
  close(): Promise<void>;
}

export async function startStallingRedis(namespace: string): Promise<StallingRedis> {
  const redis = await startPrivateRedis();
  const store = await createStore({ redisUrl: redis.url, namespace });
  const observer = await createStore({ redisUrl: redis.url, namespace });
  const admin = createClient({ url: redis.url });
  await admin.connect();
  const resume = () => admin.sendCommand(['CLIENT', 'UNPAUSE']);
  return {
    store,
    observer,
    stallWrites: () => admin.sendCommand(['CLIENT', 'PAUSE', '20000', 'WRITE']),
    resume,
    async eventually(read, done) {
      let value = await read();
      for (let i = 0; i < 50 && !done(value); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        value = await read();
      }
      return value;
    },
    async close() {
      await resume().catch(() => {});
      await admin.close().catch(() => {});
      await observer.close().catch(() => {});
      await store.close().catch(() => {});
      await redis.stop();
    },
  };
}
