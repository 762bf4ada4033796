/**
 * A member's own mistakes as puzzles, end to end through the emulator and the real discord.js
 * client, on two bot processes sharing one Redis and a test clock: after /analyze of a game with a
 * planted blunder, its player presses the review's button and gets the position as a puzzle; a
 * move as good as the AI's (not the AI's own) solves it, it comes back a day later by
 * `/puzzle mine`, a failed answer brings it back the next day; only the game's players may, and an
 * answer sent from two places at once counts once.
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { ROOT_DEPTH } from '../../src/analysis/answer-rating.ts';
import { getVariant, loadGame } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import type { PersonalDoc } from '../../src/puzzles/personal.ts';
import { puzzleKeys } from '../../src/puzzles/service.ts';
import { layoutFor } from '../../src/render/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { buttonIds, fileWorld, gameChannel } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The test's clock: 23 November 2026, 10:00 UTC, moved by the tests. */
const clock = { now: Date.parse('2026-11-23T10:00:00Z') };
const world = fileWorld(2, { now: () => clock.now, analysisMsPerPosition: 120 });
const ann = world.user('Ann');
const bob = world.user('Bob');
const cat = world.user('Cat');
const en = messagesFor('en');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Fetlar, the attackers to move: the king on f3 is shut in on three sides and either c4-f4 or
 * i4-f4 captures him. The attackers (Ann) instead open e3, the king runs (Bob), and Ann resigns.
 */
const pieces = { king: 'f3', attackers: ['e3', 'g3', 'f2', 'c4', 'i4', 'a9', 'k9'], defenders: ['f9'] };
const BLUNDER = 'e3-e8';
const CAPTURES = ['c4-f4', 'i4-f4'];

/** The reviewed game's id and the review's message, with its button. */
async function reviewedBlunder(): Promise<{ review: RecordedMessage; gameId: string }> {
  const channelId = await gameChannel(world, gameWith('fetlar', pieces, 'attackers'), {
    attackers: ann,
    defenders: bob,
  });
  await world.emulator.slash(ann, 'move', { move: BLUNDER }, { channelId }).reply();
  await world.emulator.slash(bob, 'move', { move: 'f3-b3' }, { channelId }).reply();
  await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
  const review = await world.emulator.slash(ann, 'analyze', {}, { channelId }).reply();
  await world.emulator.waitFor(() => review.embeds.length > 0, 30_000);
  // Each player's accuracy first, then the attackers' worst moves.
  expect(review.embeds[0].fields[2].value).toContain(`**${BLUNDER}** blunder`);
  const gameId = buttonIds(review)[0]?.split(':')[1];
  expect(buttonIds(review)).toEqual([`practice:${gameId}`]);
  return { review, gameId };
}

async function press(user: EmulatedUser, review: RecordedMessage): Promise<RecordedMessage> {
  const reply = await world.emulator.clickButton(user, review, buttonIds(review)[0]).reply();
  expect(reply.ephemeral).toBe(true);
  return reply;
}

const mine = (user: EmulatedUser, options: Record<string, string> = {}) =>
  world.emulator.slash(user, 'puzzle mine', options).reply();

async function doc(user: EmulatedUser): Promise<PersonalDoc> {
  const read = await world.bots[0].store.read<PersonalDoc>(
    puzzleKeys.personal(world.emulator.guildId, user.id),
  );
  if (!read) throw new Error('no personal puzzles stored');
  return read.value;
}

/** The puzzle's picture: a PNG of the Fetlar board's size. */
async function expectPicture(message: RecordedMessage) {
  expect(message.attachments.map((file) => file.filename)).toEqual(['puzzle.png']);
  const [picture] = message.attachments;
  expect(picture.data.subarray(0, 8)).toEqual(PNG);
  const image = await loadImage(picture.data);
  const layout = layoutFor(getVariant('fetlar').size, getVariant('fetlar').drawnOn);
  expect([image.width, image.height]).toEqual([layout.width, layout.height]);
}

