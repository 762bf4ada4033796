import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { shardOfGuild } from '../discord-emulator/gateway.ts';
import { type DiscordEmulator, startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

/** A guild id on the given shard of two: Discord assigns shard (id >> 22) % count. */
const guildOnShard = (shard: number) => String(((BigInt(Date.now()) * 2n + BigInt(shard)) << 22n) + 7n);

let emulator: DiscordEmulator;
let store: Store;
let launcher: ChildProcess;
let output = '';
const namespace = `tafl-shards-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  emulator = await startDiscordEmulator();
  emulator.recommendedShards = 2;
  store = await createStore({ redisUrl: testRedisUrl, namespace });
  launcher = spawn(process.execPath, ['--import', 'tsx', 'src/shards.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: emulator.token,
      CLIENT_ID: emulator.applicationId,
      DISCORD_API_URL: emulator.apiUrl,
      REDIS_URL: testRedisUrl,
      REDIS_NAMESPACE: namespace,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  launcher.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await emulator.waitFor(() => output.includes('all shards ready'), 60_000);
}, 90_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGKILL');
    await new Promise((resolve) => launcher.once('exit', resolve));
  }
  await store?.close();
  await emulator?.close();
});

describe('npm run start:shards', () => {
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
      await service.startGame({
        guildId,
        channelId,
        players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
        game: new Game('fetlar'),
      });
      const reply = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
      expect(reply.ephemeral).toBe(false);
      expect(reply.content).toContain('played **d1-d3**');
      // The interaction was handled by the process of this guild's shard, and only by it.
      const handled = () =>
        output
          .split('\n')
          .filter((line) => line.includes('"message":"interaction"') && line.includes(channelId));
      await emulator.waitFor(() => handled().length > 0);
      expect(handled()).toHaveLength(1);
      expect(JSON.parse(handled()[0]).shards).toEqual([shard]);
      expect((await service.board(channelId))?.game.plyCount).toBe(1);
    }
  });

  it('stops every shard cleanly on SIGTERM', async () => {
    launcher.kill('SIGTERM');
    const code = await new Promise((resolve) => launcher.once('exit', resolve));
    expect(code).toBe(0);
    expect(output.split('"message":"stopped"').length - 1).toBe(3); // two shards and the launcher
    expect(output).not.toContain(emulator.token);
  });
});
