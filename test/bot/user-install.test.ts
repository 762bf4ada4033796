import { describe, expect, it } from 'vitest';
import type { EmulatedUser } from '../discord-emulator/state.ts';
import { manualClock } from '../support/manual-clock.ts';
import { wholeGame } from '../support/whole-game.ts';
import { buttonIds, startBotProcess, worldsPerTest } from './harness.ts';

const MINUTE = 60 * 1000;
const startTestWorld = worldsPerTest();

/** A world with commands for members' own installs, where Ann (who added the app) has a DM with Bob (who did not). */
async function annInADmWithBob() {
  const world = await startTestWorld(1, { globalCommands: true });
  const { emulator } = world;
  const ann = emulator.addUser('Ann');
  const bob = emulator.addUser('Bob');
  emulator.installForUser(ann);
  return { world, emulator, ann, bob, dm: emulator.createDm(ann, bob) };
}

/** Ann (attackers) challenges Bob to Brandubh at `channelId` and Bob accepts: the first board. */
async function brandubhBetween(
  emulator: Awaited<ReturnType<typeof startTestWorld>>['emulator'],
  ann: EmulatedUser,
  bob: EmulatedUser,
  channelId: string,
  options: Record<string, string | boolean> = {},
) {
  const challenge = await emulator
    .slash(
      ann,
      'challenge',
      { opponent: bob, variant: 'brandubh', side: 'attackers', ...options },
      { channelId },
    )
    .reply();
  expect(challenge.ephemeral).toBe(false);
  const accepted = emulator.clickButton(bob, challenge, buttonIds(challenge)[0]);
  expect((await accepted.reply()).content).toContain('Bob accepted');
  return emulator.waitFor(() => accepted.followUps().find((message) => message.attachments.length > 0));
}

/** Plays `moves` by /move, the two players in turn, each answer public; the last answer. */
async function playThrough(
  emulator: Awaited<ReturnType<typeof startTestWorld>>['emulator'],
  players: [EmulatedUser, EmulatedUser],
  channelId: string,
  moves: string[],
) {
  let last = null;
  for (const [ply, move] of moves.entries()) {
    last = await emulator.slash(players[ply % 2], 'move', { move }, { channelId }).reply();
    expect(last.ephemeral, `${move}: ${last.content}`).toBe(false);
  }
  if (!last) throw new Error('no moves');
  return last;
}

