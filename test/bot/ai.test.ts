import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { startBotProcess, startWorld, type World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const aiMoves = (world: World, channelId: string) =>
  world.emulator
    .messages(channelId)
    .filter(
      (message) =>
        message.interactionId === undefined &&
        message.content.includes('played') &&
        message.attachments.length === 1,
    );

describe('playing against the bot', () => {
  it('challenging the bot starts a game at once; the AI answers each move with its own, image included', async () => {
    world = await startWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const start = await emulator
      .slash(ann, 'challenge', {
        opponent: emulator.botUser,
        variant: 'fetlar',
        side: 'attackers',
        level: 'easy',
      })
      .reply();
    expect(start.ephemeral).toBe(false);
    expect(start.content).toContain('against the AI (easy)');
    expect(start.content).toContain(`<@${ann.id}> to move (attackers)`);

    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);
    const reply = await emulator.waitFor(() => aiMoves(world as World, emulator.channelId)[0], 10_000);
    expect(reply.content).toMatch(/\(defenders\) played \*\*[a-k]\d+-[a-k]\d+/);
    expect(reply.content).toContain(`<@${ann.id}> to move`);
    expect(reply.allowedMentions).toMatchObject({ parse: [], users: [ann.id] });
    const active = await world.bots[0].service.board(emulator.channelId);
    expect(active?.game.plyCount).toBe(2);
    expect(active?.game.turn).toBe('attackers');

    expect((await emulator.slash(ann, 'undo').reply()).content).toContain('The AI does not take moves back');
    expect((await emulator.slash(ann, 'draw').reply()).content).toContain('The AI plays on');
  });

  it('the AI moves first when it has the side that starts', async () => {
    world = await startWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const start = await emulator
      .slash(ann, 'challenge', {
        opponent: emulator.botUser,
        variant: 'fetlar',
        side: 'defenders',
        level: 'easy',
      })
      .reply();
    expect(start.content).toContain('You play the defenders');
    const first = await emulator.waitFor(() => aiMoves(world as World, emulator.channelId)[0], 10_000);
    expect(first.content).toContain('(attackers) played');
    expect(first.content).toContain(`<@${ann.id}> to move (defenders)`);
  });

  it('a game where it is the AI’s turn resumes when the bot comes back', async () => {
    world = await startWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    await world.bots[0].stop();
    world.bots.pop();
    const store = await createStore({ redisUrl: testRedisUrl, namespace: world.namespace });
    try {
      const players = {
        attackers: { id: emulator.botUser.id, name: 'Tafl Bot (easy)' },
        defenders: { id: ann.id, name: 'Ann' },
      };
      const started = await new GameService(store).startGame({
        guildId: emulator.guildId,
        channelId: emulator.channelId,
        players,
        game: new Game('fetlar'),
        ai: { side: 'attackers', level: 'easy' },
      });
      expect(started.ok).toBe(true);
      world.bots.push(await startBotProcess(emulator, world.namespace));
      const move = await emulator.waitFor(() => aiMoves(world as World, emulator.channelId)[0], 10_000);
      expect(move.content).toContain('(attackers) played');
      expect((await new GameService(store).board(emulator.channelId))?.game.plyCount).toBe(1);
    } finally {
      await store.close();
    }
  });
});
