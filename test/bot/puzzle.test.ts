/**
 * /puzzle end to end, through the emulator and the real discord.js client, with two bot
 * processes on one Redis (the emulator hands interactions to them in turn) and a test clock:
 * a puzzle solved in two moves, one failed, a hint, the daily puzzle posted once by the two
 * processes at its hour, the streak after two days, and the puzzle table; a server playing
 * Copenhagen gets Copenhagen's puzzles; a member's puzzles drawn as they see the board (/settings).
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.ts';
import { PuzzleCatalogue, puzzleGame, variantOfPuzzle } from '../../src/puzzles/catalogue.ts';
import type { Puzzle } from '../../src/puzzles/puzzle-file.ts';
import { type BoardView, DEFAULT_VIEW, layoutFor } from '../../src/render/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { expectDrawnIn } from './drawn-view.ts';
import { fileWorld } from './harness.ts';

const catalogue = PuzzleCatalogue.shipped();
const DAY = 24 * 60 * 60 * 1000;
/** The test's clock: 23 November 2026, 08:00 UTC, moved by the tests. */
const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
const world = fileWorld(2, { now: () => clock.now });
const ann = world.user('Ann');
const bob = world.user('Bob');
const mod = world.user('Mod');
const greta = world.user('Greta', { locale: 'de' });
const dag = world.user('Dag');
/** Discord's Send Messages permission alone: a member who may not manage the server. */
const member = world.user('Cat', { permissions: String(1 << 11) });
const flo = world.user('Flo');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The puzzle a message shows, by the id in its text. */
function puzzleIn(message: RecordedMessage): Puzzle {
  const id = /(?:Puzzle|Aufgabe) ([a-z-]+-\d{3})|· ([a-z-]+-\d{3}) ·/.exec(message.content);
  const puzzle = catalogue.find(id?.[1] ?? id?.[2] ?? '');
  if (!puzzle) throw new Error(`no puzzle in ${message.content}`);
  return puzzle;
}

async function expectPicture(message: RecordedMessage, puzzle: Puzzle, view: BoardView = DEFAULT_VIEW) {
  expect(message.attachments).toHaveLength(1);
  const [picture] = message.attachments;
  expect(picture.filename).toBe('puzzle.png');
  expect(picture.data.subarray(0, 8)).toEqual(PNG);
  const variant = getVariant(variantOfPuzzle(puzzle));
  const image = await loadImage(picture.data);
  const layout = layoutFor(variant.size, variant.drawnOn, view);
  expect([image.width, image.height]).toEqual([layout.width, layout.height]);
}

/** `/puzzle new` until a puzzle of `depth` comes (an untouched puzzle is set aside for nothing), drawn in `view`. */
async function newPuzzle(
  user: EmulatedUser,
  variant: string,
  depth: number,
  view: BoardView = DEFAULT_VIEW,
): Promise<Puzzle> {
  for (let tries = 0; tries < 60; tries++) {
    const reply = await world.emulator.slash(user, 'puzzle new', { variant }).reply();
    expect(reply.ephemeral).toBe(true);
    const puzzle = puzzleIn(reply);
    if (puzzle.depth === depth) {
      await expectPicture(reply, puzzle, view);
      return puzzle;
    }
  }
  throw new Error(`no ${variant} puzzle of depth ${depth} came`);
}

