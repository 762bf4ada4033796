import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { shardOfGuild } from '../discord-emulator/gateway.ts';
import { type DiscordEmulator, startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { tableAt } from './harness.ts';

/** A guild id on the given shard of `count`: Discord assigns shard (id >> 22) % count. */
let guildsMade = 0;
const guildOnShard = (shard: number, count = 2) =>
  String(((BigInt(Date.now() + guildsMade++) * BigInt(count) + BigInt(shard)) << 22n) + 7n);

interface Launcher {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `npm run start:shards` (from the sources) with these settings added to the emulator's. */
function launch(emulator: DiscordEmulator, env: Record<string, string>): Launcher {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/shards.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: emulator.token,
      CLIENT_ID: emulator.applicationId,
      DISCORD_API_URL: emulator.apiUrl,
      REDIS_URL: testRedisUrl,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

async function stop(launcher: Launcher | undefined): Promise<void> {
  if (launcher && launcher.process.exitCode === null && launcher.process.signalCode === null) {
    launcher.process.kill('SIGKILL');
    await launcher.exited;
  }
}

/** The lines of a launcher's output (its shards' too) that log an interaction in this channel. */
const interactionsIn = (launcher: Launcher, channelId: string) =>
  launcher
    .output()
    .split('\n')
    .filter((line) => line.includes('"message":"interaction"') && line.includes(channelId));

describe('npm run start:shards', () => {
  let emulator: DiscordEmulator;
  let store: Store;
  let launcher: Launcher;
  const output = () => launcher.output();
  const namespace = `tafl-shards-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    emulator.recommendedShards = 2;
    store = await createStore({ redisUrl: testRedisUrl, namespace });
    launcher = launch(emulator, { REDIS_NAMESPACE: namespace });
    await emulator.waitFor(() => output().includes('all shards ready'), 60_000);
  }, 90_000);

  afterAll(async () => {
    await stop(launcher);
    await store?.close();
    await emulator?.close();
  });

  it('runs one process per shard (two, as /gateway/bot recommends); each guild is served by its own shard', async () => {
    expect(
      emulator
        .identifyShards()
        .map(([id, count]) => `${id}/${count}`)
        .sort(),
    ).toEqual(['0/2', '1/2']);

    const service = new GameService(store);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    for (const shard of [0, 1]) {
      const guildId = emulator.createGuild(`Hall ${shard}`, { id: guildOnShard(shard) });
      expect(shardOfGuild(guildId, 2)).toBe(shard);
      const channelId = emulator.createChannel('tafl', guildId);
      await service.lifecycle.startGame({
        guildId,
        channelId,
        players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
        game: new Game('fetlar'),
      });
      const reply = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
      expect(reply.ephemeral).toBe(false);
      expect(reply.content).toContain('played **d1-d3**');
      // The interaction was handled by the process of this guild's shard, and only by it.
      const handled = () => interactionsIn(launcher, channelId);
      await emulator.waitFor(() => handled().length > 0);
      expect(handled()).toHaveLength(1);
      expect(JSON.parse(handled()[0]).shards).toEqual([shard]);
      expect((await service.play.board(tableAt(emulator, channelId)))?.game.plyCount).toBe(1);
    }
  });

  it('stops every shard cleanly on SIGTERM', async () => {
    launcher.process.kill('SIGTERM');
    expect(await launcher.exited).toBe(0);
    expect(output().split('"message":"stopped"').length - 1).toBe(3); // two shards and the launcher
    expect(output()).not.toContain(emulator.token);
  });
});

/** `count` consecutive ports that nothing listens on. */
async function freePortRun(count: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => {
        const bound = (probe.address() as { port: number }).port;
        probe.close(() => resolve(bound));
      });
    });
  for (;;) {
    const first = await listen(0);
    let free = 1;
    while (free < count && (await listen(first + free).catch(() => null)) !== null) free++;
    if (free === count) return first;
  }
}

describe('shards spread over hosts: SHARD_LIST and TOTAL_SHARDS', () => {
  let emulator: DiscordEmulator;
  let store: Store;
  // Two launchers standing for two hosts, with the four shards split between them.
  let hostA: Launcher;
  let hostB: Launcher;
  let metricsPort: number;
  const namespace = `tafl-hosts-${randomBytes(4).toString('hex')}`;
  const hostOf = (shard: number) => (shard % 2 === 0 ? hostA : hostB);

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    emulator.recommendedShards = 1; // TOTAL_SHARDS decides, not Discord's recommendation
    store = await createStore({ redisUrl: testRedisUrl, namespace });
    metricsPort = await freePortRun(4);
    const shared = { REDIS_NAMESPACE: namespace, TOTAL_SHARDS: '4', METRICS_PORT: String(metricsPort) };
    hostA = launch(emulator, { ...shared, SHARD_LIST: '0,2' });
    hostB = launch(emulator, { ...shared, SHARD_LIST: '3,1' });
    await emulator.waitFor(
      () => hostA.output().includes('all shards ready') && hostB.output().includes('all shards ready'),
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(hostA), stop(hostB)]);
    await store?.close();
    await emulator?.close();
  });

  it('each host runs its own shards, and every shard runs once', () => {
    expect(
      emulator
        .identifyShards()
        .map(([id, count]) => `${id}/${count}`)
        .sort(),
    ).toEqual(['0/4', '1/4', '2/4', '3/4']);
    const ready = (launcher: Launcher) =>
      JSON.parse(
        launcher
          .output()
          .split('\n')
          .find((line) => line.includes('"message":"all shards ready"')) ?? '{}',
      );
    expect(ready(hostA)).toMatchObject({ shards: [0, 2], of: 4 });
    expect(ready(hostB)).toMatchObject({ shards: [3, 1], of: 4 });
  });

  it('serves every guild exactly once, by the shard process of the host that runs its shard', async () => {
    const service = new GameService(store);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    // Two guilds on each of the four shards.
    const guilds = [0, 1, 2, 3, 0, 1, 2, 3].map((shard) => ({
      shard,
      guildId: emulator.createGuild(`Hall ${shard}`, { id: guildOnShard(shard, 4) }),
    }));
    for (const { shard, guildId } of guilds) {
      expect(shardOfGuild(guildId, 4)).toBe(shard);
      expect(emulator.shardsServing(guildId)).toEqual([[shard, 4]]);
      const channelId = emulator.createChannel('tafl', guildId);
      await service.lifecycle.startGame({
        guildId,
        channelId,
        players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
        game: new Game('fetlar'),
      });
      const reply = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
      expect(reply.content).toContain('played **d1-d3**');
      const host = hostOf(shard);
      const other = host === hostA ? hostB : hostA;
      await emulator.waitFor(() => interactionsIn(host, channelId).length > 0);
      const handled = interactionsIn(host, channelId);
      expect(handled).toHaveLength(1);
      expect(JSON.parse(handled[0]).shards).toEqual([shard]);
      expect(interactionsIn(other, channelId)).toEqual([]);
      expect((await service.play.board(tableAt(emulator, channelId)))?.game.plyCount).toBe(1);
    }
  });

  it("serves each shard's metrics on METRICS_PORT plus the shard id, on the host that runs it", async () => {
    for (const shard of [0, 1, 2, 3]) {
      const response = await fetch(`http://127.0.0.1:${metricsPort + shard}/healthz`);
      expect(response.status).toBe(200);
      const serving = hostOf(shard)
        .output()
        .split('\n')
        .filter((line) => line.includes('"message":"serving metrics"'))
        .map((line) => JSON.parse(line));
      expect(serving).toContainEqual(
        expect.objectContaining({ shards: [shard], url: `http://127.0.0.1:${metricsPort + shard}/metrics` }),
      );
    }
  });

  it("stops each host's shards cleanly on SIGTERM", async () => {
    for (const host of [hostA, hostB]) {
      host.process.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      expect(host.output().split('"message":"stopped"').length - 1).toBe(3); // two shards and the launcher
    }
  });
});

describe('a launcher with wrong shard settings', () => {
  it('stops at once and says what is wrong', async () => {
    const emulator = await startDiscordEmulator();
    try {
      for (const [env, reason] of [
        [
          { TOTAL_SHARDS: '2', SHARD_LIST: '0,2' },
          'SHARD_LIST has shard 2, but with TOTAL_SHARDS=2 the shards are 0 to 1',
        ],
        [{ TOTAL_SHARDS: '4', SHARD_LIST: '1,1' }, 'SHARD_LIST names shard 1 twice'],
        [{ SHARD_LIST: '0' }, 'SHARD_LIST needs TOTAL_SHARDS'],
      ] as const) {
        const launcher = launch(emulator, { REDIS_NAMESPACE: 'tafl-never-used', ...env });
        expect(await launcher.exited).toBe(1);
        expect(launcher.output()).toContain(`Cannot start: ${reason}`);
      }
      expect(emulator.identifyShards()).toEqual([]);
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
