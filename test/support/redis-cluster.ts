/**
 * A real Redis Cluster of the test's own: three masters with one replica each, on free ports, in
 * a temporary directory, to prove the bot on a cluster and through a failover.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { freePort, redisProgramEnv } from './private-redis.ts';
import { until } from './until.ts';

export interface RedisClusterNode {
  port: number;
  pid: number;
  role: 'master' | 'replica';
}

export interface LocalRedisCluster {
  /** "127.0.0.1:p1,127.0.0.1:p2,..." of the masters at start (the value of REDIS_CLUSTER_NODES). */
  readonly nodes: string;
  readonly rootNodes: { host: string; port: number }[];
  /** The redis-server processes still running, with the role each has now (from CLUSTER NODES). */
  servers(): Promise<RedisClusterNode[]>;
  /** The port of the master that currently serves the hash slot of `key` (CLUSTER KEYSLOT, CLUSTER NODES). */
  masterOf(key: string): Promise<number>;
  /**
   * SIGKILLs the master on `port` and resolves once one of its replicas has been promoted and every
   * node still running reports cluster_state:ok and names that replica master; returns its port.
   */
  killMaster(port: number): Promise<number>;
  /** The keys matching a glob pattern across all masters (SCAN on each). */
  keysMatching(pattern: string): Promise<string[]>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const SLOTS = 16384;
const START_TIMEOUT_MS = 30_000;
const FAILOVER_TIMEOUT_MS = 20_000;

/** One server of the cluster: its port, its cluster bus port, and its process while it runs. */
interface Server {
  port: number;
  child: ChildProcess;
  /** The end of its log, for the error when it fails to start or to join. */
  log: string[];
}

/** One line of CLUSTER NODES. */
interface NodeLine {
  id: string;
  port: number;
  flags: string[];
  masterId: string | undefined;
  slots: [number, number][];
}

/** `count` different free ports (the system may hand the same one out twice in a row). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

function needRedis(): void {
  for (const program of ['redis-server', 'redis-cli']) {
    if (spawnSync(program, ['--version'], { env: redisProgramEnv() }).status !== 0) {
      throw new Error(
        `${program} is not on PATH: install it (Debian/Ubuntu: apt-get install redis-server) to run this test`,
      );
    }
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function parseNodes(text: string): NodeLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id, address, flags, master, , , , , ...slots] = line.trim().split(' ');
      const hostPort = address.split('@')[0];
      return {
        id,
        port: Number(hostPort.slice(hostPort.lastIndexOf(':') + 1)),
        flags: flags.split(','),
        masterId: master === '-' ? undefined : master,
        // Migrating and importing slots ("[5-<-id]") are not served yet; only plain ranges count.
        slots: slots
          .filter((slot) => !slot.startsWith('['))
          .map((slot) => {
            const [from, to = from] = slot.split('-').map(Number);
            return [from, to] as [number, number];
          }),
      };
    });
}

/** A master that is neither failed nor suspected to be. */
const liveMaster = (node: NodeLine) =>
  node.flags.includes('master') && !node.flags.some((flag) => ['fail', 'fail?', 'noaddr'].includes(flag));

const slotCount = (node: NodeLine) => node.slots.reduce((sum, [from, to]) => sum + to - from + 1, 0);

const clusterInfo = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim().split(':'))
      .filter((pair) => pair.length === 2),
  ) as Record<string, string>;