describe('/puzzle for one member', () => {
  it('a puzzle solved in two moves: legal moves suggested, the bot defends, solved', async () => {
    const puzzle = await newPuzzle(ann, 'brandubh', 2);
    const from = puzzle.line[0].split('-')[0];
    const typed = await world.emulator.autocomplete(ann, 'puzzle move', { move: from }, 'move');
    expect(typed.map((choice) => choice.value)).toContain(puzzle.line[0]);
    const pieces = await world.emulator.autocomplete(ann, 'puzzle move', { move: '' }, 'move');
    expect(pieces.map((choice) => choice.value)).toContain(from);
    // Nothing in a suggestion tells what a move does.
    expect(JSON.stringify([...typed, ...pieces])).not.toMatch(/escape|captur|threat/);

    const first = await world.emulator.slash(ann, 'puzzle move', { move: puzzle.line[0] }).reply();
    expect(first.ephemeral).toBe(true);
    expect(first.content).toContain(
      `You played **${puzzle.line[0]}**. The bot answers **${puzzle.line[1]}**.`,
    );
    await expectPicture(first, puzzle);
    const second = await world.emulator.slash(ann, 'puzzle move', { move: puzzle.line[2] }).reply();
    expect(second.content).toContain('**Solved!**');
    expect(second.content).toMatch(/Your puzzle rating: 1500 → 1[5-9]\d\d\./);
    const again = await world.emulator.slash(ann, 'puzzle move', { move: puzzle.line[2] }).reply();
    expect(again.content).toContain('You have no puzzle open');
  });

  it('a wrong move fails it, with the winning move and the line shown', async () => {
    const puzzle = await newPuzzle(bob, 'fetlar', 3);
    const wrong = puzzleGame(puzzle)
      .legalMoves()
      .find((move) => move.notation !== puzzle.line[0])!.notation;
    const failed = await world.emulator.slash(bob, 'puzzle move', { move: wrong }).reply();
    expect(failed.ephemeral).toBe(true);
    expect(failed.content).toContain(
      `**Not this one.** You played **${wrong}**; the winning move was **${puzzle.line[0]}**.`,
    );
    expect(failed.content).toContain(`The line: ${puzzle.line.join(', ')}.`);
    await expectPicture(failed, puzzle);
    // An illegal move is only refused: nothing was played.
    await newPuzzle(bob, 'fetlar', 3);
    const illegal = await world.emulator.slash(bob, 'puzzle move', { move: 'a1-a1' }).reply();
    expect(illegal.ephemeral).toBe(true);
    expect(illegal.content).not.toContain('Not this one');
  });

  it('a hint shows the piece to move; refusals are told in the member’s language', async () => {
    const puzzle = await newPuzzle(ann, 'tablut', 2);
    const hint = await world.emulator.slash(ann, 'puzzle hint', {}).reply();
    expect(hint.ephemeral).toBe(true);
    expect(hint.content).toContain(`move the piece on **${puzzle.line[0].split('-')[0]}**`);
    for (let ply = 0; ply < puzzle.line.length; ply += 2)
      await world.emulator.slash(ann, 'puzzle move', { move: puzzle.line[ply] }).reply();
    const none = await world.emulator.slash(greta, 'puzzle hint', {}).reply();
    expect(none.content).toBe(
      'Du hast keine offene Aufgabe: starte eine mit `/aufgabe neu` oder `/aufgabe tag`.',
    );
    const refused = await world.emulator.slash(ann, 'puzzle new', { variant: 'alea-armed' }).reply();
    expect(refused.content).toContain('There are no puzzles for "alea-armed": puzzles are made for');
    expect(refused.content).toContain('copenhagen');
  });
});

describe('/puzzle daily', () => {
  it('moderators choose the channel, variant and hour; others may not', async () => {
    const channelId = world.emulator.createChannel('puzzles');
    await world.emulator.waitFor(() =>
      world.bots.every((bot) => bot.bot.client.channels.cache.has(channelId)),
    );
    const refused = await world.emulator
      .slash(member, 'puzzle setup', { channel: channelId, variant: 'tablut', hour: 9 })
      .reply();
    expect(refused.content).toContain('Only members who may manage the server');
    const noPuzzles = await world.emulator
      .slash(mod, 'puzzle setup', { channel: channelId, variant: 'alea-armed', hour: 9 })
      .reply();
    expect(noPuzzles.content).toContain('There are no puzzles for "alea-armed"');
    const set = await world.emulator
      .slash(mod, 'puzzle setup', { channel: channelId, variant: 'tablut', hour: 9 })
      .reply();
    expect(set.ephemeral).toBe(false);
    expect(set.content).toContain(`posted in <#${channelId}> at 09:00 UTC, from the puzzles of Tablut`);
  });

  it('is posted once at its hour, though two processes sweep at the same instant', async () => {
    const channelId = world.emulator.createChannel('quiet');
    const posts = () =>
      world.emulator.messages().filter((message) => message.content.includes('Puzzle of the day'));
    const before = posts().length;
    await Promise.all(world.bots.map((bot) => bot.bot.sweep()));
    expect(posts().length).toBe(before); // 08:00: not yet
    clock.now = Date.parse('2026-11-23T09:00:05Z');
    await Promise.all(world.bots.map((bot) => bot.bot.sweep()));
    await Promise.all(world.bots.map((bot) => bot.bot.sweep()));
    const posted = posts().slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0].content).toContain('**Puzzle of the day, 2026-11-23** · Tablut');
    expect(posted[0].content).toContain('Nobody has solved it yet.');
    await expectPicture(posted[0], puzzleIn(posted[0]));
    expect(world.emulator.messages(channelId)).toEqual([]);
  });

  it('the same for everyone; solvers listed, the first credited; the streak after two days; the table', async () => {
    const solveDaily = async (user: EmulatedUser) => {
      const shown = await world.emulator.slash(user, 'puzzle daily', {}).reply();
      expect(shown.ephemeral).toBe(false);
      const puzzle = puzzleIn(shown);
      let last: RecordedMessage | undefined;
      for (let ply = 0; ply < puzzle.line.length; ply += 2)
        last = await world.emulator.slash(user, 'puzzle move', { move: puzzle.line[ply] }).reply();
      expect(last?.ephemeral).toBe(true);
      expect(last?.content).toContain('**Solved!**');
      return puzzle;
    };
    const today = await solveDaily(bob);
    const note = await world.emulator.waitFor(() =>
      world.emulator.messages().find((message) => message.content.includes('**Bob** solved today’s puzzle')),
    );
    expect(note.content).toBe(
      '**Bob** solved today’s puzzle, the first to do so. This server’s streak: 1 day.',
    );
    expect(await solveDaily(ann)).toEqual(today);
    const shown = await world.emulator.slash(mod, 'puzzle daily', {}).reply();
    expect(shown.content).toContain('Solved by **Bob** (first), **Ann**.');
    expect(shown.content).toContain('This server’s streak: 1 day.');

    clock.now += DAY;
    const tomorrow = await solveDaily(ann);
    expect(tomorrow.id).not.toBe(today.id);
    const table = await world.emulator.slash(mod, 'puzzle leaderboard', {}).reply();
    expect(table.ephemeral).toBe(false);
    const text = JSON.stringify(table.embeds);
    expect(text).toContain('Puzzle table');
    expect(text).toContain('This server’s daily streak: 2 days, the best 2 days.');
    // Ann: the two-move puzzle, the tablut puzzle after a hint, two dailies (the second first); streak 2.
    const annRow = /\d+ {2}Ann +(\d+)\?? +(\d+) +(\d+) +(\d+) +(\d+)/.exec(text);
    expect(annRow?.slice(2)).toEqual(['4', '0', '1', '2']);
    const bobRow = /\d+ {2}Bob +(\d+)\?? +(\d+) +(\d+) +(\d+) +(\d+)/.exec(text);
    expect(bobRow?.slice(2)).toEqual(['1', '1', '1', '1']);
  });
});

