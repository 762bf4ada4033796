/**
 * Redis behind Sentinel, on real servers: a master, its replica and a Sentinel of the test's own.
 * The master is killed in the middle of a game; Sentinel promotes the replica, and the store
 * follows it without losing a move a player was told was accepted.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game, type Side } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { spawnBot } from '../bot/child.ts';
import { startDiscordEmulator } from '../discord-emulator/index.ts';
import { SENTINEL_MASTER, type SentinelRedis, startSentinelRedis } from '../support/private-redis.ts';

/** Where the tests' games are played. */
const table = { guildId: 'g', channelId: 'c' };

const ann: Player = { id: '1', name: 'Ann' };
const bob: Player = { id: '2', name: 'Bob' };
const players: Record<Side, Player> = { attackers: ann, defenders: bob };

/** A master, its replica and a Sentinel of the test's own, and a store that finds the master through it. */
function sentinelSetup() {
  const setup = {
    redis: undefined as unknown as SentinelRedis,
    store: undefined as unknown as Store,
    namespace: `tafl-sentinel-${randomBytes(4).toString('hex')}`,
  };
  beforeAll(async () => {
    setup.redis = await startSentinelRedis();
    setup.store = await createStore({
      sentinel: { sentinels: [setup.redis.sentinel], master: SENTINEL_MASTER },
      namespace: setup.namespace,
    });
  });
  afterAll(async () => {
    await setup.store?.close();
    await setup.redis?.close();
  });
  return setup;
}

describe('the store behind Redis Sentinel', () => {
  const setup = sentinelSetup();

  it('keeps every move a player was told was accepted through a failover, and applies none twice', async () => {
    const { redis, store } = setup;
    const service = new GameService(store);
    const shadow = new Game('fetlar');
    expect(
      (await service.lifecycle.startGame({ guildId: 'g', channelId: 'c', players, game: new Game('fetlar') }))
        .ok,
    ).toBe(true);
    const nextMove = () => {
      const moves = shadow.legalMoves();
      return moves[(shadow.plyCount * 7) % moves.length].notation;
    };
    let refusedWhileFailingOver = 0;
    /** Plays the move, trying again while the store is away; true once a player would be told it stands. */
    const play = async (move: string) => {
      const player = players[shadow.turn];
      for (let attempt = 0; attempt < 200; attempt++) {
        const outcome = await service.play.move(table, player, move);
        if (outcome.ok) return true;
        expect(['store-unavailable', 'store-silent', 'position-changed']).toContain(outcome.code);
        refusedWhileFailingOver++;
        // "May or may not have been recorded": the player looks at the board before trying again.
        const board = await service.play.board(table).catch(() => null);
        if (board && board.game.plyCount > shadow.plyCount)
          return board.game.history().at(-1)?.notation === move;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };

    for (let i = 0; i < 3; i++) {
      const move = nextMove();
      expect(await play(move)).toBe(true);
      shadow.play(move);
    }
    expect(await redis.masterPort()).toBe(redis.master.port);

    await redis.master.stop(); // SIGKILL: only what the replica holds survives.
    for (let i = 0; i < 4; i++) {
      const move = nextMove();
      expect(await play(move)).toBe(true);
      shadow.play(move);
    }

    expect(await redis.masterPort()).toBe(redis.replica.port);
    expect(refusedWhileFailingOver).toBeGreaterThan(0);
    const board = await service.play.board(table);
    expect(board?.game.history().map((move) => move.notation)).toEqual(
      shadow.history().map((move) => move.notation),
    );
  });
});

describe('a commit behind Sentinel', () => {
  const setup = sentinelSetup();

  it('is not called accepted until a replica holds it too', async () => {
    const { redis, store } = setup;
    const service = new GameService(store);
    expect(
      (await service.lifecycle.startGame({ guildId: 'g', channelId: 'c', players, game: new Game('fetlar') }))
        .ok,
    ).toBe(true);
    redis.replica.freeze();
    try {
      const unsure = await service.play.move(table, ann, 'd1-d3');
      // On the master, but a failover now would lose it: the player is told to look before trying again.
      expect(unsure).toMatchObject({ ok: false, code: 'store-silent' });
      expect((await service.play.board(table))?.game.history().map((move) => move.notation)).toEqual([
        'd1-d3',
      ]);
    } finally {
      redis.replica.thaw();
    }
    expect(await service.play.move(table, bob, 'f4-c4')).toMatchObject({ ok: true });
  });
});

describe('npm start with REDIS_SENTINELS', () => {
  const setup = sentinelSetup();

  it('finds the master through Sentinel and plays there', async () => {
    const { redis, store, namespace } = setup;
    const emulator = await startDiscordEmulator();
    try {
      const bot = spawnBot(emulator, {
        REDIS_URL: '',
        REDIS_SENTINELS: `${redis.sentinel.host}:${redis.sentinel.port}`,
        REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
        REDIS_NAMESPACE: namespace,
      });
      await bot.ready();
      expect(bot.output()).not.toContain('games are kept in memory');
      const service = new GameService(store);
      const [annMember, bobMember] = [emulator.addUser('Ann'), emulator.addUser('Bob')];
      const named = {
        attackers: { id: annMember.id, name: 'Ann' },
        defenders: { id: bobMember.id, name: 'Bob' },
      };
      const started = await service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId: emulator.channelId,
        players: named,
        game: new Game('fetlar'),
      });
      expect(started.ok).toBe(true);
      const answer = await emulator.slash(annMember, 'move', { move: 'd1-d3' }).reply();
      expect(answer.ephemeral).toBe(false);
      expect(
        (await service.play.board({ guildId: emulator.guildId, channelId: emulator.channelId }))?.game
          .history()
          .map((move) => move.notation),
      ).toEqual(['d1-d3']);
      bot.process.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    } finally {
      await emulator.close();
    }
  });
});
