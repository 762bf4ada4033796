/**
 * The AI's turn after its process dies while it thinks: the claim on the turn lapses within its
 * lease (held while the AI thinks), and a restarted process plays the move within seconds of being
 * ready, exactly once.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { AI_TURN_LEASE_MS } from '../../src/game/ai-turns.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore } from '../../src/store/index.ts';
import { startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { until } from '../support/until.ts';
import { spawnBot } from './child.ts';
import { tableAt } from './harness.ts';

/** The old lease, which a restarted process had to wait out: the takeover must come well before it. */
const OLD_LEASE_MS = 30_000;

describe('the bot killed while the AI thinks', () => {
  it('a restarted process takes the AI turn over once its lease lapses, and plays it once', async () => {
    const emulator = await startDiscordEmulator();
    const namespace = `tafl-ai-takeover-${randomBytes(4).toString('hex')}`;
    const store = await createStore({ redisUrl: testRedisUrl, namespace });
    const redis = createClient({ url: testRedisUrl });
    await redis.connect();
    const service = new GameService(store);
    const env = { REDIS_URL: testRedisUrl, REDIS_NAMESPACE: namespace };
    try {
      let bot = spawnBot(emulator, env);
      await bot.ready();
      const ann = emulator.addUser('Ann');
      const started = await service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId: emulator.channelId,
        players: {
          attackers: { id: emulator.botUser.id, name: 'Tafl Bot (hard)' },
          defenders: { id: ann.id, name: 'Ann' },
        },
        game: new Game('fetlar'),
        // Three seconds a move: the kill comes while it thinks.
        ai: { side: 'attackers', level: 'hard' },
      });
      expect(started.ok).toBe(true);

      // The turn is claimed (its entry moved on to the lease's end) by the running bot's clock sweep.
      const [entryKey] = (await redis.keys(`${namespace}::*schedule:ai-turns`)).filter(
        (key) => !key.endsWith(':guilds'),
      );
      const leaseEnd = async () => Number((await redis.zRangeWithScores(entryKey, 0, 0))[0]?.score ?? 0);
      const claimedUntil = await until('the running bot claimed no AI turn', 10_000, async () => {
        const end = await leaseEnd();
        return end > Date.now() ? end : undefined;
      });
      expect(claimedUntil).toBeLessThanOrEqual(Date.now() + AI_TURN_LEASE_MS);
      bot.process.kill('SIGKILL');
      await bot.exited;
      const killedAt = Date.now();
      expect((await service.play.board(tableAt(emulator, emulator.channelId)))?.game.plyCount).toBe(0);

      bot = spawnBot(emulator, env);
      await bot.ready();
      const readyAt = Date.now();
      const plies = async () =>
        (await service.play.board(tableAt(emulator, emulator.channelId)))?.game.plyCount;
      await until('the restarted bot played no AI move', 25_000, async () =>
        (await plies()) === 1 ? true : undefined,
      );
      const movedAt = Date.now();
      // The move came within the lease and a think after the kill, far sooner than the old lease.
      expect(movedAt - killedAt).toBeLessThan(OLD_LEASE_MS);
      expect(movedAt - Math.max(readyAt, claimedUntil)).toBeLessThan(OLD_LEASE_MS / 2);
      // Once: one AI move posted, and still one ply after more sweeps.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await plies()).toBe(1);
      const posted = emulator
        .messages(emulator.channelId)
        .filter((message) => message.content.includes('(attackers) played'));
      expect(posted).toHaveLength(1);
      bot.process.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    } finally {
      await redis.close();
      await store.close();
      await emulator.close();
    }
  });
});