async function launch(args: string[], log: string[]): Promise<ChildProcess> {
  const child: ChildProcess = spawn('redis-server', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: redisProgramEnv(),
  });
  // Keeps reading its log for as long as it runs: a full pipe would stall the server.
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('cluster redis-server did not start within 10 s')),
      10_000,
    );
    const ready = (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', ready);
        resolve();
      }
    };
    child.stdout?.on('data', ready);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`cluster redis-server exited with ${code ?? signal}:\n${log.join('\n')}`));
    });
  });
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!running(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function startRedisCluster(options: { password?: string } = {}): Promise<LocalRedisCluster> {
  needRedis();
  const { password } = options;
  const dir = mkdtempSync(join(tmpdir(), 'tafl-redis-cluster-'));
  const servers: Server[] = [];
  // Should the test process end without stop() (a crashed worker), the servers end with it.
  const killAll = () => {
    for (const server of servers) if (running(server.child)) server.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(servers.map((server) => killed(server.child)));
    rmSync(dir, { recursive: true, force: true });
  };

  /** Sends one command to the server on `port`, on a connection of its own. */
  const ask = async <T>(port: number, command: string[]): Promise<T> => {
    const client = createClient({
      socket: { host: HOST, port, connectTimeout: 2000, reconnectStrategy: false },
      password,
    });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.sendCommand(command)) as T;
    } finally {
      client.destroy();
    }
  };
  const live = () => servers.filter((server) => running(server.child));
  /** CLUSTER NODES as the first running server that answers sees it. */
  const clusterNodes = async (): Promise<NodeLine[]> => {
    let failure: unknown = new Error('no server of the cluster is running');
    for (const server of live()) {
      try {
        return parseNodes(await ask<string>(server.port, ['CLUSTER', 'NODES']));
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };

  try {
    // Each server needs a port for clients and one for the cluster bus; the bus port is set
    // (cluster-port) rather than left at port + 10000, which need not be free or even exist.
    const ports = await freePorts(12);
    for (let i = 0; i < 6; i++) {
      const port = ports[i];
      const busPort = ports[i + 6];
      const args = [
        '--port',
        String(port),
        '--bind',
        HOST,
        '--cluster-enabled',
        'yes',
        '--cluster-port',
        String(busPort),
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        // A master that stops answering for a second is failed; its replica takes over at once.
        '--cluster-node-timeout',
        '1000',
        // However long a replica was cut off from its master, it may take over (a killed master's
        // replica would otherwise wait for a recent-enough link, which a loaded machine may lack).
        '--cluster-replica-validity-factor',
        '0',
        // The replica of each master stays there: the roles the test sees are those it made.
        '--cluster-allow-replica-migration',
        'no',
        // A replica's first sync starts at once, not after the default 5 s wait for more replicas.
        '--repl-diskless-sync-delay',
        '0',
        '--appendonly',
        'no',
        '--save',
        '',
        '--dir',
        dir,
        '--daemonize',
        'no',
      ];
      if (password) args.push('--requirepass', password, '--masterauth', password);
      const log: string[] = [];
      servers.push({ port, log, child: await launch(args, log) });
    }

    const addresses = servers.map((server) => `${HOST}:${server.port}`);
    const auth = password ? ['-a', password, '--no-auth-warning'] : [];
    await new Promise<void>((resolve, reject) => {
      execFile(
        'redis-cli',
        [...auth, '--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes'],
        { timeout: START_TIMEOUT_MS, env: redisProgramEnv() },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`redis-cli --cluster create failed: ${error.message}\n${stdout}${stderr}`))
            : resolve(),
      );
    });

    // Every server agrees: the cluster is ok, all slots are served by three masters, each with
    // one replica whose link to its master is up (so a write can be WAITed for and a replica can
    // take over).
    await until('the cluster did not come up', START_TIMEOUT_MS, async () => {
      for (const server of servers) {
        const info = clusterInfo(await ask<string>(server.port, ['CLUSTER', 'INFO']));
        if (info.cluster_state !== 'ok' || Number(info.cluster_slots_ok) !== SLOTS) return undefined;
        const nodes = parseNodes(await ask<string>(server.port, ['CLUSTER', 'NODES']));
        const masters = nodes.filter(liveMaster);
        const replicas = nodes.filter((node) => node.flags.includes('slave') && !node.flags.includes('fail'));
        if (masters.length !== 3 || replicas.length !== 3) return undefined;
        if (masters.reduce((sum, master) => sum + slotCount(master), 0) !== SLOTS) return undefined;
        if (!masters.every((master) => replicas.some((replica) => replica.masterId === master.id)))
          return undefined;
        const me = nodes.find((node) => node.flags.includes('myself'));
        if (me?.flags.includes('slave')) {
          const replication = await ask<string>(server.port, ['INFO', 'replication']);
          if (!replication.includes('master_link_status:up')) return undefined;
        }
      }
      return true;
    });

    const masters = (await clusterNodes()).filter(liveMaster).sort((a, b) => a.port - b.port);
    const rootNodes = masters.map((master) => ({ host: HOST, port: master.port }));
    return {
      nodes: rootNodes.map(({ host, port }) => `${host}:${port}`).join(','),
      rootNodes,

      async servers() {
        const nodes = await clusterNodes();
        return live().map((server) => {
          const node = nodes.find((line) => line.port === server.port);
          return {
            port: server.port,
            pid: server.child.pid as number,
            role: node?.flags.includes('master') ? 'master' : 'replica',
          };
        });
      },

      async masterOf(key) {
        const [any] = live();
        if (!any) throw new Error('the cluster is stopped');
        const slot = await ask<number>(any.port, ['CLUSTER', 'KEYSLOT', key]);
        const master = (await clusterNodes()).find(
          (node) => liveMaster(node) && node.slots.some(([from, to]) => from <= slot && slot <= to),
        );
        if (!master) throw new Error(`no master serves slot ${slot} (of ${JSON.stringify(key)})`);
        return master.port;
      },

      async killMaster(port) {
        const server = servers.find((candidate) => candidate.port === port && running(candidate.child));
        if (!server) throw new Error(`no running server of the cluster on port ${port}`);
        const nodes = parseNodes(await ask<string>(port, ['CLUSTER', 'NODES']));
        const master = nodes.find((node) => node.flags.includes('myself'));
        if (!master || !liveMaster(master)) throw new Error(`the server on port ${port} is not a master`);
        const replicaPorts = nodes.filter((node) => node.masterId === master.id).map((node) => node.port);
        if (replicaPorts.length === 0)
          throw new Error(`the master on port ${port} has no replica to take over`);
        await killed(server.child);
        return until(`no replica of the master on port ${port} took over`, FAILOVER_TIMEOUT_MS, async () => {
          let promoted: number | undefined;
          for (const other of live()) {
            const info = clusterInfo(await ask<string>(other.port, ['CLUSTER', 'INFO']));
            if (info.cluster_state !== 'ok' || Number(info.cluster_slots_ok) !== SLOTS) return undefined;
            const seen = parseNodes(await ask<string>(other.port, ['CLUSTER', 'NODES']));
            const successor = seen.find(
              (node) => replicaPorts.includes(node.port) && liveMaster(node) && slotCount(node) > 0,
            );
            if (!successor || (promoted !== undefined && promoted !== successor.port)) return undefined;
            promoted = successor.port;
          }
          return promoted;
        });
      },

      async keysMatching(pattern) {
        const keys: string[] = [];
        for (const master of (await clusterNodes()).filter(liveMaster)) {
          let cursor = '0';
          do {
            const [next, batch] = await ask<[string, string[]]>(master.port, [
              'SCAN',
              cursor,
              'MATCH',
              pattern,
              'COUNT',
              '1000',
            ]);
            keys.push(...batch);
            cursor = next;
          } while (cursor !== '0');
        }
        return keys;
      },

      stop,
    };
  } catch (error) {
    await stop();
    const logs = servers.map((server) => `--- redis-server on ${server.port}:\n${server.log.join('\n')}`);
    throw error instanceof Error && servers.length > 0
      ? new Error(`${error.message}\n${logs.join('\n')}`, { cause: error })
      : error;
  }
}