describe('the bot installed to a member’s account: DMs and group DMs', () => {
  it('two friends play a whole game in their DM, rated between them only; the same commands in the server as before', async () => {
    const world = await startTestWorld(1, { globalCommands: true });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    emulator.installForUser(ann);
    emulator.installForUser(bob);
    const dm = emulator.createDm(ann, bob);
    const board = await brandubhBetween(emulator, ann, bob, dm);
    expect(board.channelId).toBe(dm);
    expect(board.content).toContain('to move (attackers)');

    const { moves, winner } = wholeGame('brandubh');
    const end = await playThrough(emulator, [ann, bob], dm, moves);
    expect(end.content).toContain(winner === 'attackers' ? '**Ann** (attackers) wins' : 'drawn');
    const history = await emulator.slash(bob, 'history', {}, { channelId: dm }).reply();
    expect(JSON.stringify([history.content, history.embeds])).toContain(moves[0]);

    // Its replay and its review, drawn and answered there through Bob's interactions.
    const replay = await emulator.slash(bob, 'replay', {}, { channelId: dm }).reply();
    await emulator.waitFor(() => replay.attachments.some((file) => file.filename.endsWith('.gif')));
    const review = await emulator.slash(bob, 'analyze', {}, { channelId: dm }).reply();
    await emulator.waitFor(() => review.embeds.length > 0, 20_000);

    // Their standings are their DM's: the server's table has never heard of them.
    const between = await emulator
      .slash(ann, 'standings', { variant: 'brandubh' }, { channelId: dm })
      .reply();
    expect(between.content + JSON.stringify(between.embeds)).toContain('Ann');
    const server = await emulator.slash(ann, 'standings', { variant: 'brandubh' }).reply();
    expect(server.content + JSON.stringify(server.embeds)).not.toContain('Ann');

    // In the server, where the bot is installed, the same game goes as it always did.
    const inServer = await brandubhBetween(emulator, ann, bob, emulator.channelId);
    expect(inServer.channelId).toBe(emulator.channelId);
    expect((await emulator.slash(ann, 'move', { move: moves[0] }).reply()).ephemeral).toBe(false);
  });

  it('a group DM of three: two play, the third watches and cannot move, on the web board too', async () => {
    const world = await startTestWorld(1, {
      globalCommands: true,
      web: { port: 0, secret: 'user-install-test-secret-0123456789abcdef' },
    });
    const { emulator } = world;
    const [ann, bob, cat] = ['Ann', 'Bob', 'Cat'].map((name) => emulator.addUser(name));
    for (const user of [ann, bob, cat]) emulator.installForUser(user);
    const group = emulator.createGroupDm([ann, bob, cat]);
    await brandubhBetween(emulator, ann, bob, group);
    const byCat = await emulator.slash(cat, 'move', { move: 'd1-d2' }, { channelId: group }).reply();
    expect(byCat.ephemeral).toBe(true);
    expect(byCat.content).toBe('You are not playing in this game.');
    const watched = await emulator.slash(cat, 'board', {}, { channelId: group }).reply();
    expect(watched.attachments.length).toBe(1);
    // The web board is offered here too, by personal link (an Activity is a server's), for this game alone.
    expect(buttonIds(watched)).toContain('board:web');
    const link = await emulator.clickButton(cat, watched, 'board:web').reply();
    expect(link.ephemeral).toBe(true);
    expect(link.content).toMatch(/http:\/\/\S+\/open\?token=\S+/);
    const { moves } = wholeGame('brandubh');
    const end = await playThrough(emulator, [ann, bob], group, moves);
    expect(end.content).toMatch(/wins|drawn/);
    const games = await emulator.slash(cat, 'games', {}, { channelId: group }).reply();
    expect(games.ephemeral).toBe(false);
  });

  it('the AI plays in a DM, its answers as follow-ups; after a restart too', async () => {
    const { world, emulator, ann, dm } = await annInADmWithBob();
    const start = await emulator
      .slash(
        ann,
        'challenge',
        { opponent: emulator.botUser, variant: 'brandubh', side: 'defenders', level: 'easy' },
        { channelId: dm },
      )
      .reply();
    expect(start.content).toContain('against the AI (easy)');
    // The AI moves first: its move comes as a follow-up on Ann's interaction, the only way in.
    const aiMoves = () =>
      emulator
        .messages(dm)
        .filter((message) => message.content.includes('Tafl Bot') && message.attachments.length);
    await emulator.waitFor(() => aiMoves()[0], 10_000);

    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace, { globalCommands: true });
    const board = await emulator.slash(ann, 'board', {}, { channelId: dm }).reply();
    const move = board.components
      .flatMap((row: { components: { custom_id?: string }[] }) => row.components)
      .find((component: { custom_id?: string }) => component.custom_id?.startsWith('move:'));
    expect(move, 'a Move button under the board').toBeTruthy();
    const active = await world.bots[0].service.play.board({ guildId: `dm-${dm}`, channelId: dm });
    if (!active) throw new Error('no game');
    const legal = active.game.legalMoves()[0];
    expect(
      (await emulator.slash(ann, 'move', { move: `${legal.from}-${legal.to}` }, { channelId: dm }).reply())
        .ephemeral,
    ).toBe(false);
    await emulator.waitFor(() => aiMoves()[1], 10_000);
  });

  it('a loss on time reaches the players: by follow-up while the last token lives, else by direct message', async () => {
    const clock = manualClock();
    const world = await startTestWorld(1, { globalCommands: true, now: clock.now });
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    emulator.installForUser(ann);
    emulator.installForUser(bob);
    const quick = emulator.createDm(ann, bob);
    await brandubhBetween(emulator, ann, bob, quick, { time: '10m' });
    clock.pass(10 * MINUTE + 1);
    await bots[0].bot.sweep();
    const told = await emulator.waitFor(() =>
      emulator.messages(quick).find((message) => message.content.includes('ran out of time')),
    );
    expect(told.content).toContain('**Bob** (defenders) wins');

    const slow = emulator.createGroupDm([ann, bob]);
    await brandubhBetween(emulator, ann, bob, slow, { time: '1h' });
    clock.pass(60 * MINUTE + 1);
    await bots[0].bot.sweep();
    // No token lives an hour: each player hears it by direct message, with the way back.
    for (const user of [ann, bob]) {
      const dm = await emulator.waitFor(() =>
        emulator.directMessages(user).find((message) => message.content.includes('ran out of time')),
      );
      expect(dm.content).toContain(`https://discord.com/channels/@me/${slow}`);
    }
    expect(emulator.messages(slow).some((message) => message.content.includes('ran out of time'))).toBe(
      false,
    );
    expect(bots[0].logs.join('\n')).not.toMatch(/aW50ZXJhY3Rpb24/);
  });

  it('a server’s own commands are refused outside one, with the reason; a thread too', async () => {
    const { emulator, ann, bob, dm } = await annInADmWithBob();
    for (const command of ['tournament list', 'vacation start', 'puzzle daily', 'openings', 'abort']) {
      const refused = await emulator.slash(ann, command, {}, { channelId: dm }).reply();
      expect(refused.ephemeral, command).toBe(true);
      expect(refused.content, command).toContain('belongs to a server');
    }
    const thread = await emulator
      .slash(ann, 'challenge', { opponent: bob, thread: true }, { channelId: dm })
      .reply();
    expect(thread.ephemeral).toBe(true);
    expect(thread.content).toContain('Threads cannot be opened in this channel');
    // A server without the bot, through Ann's own install: a table of its own, its games its own.
    const elsewhere = emulator.createGuildWithoutBot();
    const there = await emulator
      .slash(ann, 'tournament list', {}, { channelId: elsewhere.channelId })
      .reply();
    expect(there.content).toContain('belongs to a server');
  });
});
