/**
 * The Web board button under every board of a game in progress, through the Discord emulator and
 * the real client: with the web board served it answers with the member's own link, or as an
 * Activity launches it (LAUNCH_ACTIVITY, nothing else); without the web board there is none. And
 * the registration that keeps the app's entry point command once Activities are on.
 */
import { REST, Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/bot/discord/load-commands.ts';
import { commandBodies, registerCommands, syncCommands } from '../../src/bot/discord/register.ts';
import { Game } from '../../src/engine/index.ts';
import type { DiscordEmulator, EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { buttonIds, gameChannel, type World, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();
const WEB = { web: { port: 0, secret: 'web-board-button-test-secret-0123456789' } };
const DAY = 24 * 60 * 60 * 1000;
const WEB_BOARD = 'board:web';
const MOVE = expect.stringMatching(/^move:open:/);
const MORE_TIME = expect.stringMatching(/^moretime:/);

/** Every row of a message within Discord's limits: five buttons a row, five rows. */
function expectWithinLimits(message: RecordedMessage): void {
  expect(message.components.length).toBeLessThanOrEqual(5);
  for (const row of message.components) expect(row.components.length).toBeLessThanOrEqual(5);
}

/** The boards the AI's turns posted in `channelId` (its own messages, not answers), oldest first. */
const aiBoards = (emulator: DiscordEmulator, channelId: string) =>
  emulator
    .messages(channelId)
    .filter((message) => message.interactionId === undefined && message.content.includes('played'));

/** Ann against the bot at Fetlar, Ann the defenders: the bot's first board, then its first move's. */
async function annAgainstTheBot(world: World, ann: EmulatedUser) {
  const { emulator } = world;
  const start = await emulator
    .slash(ann, 'challenge', {
      opponent: emulator.botUser,
      variant: 'fetlar',
      side: 'defenders',
      level: 'easy',
    })
    .reply();
  const aiMove = await emulator.waitFor(() => aiBoards(emulator, emulator.channelId)[0], 10_000);
  return { start, aiMove };
}

/** Ann (attackers) and Bob at Fetlar with a day a move, in a channel of its own: Ann's first move's board. */
async function clockGameMove(world: World, ann: EmulatedUser, bob: EmulatedUser) {
  const { emulator } = world;
  const channelId = emulator.createChannel('clock-game');
  await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
  await world.bots[0].service.lifecycle.startGame({
    guildId: emulator.guildId,
    channelId,
    players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
    game: new Game('fetlar'),
    perMoveMs: DAY,
  });
  const move = new Game('fetlar').legalMoves()[0].notation;
  const board = await emulator.slash(ann, 'move', { move }, { channelId }).reply();
  return { channelId, board };
}

describe('the Web board button', () => {
  it('is under every board of a game in progress, beside Move and More time, and answers with a link', async () => {
    const world = await startTestWorld(1, WEB);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const publicUrl = world.bots[0].web?.publicUrl;

    // The AI's turn: no Move, the Web board alone; then the board the AI's move posted (a day a move).
    const { start, aiMove } = await annAgainstTheBot(world, ann);
    expect(buttonIds(start)).toEqual([WEB_BOARD]);
    expect(buttonIds(aiMove)).toEqual([MOVE, MORE_TIME, WEB_BOARD]);
    const link = await emulator.clickButton(ann, aiMove, WEB_BOARD).reply();
    expect(link.ephemeral).toBe(true);
    expect(link.content).toContain(`${publicUrl}/open?token=`);

    // A move's board in a game with a clock: Move, More time and Web board in one row.
    const { channelId, board } = await clockGameMove(world, ann, bob);
    expect(board.components).toHaveLength(1);
    expect(buttonIds(board)).toEqual([MOVE, MORE_TIME, WEB_BOARD]);
    expectWithinLimits(board);
    const bobsLink = await emulator.clickButton(bob, board, WEB_BOARD).reply();
    expect(bobsLink.ephemeral).toBe(true);
    expect(bobsLink.content).toContain(`${publicUrl}/open?token=`);
    expect(bobsLink.content).not.toBe(link.content);

    // /board shows it once; a finished game's board has none (Rematch only).
    const shown = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    expect(buttonIds(shown).filter((id) => id === WEB_BOARD)).toHaveLength(1);
    const resigned = await emulator.slash(bob, 'resign', {}, { channelId }).reply();
    expect(buttonIds(resigned)).not.toContain(WEB_BOARD);
    expect(buttonIds(resigned).length).toBeGreaterThan(0);
  });

  it('is not there without the web board', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const { start, aiMove } = await annAgainstTheBot(world, ann);
    expect(buttonIds(start)).toEqual([]);
    expect(buttonIds(aiMove)).toEqual([MOVE, MORE_TIME]);
    const { channelId, board } = await clockGameMove(world, ann, bob);
    expect(buttonIds(board)).toEqual([MOVE, MORE_TIME]);
    expect(buttonIds(await emulator.slash(bob, 'board', {}, { channelId }).reply())).not.toContain(WEB_BOARD);
  });

  it('as an Activity, launches it in the channel (LAUNCH_ACTIVITY) and says nothing else', async () => {
    const world = await startTestWorld(1, { ...WEB, activity: true });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    const board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const before = emulator.messages(channelId).length;

    const press = emulator.clickButton(bob, board, WEB_BOARD);
    expect((await press.firstResponse()).type).toBe(12);
    // The router logs the interaction once its handler is done: by then nothing more was sent.
    await emulator.waitFor(() =>
      world.bots[0].logs.some(
        (line) => line.includes('"kind":"button"') && line.includes('"outcome":"answered"'),
      ),
    );
    expect(press.followUps()).toEqual([]);
    expect(press.answeredAt()).toBeUndefined();
    expect(emulator.messages(channelId)).toHaveLength(before);
    expect(emulator.calls.filter((call) => call.path.includes(press.id))).toHaveLength(1);
  });
});

describe('the entry point command', () => {
  it('is kept in the global commands with the Activity on, so Discord takes the bulk update', async () => {
    const world = await startTestWorld(1, { ...WEB, activity: true });
    const { emulator } = world;
    const rest = new REST({ api: emulator.apiUrl }).setToken(emulator.token);
    const global = { rest, applicationId: emulator.applicationId };
    const bodies = commandBodies(await loadCommands());
    emulator.enableActivities();
    const launch = emulator.commands().find((command) => command.type === 4);

    // Without it Discord refuses the update (which is why the bot includes it).
    const route = Routes.applicationCommands(emulator.applicationId);
    await expect(rest.put(route, { body: bodies })).rejects.toMatchObject({ code: 50240 });
    // With the Activity off, the entry point Discord has is kept as it is (npm run deploy-commands too).
    expect(await syncCommands(global, bodies)).toBe('updated');
    await registerCommands(global, bodies);
    expect(emulator.commands().find((command) => command.type === 4)).toMatchObject({
      id: launch.id,
      description: launch.description,
    });
    // With it on, ours: Launch, handled by Discord (2), under the same id; a restart changes nothing.
    expect(await syncCommands({ ...global, activity: true }, bodies)).toBe('updated');
    const entryPoints = emulator.commands().filter((command) => command.type === 4);
    expect(entryPoints).toEqual([expect.objectContaining({ id: launch.id, name: 'launch', handler: 2 })]);
    expect(emulator.commands()).toHaveLength(bodies.length + 1);
    expect(await syncCommands({ ...global, activity: true }, bodies)).toBe('unchanged');
    expect(await syncCommands(global, bodies)).toBe('unchanged');

    // Guild commands never hold it: the bot's own registration here is per guild.
    const guildCommands = emulator.commands({ guildId: emulator.guildId });
    expect(guildCommands.length).toBe(bodies.length);
    expect(guildCommands.some((command) => command.type === 4)).toBe(false);
  });
});