describe('/puzzle in Copenhagen', () => {
  it('offered by name; a server playing Copenhagen gets its puzzles by default, solved to the end', async () => {
    const offered = await world.emulator.autocomplete(dag, 'puzzle new', { variant: 'copen' }, 'variant');
    expect(offered).toEqual([{ name: 'Copenhagen Hnefatafl (copenhagen)', value: 'copenhagen' }]);
    const set = await world.emulator.slash(mod, 'variant default', { variant: 'copenhagen' }).reply();
    expect(set.content).toContain('now plays **Copenhagen Hnefatafl**');

    const shown = await world.emulator.slash(dag, 'puzzle new', {}).reply();
    expect(shown.ephemeral).toBe(true);
    const puzzle = puzzleIn(shown);
    expect(variantOfPuzzle(puzzle)).toBe('copenhagen');
    expect(shown.content).toContain(`**Puzzle ${puzzle.id}** · Copenhagen Hnefatafl`);
    await expectPicture(shown, puzzle);
    let last: RecordedMessage | undefined;
    for (let ply = 0; ply < puzzle.line.length; ply += 2) {
      last = await world.emulator.slash(dag, 'puzzle move', { move: puzzle.line[ply] }).reply();
      if (ply + 1 < puzzle.line.length)
        expect(last.content).toContain(`The bot answers **${puzzle.line[ply + 1]}**.`);
    }
    expect(last?.content).toContain('**Solved!**');
  });
});

describe('/puzzle in a member’s view', () => {
  it('draws a member’s puzzle, move and daily puzzle as they see the board; others’ as before', async () => {
    const theirs: BoardView = { palette: 'high-contrast', flipped: true, largeCoordinates: true };
    await world.emulator
      .slash(flo, 'settings', { flipped: true, palette: 'high-contrast', large_coordinates: true })
      .reply();
    const puzzle = await newPuzzle(flo, 'brandubh', 2, theirs);
    const moved = await world.emulator.slash(flo, 'puzzle move', { move: puzzle.line[0] }).reply();
    expect(moved.content).toContain(`The bot answers **${puzzle.line[1]}**.`);
    await expectDrawnIn(moved.attachments[0].data, puzzleGame(puzzle, 2), theirs);

    // The daily puzzle is the same for all, each asker's picture in their own view.
    const plain = await world.emulator.slash(ann, 'puzzle daily', {}).reply();
    const own = await world.emulator.slash(flo, 'puzzle daily', {}).reply();
    const daily = puzzleIn(plain);
    expect(puzzleIn(own)).toEqual(daily);
    expect(own.attachments[0].data.equals(plain.attachments[0].data)).toBe(false);
    await expectDrawnIn(plain.attachments[0].data, puzzleGame(daily), DEFAULT_VIEW);
    await expectDrawnIn(own.attachments[0].data, puzzleGame(daily), theirs);
  });
});
