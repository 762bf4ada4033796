import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore } from '../../src/store/index.ts';
import { startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { spawnBot } from './child.ts';
import { tableAt } from './harness.ts';

describe('the bot killed with SIGKILL in the middle of moves', () => {
  it('after a restart, every move a player was told was accepted is there, and no move that was refused', async () => {
    const emulator = await startDiscordEmulator();
    const namespace = `tafl-kill-${randomBytes(4).toString('hex')}`;
    const store = await createStore({ redisUrl: testRedisUrl, namespace });
    const service = new GameService(store);
    const env = { REDIS_URL: testRedisUrl, REDIS_NAMESPACE: namespace };
    try {
      let bot = spawnBot(emulator, env);
      await bot.ready();
      const ann = emulator.addUser('Ann');
      const bob = emulator.addUser('Bob');
      const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
      const games: { channelId: string; told: string[]; inFlight: string | null }[] = [];
      for (let i = 0; i < 6; i++) {
        const channelId = emulator.createChannel(`kill-${i}`);
        await service.lifecycle.startGame({
          guildId: emulator.guildId,
          channelId,
          players,
          game: new Game('fetlar'),
        });
        games.push({ channelId, told: [], inFlight: null });
      }

      let killed = false;
      const play = async (entry: (typeof games)[number], seed: number) => {
        const shadow = new Game('fetlar');
        for (let ply = 0; ply < 40 && !killed; ply++) {
          const moves = shadow.legalMoves();
          const move = moves[(seed * 7 + ply * 13) % moves.length].notation;
          entry.inFlight = move;
          let accepted: boolean;
          try {
            const handle = emulator.slash(
              shadow.turn === 'attackers' ? ann : bob,
              'move',
              { move },
              { channelId: entry.channelId },
            );
            const answer = await handle.firstResponse();
            // A move is acknowledged (deferred) before it is written; the board is the edit that follows.
            const shown = answer.type === 5 ? await handle.reply() : null;
            accepted = shown
              ? !shown.ephemeral && shown.attachments.length > 0
              : answer.type === 4 && !((answer.data?.flags ?? 0) & 64);
          } catch {
            return; // no bot connected any more, or no answer: the player was told nothing
          }
          if (!accepted) return;
          entry.told.push(move);
          entry.inFlight = null;
          shadow.play(move);
          if (shadow.isGameOver()) return;
        }
      };
      const playing = Promise.all(games.map((entry, index) => play(entry, index + 1)));
      // Kill mid-play: once several moves were answered (however busy the machine), with more in flight.
      const told = () => games.reduce((sum, entry) => sum + entry.told.length, 0);
      await emulator.waitFor(() => told() >= 8, 20_000);
      killed = true;
      bot.process.kill('SIGKILL');
      await bot.exited;
      await playing;
      expect(games.reduce((sum, entry) => sum + entry.told.length, 0)).toBeGreaterThan(6);

      bot = spawnBot(emulator, env);
      await bot.ready();
      for (const entry of games) {
        const stored =
          (await service.play.board(tableAt(emulator, entry.channelId)))?.game
            .history()
            .map((move) => move.notation) ?? [];
        // Everything told is there, in order; beyond it at most the one move in flight at the kill,
        // which its player got no answer for (neither accepted nor refused).
        expect(stored.slice(0, entry.told.length)).toEqual(entry.told);
        expect(stored.length - entry.told.length).toBeLessThanOrEqual(1);
        if (stored.length > entry.told.length) expect(stored.at(-1)).toBe(entry.inFlight);
      }
      // The restarted bot carries on with the stored games.
      const first = games[0];
      const active = await service.play.board(tableAt(emulator, first.channelId));
      if (active && !active.game.isGameOver()) {
        const next = active.game.legalMoves()[0].notation;
        const player = active.game.turn === 'attackers' ? ann : bob;
        expect(
          (await emulator.slash(player, 'move', { move: next }, { channelId: first.channelId }).reply())
            .ephemeral,
        ).toBe(false);
      }
      bot.process.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    } finally {
      await store.close();
      await emulator.close();
    }
  });
});