describe('practising your own mistakes', () => {
  it('the blunder becomes a puzzle; a move as good as the AI’s solves it; it comes back in a day, and failed, the next day', async () => {
    const { review, gameId } = await reviewedBlunder();

    const shown = await press(ann, review);
    expect(shown.content).toContain('1 of your mistakes in this game is now a puzzle of yours.');
    expect(shown.content).toContain(`**Your own puzzle** · Fetlar Hnefatafl · game ${gameId}, move 1`);
    expect(shown.content).toContain('**Attackers to move: find a better move.**');
    expect(shown.content).toContain(`In the game you played **${BLUNDER}** here: a blunder.`);
    expect(shown.content).toContain('1 puzzle of yours is due now.');
    await expectPicture(shown);

    // The AI's own choice is one of the two captures: the other is as good, and solves it.
    const stored = (await doc(ann)).puzzles[0];
    const aiChoice = chooseMove(loadGame(stored.record), 'normal', {
      timeMs: 5000,
      maxDepth: ROOT_DEPTH,
    }).notation;
    expect(CAPTURES).toContain(aiChoice);
    const other = CAPTURES.find((move) => move !== aiChoice) ?? '';
    const suggested = await world.emulator.autocomplete(
      ann,
      'puzzle mine',
      { move: other.slice(0, 2) },
      'move',
    );
    expect(suggested.map((choice) => choice.value)).toContain(other);

    const solved = await mine(ann, { move: other });
    expect(solved.ephemeral).toBe(true);
    expect(solved.content).toContain(
      `**Solved!** **${other}** is about as good as the AI’s choice, **${aiChoice}**.`,
    );
    // What the blunder allowed, from the AI's line after it.
    expect(solved.content).toMatch(new RegExp(`In the game, \\*\\*${BLUNDER}\\*\\* allowed \\*\\*f3-`));
    expect(solved.content).toContain('It comes back in 1 day (2026-11-24).');
    await expectPicture(solved);
    expect((await doc(ann)).puzzles[0]).toMatchObject({ due: '2026-11-24', streak: 1, solved: 1, failed: 0 });

    const notYet = await mine(ann);
    expect(notYet.ephemeral).toBe(true);
    expect(notYet.content).toBe(en.practice.nothingDue({ date: '2026-11-24' }));
    const noneOpen = await mine(ann, { move: other });
    expect(noneOpen.content).toBe(en.practice.refusals['no-personal-open']);

    clock.now += DAY;
    const again = await mine(ann);
    expect(again.content).toContain(`In the game you played **${BLUNDER}** here: a blunder.`);
    await expectPicture(again);
    const failed = await mine(ann, { move: 'a9-a8' });
    expect(failed.content).toContain(
      `**Not this one.** **a9-a8** falls short of the AI’s choice, **${aiChoice}**`,
    );
    expect(failed.content).toContain('It comes back in 1 day (2026-11-25).');
    expect((await doc(ann)).puzzles[0]).toMatchObject({ due: '2026-11-25', streak: 0, solved: 1, failed: 1 });

    // Pressed again, nothing is added twice; an illegal answer only gets the engine's reason.
    const twice = await press(ann, review);
    expect(twice.content).toContain(en.practice.added({ count: 0 }));
    expect(twice.content).toContain(en.practice.nothingDue({ date: '2026-11-25' }));
    expect((await doc(ann)).puzzles).toHaveLength(1);
  });

  it('only the game’s players: a third member is refused with the reason, the winner has no mistake to practise', async () => {
    const { review } = await reviewedBlunder();
    const refused = await press(cat, review);
    expect(refused.content).toBe(en.practice.notAPlayer({ attackers: 'Ann', defenders: 'Bob' }));
    expect(refused.attachments).toEqual([]);
    const winner = await press(bob, review);
    expect(winner.content).toBe(en.practice.refusals['no-mistakes']);
    const nothing = await mine(cat);
    expect(nothing.content).toBe(en.practice.refusals['no-personal-puzzles']);
  });

  it('an answer sent from two places at once is counted once', async () => {
    const player = world.user('Dan');
    const channelId = await gameChannel(world, gameWith('fetlar', pieces, 'attackers'), {
      attackers: player,
      defenders: bob,
    });
    await world.emulator.slash(player, 'move', { move: BLUNDER }, { channelId }).reply();
    await world.emulator.slash(bob, 'move', { move: 'f3-b3' }, { channelId }).reply();
    await world.emulator.slash(player, 'resign', {}, { channelId }).reply();
    const own = await world.emulator.slash(player, 'analyze', {}, { channelId }).reply();
    await world.emulator.waitFor(() => own.embeds.length > 0, 30_000);
    await press(player, own);
    // The emulator hands the two to the two bot processes in turn.
    const [first, second] = await Promise.all([
      world.emulator.slash(player, 'puzzle mine', { move: CAPTURES[0] }).reply(),
      world.emulator.slash(player, 'puzzle mine', { move: CAPTURES[1] }).reply(),
    ]);
    const texts = [first.content, second.content];
    expect(texts.filter((text) => text.startsWith('**Solved!**'))).toHaveLength(1);
    // The other was refused: answered meanwhile (or, read after the first was counted, none open).
    const refusals = [en.practice.refusals['personal-answered'], en.practice.refusals['no-personal-open']];
    expect(texts.filter((text) => refusals.includes(text))).toHaveLength(1);
    expect((await doc(player)).puzzles[0]).toMatchObject({ streak: 1, solved: 1, failed: 0 });
  });
});
