/** A Redis server of the test's own on a free port, to stop and start without disturbing other tests. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { createStore, type Store } from '../../src/store/index.ts';

export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the process answering without closing its connections (SIGSTOP), until `thaw` (SIGCONT). */
  freeze(): void;
  thaw(): void;
  /** Starts it again on the same port, with the data it had (when started with `persist`). */
  restart(): Promise<void>;
}

/** A TCP port nothing listens on now, for a server of the tests' own. */
export async function freePort(): Promise<number> {
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

/**
 * The environment for Redis's own programs: the tests' own, less a faked clock (libfaketime's
 * LD_PRELOAD, used to run the suite a year ahead). Redis's allocator cannot start under it, and a
 * private Redis keeps real time as the shared one at 6379 does.
 */
export function redisProgramEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (name === 'LD_PRELOAD' || name.startsWith('FAKETIME')) delete env[name];
  return env;
}

function needRedisServer(): void {
  if (spawnSync('redis-server', ['--version'], { env: redisProgramEnv() }).status !== 0) {
    throw new Error(
      'redis-server is not on PATH: install it (Debian/Ubuntu: apt-get install redis-server) to run this test',
    );
  }
}

export async function startPrivateRedis(
  options: { persist?: boolean; replicaOf?: number } = {},
): Promise<PrivateRedis> {
  needRedisServer();
  const port = await freePort();
  // Its own directory even without persistence: a replica writes the copy it syncs from its master.
  const dir = mkdtempSync(join(tmpdir(), 'tafl-redis-'));
  // A master sends a new replica its copy at once: by default Redis 7 waits 5 s for more replicas
  // to share the transfer, as long as `replicating` below was willing to wait.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir];
  args.push('--repl-diskless-sync-delay', '0');
  args.push(
    ...(options.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
  );
  if (options.replicaOf) args.push('--replicaof', '127.0.0.1', String(options.replicaOf));
  let child = await launch(args);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    async restart() {
      await stop();
      child = await launch(args);
    },
  };
}

/**
 * A Redis master with one replica, watched by one Sentinel that fails over a second after the
 * master stops answering: the smallest setup in which a failover happens.
 */
export interface SentinelRedis {
  master: PrivateRedis;
  replica: PrivateRedis;
  sentinel: { host: string; port: number };
  /** The port of the server Sentinel names as master now. */
  masterPort(): Promise<number>;
  close(): Promise<void>;
}

export const SENTINEL_MASTER = 'tafl-test';

/** Waits until the replica has its master's data and follows its writes. */
async function replicating(replica: PrivateRedis): Promise<void> {
  const client = createClient({ url: replica.url });
  await client.connect();
  try {
    for (let i = 0; i < 100; i++) {
      if ((await client.info('replication')).includes('master_link_status:up')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the private replica did not catch up with its master within 5 s');
  } finally {
    await client.close();
  }
}

export async function startSentinelRedis(): Promise<SentinelRedis> {
  const master = await startPrivateRedis();
  const replica = await startPrivateRedis({ replicaOf: master.port });
  await replicating(replica);
  const port = await freePort();
  // Sentinel rewrites its configuration file, so it needs one of its own.
  const config = join(mkdtempSync(join(tmpdir(), 'tafl-sentinel-')), 'sentinel.conf');
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${master.port} 1`,
      `sentinel down-after-milliseconds ${SENTINEL_MASTER} 1000`,
      `sentinel failover-timeout ${SENTINEL_MASTER} 5000`,
      '',
    ].join('\n'),
  );
  const sentinel = await launch([config, '--sentinel'], '+monitor master');
  const admin = createClient({ socket: { host: '127.0.0.1', port } });
  await admin.connect();
  return {
    master,
    replica,
    sentinel: { host: '127.0.0.1', port },
    async masterPort() {
      const address = (await admin.sendCommand([
        'SENTINEL',
        'GET-MASTER-ADDR-BY-NAME',
        SENTINEL_MASTER,
      ])) as string[];
      return Number(address[1]);
    },
    async close() {
      await admin.close().catch(() => {});
      sentinel.kill('SIGKILL');
      await Promise.all([master.stop(), replica.stop()]);
    },
  };
}

async function launch(args: string[], ready = 'Ready to accept connections'): Promise<ChildProcess> {
  const child: ChildProcess = spawn('redis-server', args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: redisProgramEnv(),
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('private redis-server did not start')), 5000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) {
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
