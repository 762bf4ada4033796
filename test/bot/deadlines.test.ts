/**
 * Discord's three seconds: a move whose interaction reaches the bot too old to answer, or whose
 * deadline passes before the bot could acknowledge it, changes nothing; one that reaches a bot
 * that is behind is refused at once as busy; one in time is acknowledged before its commit and
 * then answered as played. Nobody is told other than what was stored.
 */
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGE_WITHIN_MS, EXPIRED_AT_ARRIVAL_MS } from '../../src/bot/discord/interaction-deadline.ts';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import type { DiscordEmulator } from '../discord-emulator/index.ts';
import { fileWorld, tableAt } from './harness.ts';

const world = fileWorld();
const en = messagesFor('en');

async function fetlarGame(emulator: DiscordEmulator) {
  const channelId = emulator.createChannel(`deadline-${Math.random().toString(36).slice(2, 8)}`);
  const ann = emulator.addUser('Ann');
  const bob = emulator.addUser('Bob');
  const started = await world.bots[0].service.lifecycle.startGame({
    guildId: emulator.guildId,
    channelId,
    players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
    game: new Game('fetlar'),
  });
  if (!started.ok) throw new Error(started.code);
  const plies = async () =>
    (await world.bots[0].service.play.board(tableAt(emulator, channelId)))?.game
      .history()
      .map((m) => m.notation);
  return { ann, bob, channelId, plies };
}

describe("a move near Discord's deadline", () => {
  it('reaching the bot too old to answer: left unanswered, and the game is unchanged', async () => {
    const { emulator } = world;
    const { ann, channelId, plies } = await fetlarGame(emulator);
    const move = emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId, deliverAfterMs: 2700 });
    await expect(move.firstResponse(4000)).rejects.toThrow();
    expect(await plies()).toEqual([]);
    // The player's next try, in time, is played.
    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply()).content).toContain(
      'd1-d3',
    );
    expect(await plies()).toEqual(['d1-d3']);
  });

  it('reaching a bot that is behind: refused at once as busy, privately, and nothing changed', async () => {
    const { emulator } = world;
    const { ann, channelId, plies } = await fetlarGame(emulator);
    const move = emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId, deliverAfterMs: 1800 });
    const answer = await move.firstResponse();
    expect(answer.type).toBe(4);
    expect(answer.data.flags & 64).toBe(64);
    expect(answer.data.content).toBe(en.failures.overloaded({}));
    expect(await plies()).toEqual([]);
  });

  it('its deadline passing before the bot could acknowledge it: nothing is written', async () => {
    const { emulator } = world;
    const { ann, channelId, plies } = await fetlarGame(emulator);
    // It reaches the bot 1.1 s old, young enough to start on, but Discord stopped taking an answer at
    // 1.05 s: the deferral that must come before the commit of an interaction over a second old is refused.
    const move = emulator.slash(
      ann,
      'move',
      { move: 'd1-d3' },
      { channelId, deliverAfterMs: 1100, acknowledgeWithinMs: 1050 },
    );
    await expect(move.firstResponse(3000)).rejects.toThrow();
    await emulator.waitFor(
      () => world.bots[0].logs.some((line) => line.includes('"outcome":"expired"')),
      5000,
    );
    expect(await plies()).toEqual([]);
  });

  it('in time: acknowledged before its commit, then answered as played', async () => {
    const { emulator } = world;
    const { ann, channelId, plies } = await fetlarGame(emulator);
    const move = emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId, deliverAfterMs: 1100 });
    const first = await move.firstResponse();
    expect(first.type).toBe(5);
    const shown = await move.reply();
    expect(shown.ephemeral).toBe(false);
    expect(shown.content).toContain('d1-d3');
    expect(await plies()).toEqual(['d1-d3']);
  });

  it('the emulator, like Discord, takes no first answer after three seconds', async () => {
    expect(EXPIRED_AT_ARRIVAL_MS).toBeLessThan(ACKNOWLEDGE_WITHIN_MS);
    const { emulator } = world;
    const { ann, channelId } = await fetlarGame(emulator);
    // A deadline already past when the bot answers at once: its answer is refused, so it has none.
    const move = emulator.slash(ann, 'rules', {}, { channelId, acknowledgeWithinMs: 0 });
    await expect(move.firstResponse(1500)).rejects.toThrow();
  });
});
