import { describe, expect, it } from 'vitest';
import { Game, type Side } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { buttonIds, gameChannel, startBotProcess, tableAt, type World, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();

const aiMoves = (world: World, channelId: string) =>
  world.emulator
    .messages(channelId)
    .filter(
      (message) =>
        message.interactionId === undefined &&
        message.content.includes('played') &&
        message.attachments.length === 1,
    );

/** A world of its own where Ann challenges the bot to Fetlar, easy, playing `side`: the bot's answer. */
async function annChallengesTheBot(side: Side, options: Record<string, string | boolean> = {}) {
  const world = await startTestWorld(1);
  const { emulator } = world;
  const ann = emulator.addUser('Ann');
  const start = await emulator
    .slash(ann, 'challenge', {
      opponent: emulator.botUser,
      variant: 'fetlar',
      side,
      level: 'easy',
      ...options,
    })
    .reply();
  return { world, emulator, ann, start };
}

describe('playing against the bot', () => {
  it('challenging the bot starts a game at once; the AI answers each move with its own, image included', async () => {
    const { world, emulator, ann, start } = await annChallengesTheBot('attackers');
    expect(start.ephemeral).toBe(false);
    expect(start.content).toContain('against the AI (easy)');
    expect(start.content).toContain(`<@${ann.id}> to move (attackers)`);

    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);
    const reply = await emulator.waitFor(() => aiMoves(world, emulator.channelId)[0], 10_000);
    expect(reply.content).toMatch(/\(defenders\) played \*\*[a-k]\d+-[a-k]\d+/);
    expect(reply.content).toContain(`<@${ann.id}> to move`);
    expect(reply.allowedMentions).toMatchObject({ parse: [], users: [ann.id] });
    const active = await world.bots[0].service.play.board(tableAt(emulator, emulator.channelId));
    expect(active?.game.plyCount).toBe(2);
    expect(active?.game.turn).toBe('attackers');

    expect((await emulator.slash(ann, 'undo').reply()).content).toContain('The AI does not take moves back');
    expect((await emulator.slash(ann, 'draw').reply()).content).toContain('The AI plays on');
  });

  it('the AI moves first when it has the side that starts', async () => {
    const { world, emulator, ann, start } = await annChallengesTheBot('defenders');
    expect(start.content).toContain('You play the defenders');
    const first = await emulator.waitFor(() => aiMoves(world, emulator.channelId)[0], 10_000);
    expect(first.content).toContain('(attackers) played');
    expect(first.content).toContain(`<@${ann.id}> to move (defenders)`);
  });

  it('a game where it is the AI’s turn resumes when the bot comes back', async () => {
    const world = await startTestWorld(1);
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
      const started = await new GameService(store).lifecycle.startGame({
        guildId: emulator.guildId,
        channelId: emulator.channelId,
        players,
        game: new Game('fetlar'),
        ai: { side: 'attackers', level: 'easy' },
      });
      expect(started.ok).toBe(true);
      world.bots.push(await startBotProcess(emulator, world.namespace));
      const move = await emulator.waitFor(() => aiMoves(world, emulator.channelId)[0], 10_000);
      expect(move.content).toContain('(attackers) played');
      expect(
        (await new GameService(store).play.board(tableAt(emulator, emulator.channelId)))?.game.plyCount,
      ).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('rematch against the bot', () => {
  it('starts a new game against it at once, same variant, level and time, sides swapped: no challenge to the bot', async () => {
    const { world, emulator, ann } = await annChallengesTheBot('attackers', { time: '10m' });
    const ended = await emulator.slash(ann, 'resign').reply();
    const [rematchId] = buttonIds(ended);
    expect(rematchId).toMatch(/^challenge:rematch:/);

    const rematch = await emulator.clickButton(ann, ended, rematchId).reply();
    expect(rematch.ephemeral).toBe(false);
    expect(rematch.content).toContain('You play the defenders against the AI (easy)');
    expect(rematch.content).not.toContain('challenges you');
    expect(buttonIds(rematch)).toEqual([]);
    expect(rematch.attachments).toHaveLength(1);
    expect(
      emulator.messages().some((message) => buttonIds(message).some((id) => id.includes('accept'))),
    ).toBe(false);
    const active = await world.bots[0].service.play.board(tableAt(emulator, emulator.channelId));
    expect(active?.variant).toBe('fetlar');
    expect(active?.ai).toEqual({ side: 'attackers', level: 'easy' });
    expect(active?.players.defenders.id).toBe(ann.id);
    expect(active?.players.attackers.id).toBe(emulator.botUser.id);
    expect(active?.clock?.perMoveMs).toBe(10 * 60 * 1000);
    // The AI has the attackers now, who move first in Fetlar.
    const first = await emulator.waitFor(() => aiMoves(world, emulator.channelId)[0], 10_000);
    expect(first.content).toContain('(attackers) played');
  });
});

describe('options against the bot', () => {
  it('thread:true opens a thread where the AI plays, also beside a channel’s game', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const busy = await gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob });
    const free = emulator.createChannel('free');
    await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(free));

    for (const channelId of [busy, free]) {
      const start = await emulator
        .slash(
          ann,
          'challenge',
          { opponent: emulator.botUser, variant: 'fetlar', side: 'defenders', level: 'easy', thread: true },
          { channelId },
        )
        .reply();
      expect(start.ephemeral).toBe(false);
      const thread = await emulator.waitFor(() =>
        emulator.threads().find((candidate) => candidate.parentId === channelId),
      );
      expect(start.content).toContain('You play the defenders against the AI (easy)');
      expect(start.content).toContain(`<#${thread.id}>`);
      const board = await emulator.waitFor(() =>
        emulator.messages(thread.id).find((message) => message.attachments.length > 0),
      );
      expect(board.content).toContain('You play the defenders');
      const move = await emulator.waitFor(() => aiMoves(world, thread.id)[0], 10_000);
      expect(move.content).toContain('(attackers) played');
      expect((await world.bots[0].service.play.board(tableAt(emulator, thread.id)))?.ai).toEqual({
        side: 'attackers',
        level: 'easy',
      });
    }
    // The channel's own game goes on untouched, and the free channel stays free.
    const channelGame = await world.bots[0].service.play.board(tableAt(emulator, busy));
    expect(channelGame?.ai).toBeNull();
    expect(channelGame?.game.plyCount).toBe(0);
    expect(await world.bots[0].service.play.board(tableAt(emulator, free))).toBeNull();
  });

  it('match:true plays a two-game match: game 2 follows with sides swapped, the AI moving first in it', async () => {
    const { world, emulator, ann, start } = await annChallengesTheBot('attackers', { match: true });
    expect(start.content).toContain('game 1 of a two-game match');
    expect((await world.bots[0].service.play.board(tableAt(emulator, emulator.channelId)))?.match?.game).toBe(
      1,
    );

    const resign = emulator.slash(ann, 'resign');
    expect((await resign.reply()).content).toContain('game 1 of the match');
    const second = await emulator.waitFor(() =>
      resign.followUps().find((message) => message.attachments.length > 0),
    );
    expect(second.content).toContain('Game 2 of the match');
    const active = await world.bots[0].service.play.board(tableAt(emulator, emulator.channelId));
    expect(active?.match?.game).toBe(2);
    expect(active?.ai).toEqual({ side: 'attackers', level: 'easy' });
    expect(active?.players.defenders.id).toBe(ann.id);
    const move = await emulator.waitFor(() => aiMoves(world, emulator.channelId)[0], 10_000);
    expect(move.content).toContain('(attackers) played');
    expect(move.content).toContain(`<@${ann.id}> to move (defenders)`);
  });

  it('a random side is drawn by the service’s random source', async () => {
    const draws = [0.9, 0.1, 0.9];
    const world = await startTestWorld(1, { random: () => draws[0] });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    for (const expected of ['defenders', 'attackers', 'defenders']) {
      const channelId = emulator.createChannel(`random-${draws.length}`);
      await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
      const start = await emulator
        .slash(
          ann,
          'challenge',
          { opponent: emulator.botUser, variant: 'fetlar', level: 'easy' },
          { channelId },
        )
        .reply();
      expect(start.content).toContain(`You play the ${expected} against the AI`);
      draws.shift();
    }
  });
});
