/** A Redis server of the test's own on a free port, to stop and start without disturbing other tests. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
