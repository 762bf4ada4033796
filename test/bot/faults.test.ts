import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { startPrivateRedis } from '../support/private-redis.ts';
import { tableAt, type World, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();

async function gameOn(world: World) {
  const { emulator, bots } = world;
  const ann = emulator.addUser('Ann');
  const bob = emulator.addUser('Bob');
  const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
  const started = await bots[0].service.lifecycle.startGame({
    guildId: emulator.guildId,
    channelId: emulator.channelId,
    players,
    game: new Game('fetlar'),
  });
  if (!started.ok) throw new Error(started.code);
  return { ann, bob };
}

describe('Discord answering with errors', () => {
  it('a 429 rate limit on the reply: the bot waits as told and answers once', async () => {
    const world = await startTestWorld(1);
    const { ann } = await gameOn(world);
    world.emulator.injectFault({
      method: 'POST',
      path: /^\/interactions\/\d+\/[^/]+\/callback$/,
      status: 429,
      retryAfter: 0.3,
      times: 1,
    });
    const move = world.emulator.slash(ann, 'move', { move: 'd1-d3' });
    const answer = await move.reply();
    expect(answer.ephemeral).toBe(false);
    expect(answer.content).toContain('d1-d3');
    expect(world.emulator.faulted).toHaveLength(1);
    expect(
      (await world.bots[0].service.play.board(tableAt(world.emulator, world.emulator.channelId)))?.game
        .plyCount,
    ).toBe(1);
  });

  it('5xx errors on the reply: the bot retries and the move is stored once', async () => {
    const world = await startTestWorld(1);
    const { ann, bob } = await gameOn(world);
    world.emulator.injectFault({ method: 'POST', path: /\/callback$/, status: 502, times: 2 });
    expect((await world.emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).content).toContain('d1-d3');
    expect(world.emulator.faulted).toHaveLength(2);
    expect((await world.emulator.slash(bob, 'move', { move: 'f4-c4' }).reply()).content).toContain('f4-c4');
    const history = (
      await world.bots[0].service.play.board(tableAt(world.emulator, world.emulator.channelId))
    )?.game
      .history()
      .map((move) => move.notation);
    expect(history).toEqual(['d1-d3', 'f4-c4']);
  });

  it('Discord refusing the answer to a move made: the player hears the move stands, not that nothing was changed', async () => {
    const world = await startTestWorld(1);
    const { ann } = await gameOn(world);
    // The move is acknowledged before it is written; Discord refuses the board edited in after it.
    world.emulator.injectFault({ method: 'PATCH', path: /\/messages\/@original$/, status: 400, times: 1 });
    const reply = await world.emulator.slash(ann, 'move', { move: 'd1-d3' }).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(messagesFor('en').answerNotShown);
    expect(
      (await world.bots[0].service.play.board(tableAt(world.emulator, world.emulator.channelId)))?.game
        .plyCount,
    ).toBe(1);
  });

  it('Discord refusing the acknowledgement of a move: nothing is written, and the player hears nothing was changed', async () => {
    const world = await startTestWorld(1);
    const { ann } = await gameOn(world);
    world.emulator.injectFault({ method: 'POST', path: /\/callback$/, status: 400, times: 1 });
    const reply = await world.emulator.slash(ann, 'move', { move: 'd1-d3' }).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(messagesFor('en').somethingWentWrong);
    expect(
      (await world.bots[0].service.play.board(tableAt(world.emulator, world.emulator.channelId)))?.game
        .plyCount,
    ).toBe(0);
  });

  it('Discord refusing the answer to a refusal: "nothing was changed" stays true', async () => {
    const world = await startTestWorld(1);
    const { bob } = await gameOn(world);
    world.emulator.injectFault({ method: 'POST', path: /\/callback$/, status: 400, times: 1 });
    const reply = await world.emulator.slash(bob, 'move', { move: 'd1-d3' }).reply();
    expect(reply.content).toBe(messagesFor('en').somethingWentWrong);
  });

  it('a dropped gateway connection: the bot resumes and play goes on', async () => {
    const world = await startTestWorld(1);
    const { ann, bob } = await gameOn(world);
    expect((await world.emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);
    world.emulator.dropGatewayConnections();
    await world.emulator.waitFor(() => world.emulator.readySessions() === 1, 15_000);
    expect(
      world.emulator.gatewayCounts().resumes + world.emulator.gatewayCounts().identifies,
    ).toBeGreaterThanOrEqual(2);
    expect((await world.emulator.slash(bob, 'move', { move: 'f4-c4' }).reply()).content).toContain('f4-c4');
  });
});

describe('Redis stopping mid-game', () => {
  it('players are told storage is unavailable, nothing is half-applied, and the bot recovers when Redis returns', async () => {
    const redis = await startPrivateRedis({ persist: true });
    let world: World | undefined;
    try {
      world = await startTestWorld(1, { redisUrl: redis.url });
      const { ann, bob } = await gameOn(world);
      expect((await world.emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);

      await redis.stop();
      const refused = await world.emulator.slash(bob, 'move', { move: 'f4-c4' }).reply();
      expect(refused.ephemeral).toBe(true);
      expect(refused.content).toContain('game store is unreachable');
      const board = await world.emulator.slash(bob, 'board').reply();
      expect(board.ephemeral).toBe(true);
      expect(board.content).toContain('game store is unreachable');

      await redis.restart();
      let retried = await world.emulator.slash(bob, 'move', { move: 'f4-c4' }).reply();
      for (let attempt = 0; attempt < 20 && retried.ephemeral; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        retried = await world.emulator.slash(bob, 'move', { move: 'f4-c4' }).reply();
      }
      expect(retried.ephemeral).toBe(false);
      const history = (
        await world.bots[0].service.play.board(tableAt(world.emulator, world.emulator.channelId))
      )?.game
        .history()
        .map((move) => move.notation);
      expect(history).toEqual(['d1-d3', 'f4-c4']);
    } finally {
      // Closed here, before its Redis stops, rather than after the test.
      await world?.close();
      await redis.stop();
    }
  });
});
