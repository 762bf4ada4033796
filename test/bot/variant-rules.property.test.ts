/**
 * A sample of random and mutated rules strings through `/variant add` as a moderator types them,
 * through the real client and the emulator: each is refused with a reason that fits in a message,
 * or added, and then a game in it against the bot plays: the board's picture, a move, the AI's
 * move. The bulk of strings goes through the service in test/game/variant-rules.property.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RULES_LENGTH } from '../../src/game/server-variants.ts';
import { mutatedRulesStringArbitrary, rulesStringArbitrary } from '../engine/rules-strings.ts';
import { fileWorld, tableAt } from './harness.ts';

/** Discord's limit on a message's text. */
const MAX_CONTENT = 2000;

/** What a moderator can type: the rules option's max_length keeps longer strings from the bot. */
const typedMutatedRulesString = mutatedRulesStringArbitrary.map((text) => text.slice(0, MAX_RULES_LENGTH));

const world = fileWorld();
const mod = world.user('Mod');

/** The bot's own moves in a channel: posted without an interaction, with the board's picture. */
const aiMoves = (channelId: string) =>
  world.emulator
    .messages(channelId)
    .filter(
      (message) =>
        message.interactionId === undefined &&
        message.content.includes('played') &&
        message.attachments.length === 1,
    );

let runs = 0;

async function addThenPlay(rules: string): Promise<void> {
  const { emulator } = world;
  runs++;
  const added = await emulator.slash(mod, 'variant add', { name: `House ${runs}`, rules }).reply();
  expect(added.content.length).toBeLessThanOrEqual(MAX_CONTENT);
  if (added.ephemeral) {
    expect(added.content).toMatch(/^These rules cannot be played: .+\. Nothing was added\.$/s);
    expect(added.content).not.toMatch(/undefined|\[object/);
    return;
  }
  const id = /`(server:[a-z0-9-]+)`/.exec(added.content)?.[1];
  if (!id) throw new Error(`no id in "${added.content}"`);
  const channelId = emulator.createChannel(`house-${runs}`);
  await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
  const started = await emulator
    .slash(
      mod,
      'challenge',
      { opponent: emulator.botUser, variant: id, side: 'attackers', level: 'easy' },
      { channelId },
    )
    .reply();
  expect(started.ephemeral, started.content).toBe(false);
  expect(started.attachments).toHaveLength(1);
  const service = world.bots[0].service;
  const table = tableAt(emulator, channelId);
  let game = (await service.play.board(table))?.game;
  if (game && game.turn === 'defenders') {
    await emulator.waitFor(() => aiMoves(channelId)[0], 10_000);
    game = (await service.play.board(table))?.game;
  }
  if (!game) return; // the AI's first move ended it
  const [first] = game.legalMoves();
  const moved = await emulator.slash(mod, 'move', { move: first.notation }, { channelId }).reply();
  expect(moved.ephemeral, moved.content).toBe(false);
  expect(moved.attachments).toHaveLength(1);
  const over = moved.content.includes('Game over');
  if (!over) await emulator.waitFor(() => aiMoves(channelId).at(game.turn === 'attackers' ? 0 : 1), 10_000);
  const removed = await emulator.slash(mod, 'variant remove', { variant: id }).reply();
  expect(removed.ephemeral).toBe(false);
}

describe('rules strings through /variant add as a moderator types them', () => {
  it('a sample: refused with a reason that fits, or played against the bot', async () => {
    // Each run a playable string (most are added) and a mutated one (most are refused).
    await fc.assert(
      fc.asyncProperty(rulesStringArbitrary, typedMutatedRulesString, async (playable, mutated) => {
        await addThenPlay(playable);
        await addThenPlay(mutated);
      }),
      { numRuns: 4 },
    );
  }, 60_000);
});
