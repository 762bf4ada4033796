import { describe, expect, it } from 'vitest';
import { buttonIds, startBotProcess, tableAt, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const FIVE_MINUTES = 5 * 60 * 1000;

describe('open challenges', () => {
  it('two members accept one open challenge at the same instant in two processes: one game, one polite refusal', async () => {
    const { emulator, bots } = await startTestWorld(2);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const cat = emulator.addUser('Cat');
    await emulator.waitFor(() => bots.every((process) => process.bot.client.users.cache.has(cat.id)));
    const challenge = await emulator
      .slash(ann, 'challenge', { variant: 'fetlar', side: 'attackers' })
      .reply();
    expect(challenge.content).toContain('**Ann** offers an open challenge: **Fetlar Hnefatafl**');
    expect(challenge.content).toContain('Any member may accept');
    // Accept and Withdraw: nobody declines an open challenge.
    expect(buttonIds(challenge).map((id) => id.split(':')[1])).toEqual(['accept', 'withdraw']);

    const own = await emulator.clickButton(ann, challenge, buttonIds(challenge)[0]).reply();
    expect(own.ephemeral).toBe(true);
    expect(own.content).toContain('This is your own open challenge');

    // The emulator hands consecutive interactions to alternate processes.
    const byBob = emulator.clickButton(bob, challenge, buttonIds(challenge)[0]);
    const byCat = emulator.clickButton(cat, challenge, buttonIds(challenge)[0]);
    const answers = await Promise.all([byBob.reply(), byCat.reply()]);
    const refused = answers.filter((answer) => answer.ephemeral);
    expect(refused).toHaveLength(1);
    const game = await bots[1].service.play.board(tableAt(emulator, emulator.channelId));
    const winner = game?.players.defenders.name;
    expect(['Bob', 'Cat']).toContain(winner);
    expect(game?.players.attackers.name).toBe('Ann');
    expect(refused[0].content).toBe(`Too late: ${winner} accepted this open challenge first.`);
    expect(challenge.components).toEqual([]);
    expect(challenge.content).toContain(`${winner} accepted.`);
  });

  it('withdrawn by its challenger, not by another member', async () => {
    const { emulator } = await startTestWorld(1);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const challenge = await emulator.slash(ann, 'challenge', {}).reply();
    const withdraw = buttonIds(challenge)[1];
    const byBob = await emulator.clickButton(bob, challenge, withdraw).reply();
    expect(byBob.ephemeral).toBe(true);
    expect(byBob.content).toContain('Only the challenger');
    await emulator.clickButton(ann, challenge, withdraw).reply();
    expect(challenge.components).toEqual([]);
    expect(challenge.content).toContain('Ann withdrew the challenge.');
  });

  it('at most three open at once; /games lists them as open with a link; a range only without an opponent', async () => {
    const { emulator } = await startTestWorld(1);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    for (let n = 0; n < 3; n++) {
      const channelId = emulator.createChannel(`open-${n}`);
      const made = await emulator.slash(ann, 'challenge', { 'min-rating': 1200 }, { channelId }).reply();
      expect(made.content).toContain('for ratings of 1200 or more');
    }
    const fourth = await emulator.slash(ann, 'challenge', {}).reply();
    expect(fourth.ephemeral).toBe(true);
    expect(fourth.content).toBe(
      'You already have 3 open challenges waiting: withdraw one, or wait for an answer.',
    );
    const ranged = await emulator.slash(ann, 'challenge', { opponent: bob, 'max-rating': 1600 }).reply();
    expect(ranged.content).toBe(
      '`min-rating` and `max-rating` are for an open challenge: leave out `opponent`.',
    );

    const games = await emulator.slash(bob, 'games').reply();
    const field = games.embeds[0]?.fields?.[0];
    expect(field?.value.match(/offers an open challenge/g)).toHaveLength(3);
    expect(field?.value).toContain(`https://discord.com/channels/${emulator.guildId}/`);
  });

  it('an open challenge made before a restart expires after it, its buttons removed', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const challenge = await emulator.slash(ann, 'challenge', {}).reply();
    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace, { now: () => now });
    now += FIFTEEN_MINUTES;
    await world.bots[0].bot.sweep();
    expect(challenge.components).toEqual([]);
    expect(challenge.content).toContain('The challenge expired.');
    const late = await emulator.clickButton(bob, challenge, buttonIds(challenge)[0]).reply();
    expect(late.ephemeral).toBe(true);
  });

  it('with bot-after, nobody accepting: the sweep has the AI take it, the message says so, its board is posted and it moves', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const challenge = await emulator
      .slash(ann, 'challenge', { variant: 'brandubh', side: 'defenders', 'bot-after': 5 })
      .reply();
    expect(challenge.content).toContain('the bot plays you if nobody accepts within 5 minutes');
    now += FIVE_MINUTES - 1000;
    await world.bots[0].bot.sweep();
    expect(buttonIds(challenge)).toHaveLength(2);
    now += 1000;
    await world.bots[0].bot.sweep();
    expect(challenge.components).toEqual([]);
    expect(challenge.content).toContain('Nobody accepted in time: the bot (normal) plays it.');
    const boards = () =>
      emulator
        .messages(emulator.channelId)
        .filter((message) => message.interactionId === undefined && message.attachments.length === 1);
    expect(boards()).toHaveLength(1);
    expect(boards()[0].content).toContain('You play the defenders against the AI (normal).');
    const active = await world.bots[0].service.play.board(tableAt(emulator, emulator.channelId));
    expect(active?.ai).toEqual({ side: 'attackers', level: 'normal' });
    expect(active?.players.defenders.name).toBe('Ann');
    // The AI has the first move: the next sweep's nudge at the latest (the job nudges it when wired to it).
    await world.bots[0].bot.sweep();
    const moved = await emulator.waitFor(
      () => boards().find((message) => message.content.includes('played')),
      10_000,
    );
    expect(moved.content).toContain(`<@${ann.id}> to move`);
    // Another sweep changes nothing: one game, one first board.
    now += 61_000;
    await world.bots[0].bot.sweep();
    expect(boards().filter((message) => message.content.includes('You play the defenders'))).toHaveLength(1);
  });

  it('with bot-after, two processes (one restarted) sweeping at the same instant: one game, one first board', async () => {
    let now = Date.now();
    const world = await startTestWorld(2, { now: () => now });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    await emulator.waitFor(() => world.bots.every((process) => process.bot.client.users.cache.has(ann.id)));
    const challenge = await emulator
      .slash(ann, 'challenge', { variant: 'brandubh', 'bot-after': 15 })
      .reply();
    expect(challenge.content).toContain('the bot plays you if nobody accepts within 15 minutes');
    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace, { now: () => now });
    now += FIFTEEN_MINUTES;
    await Promise.all(world.bots.map((process) => process.bot.sweep()));
    expect(challenge.content).toContain('Nobody accepted in time: the bot (normal) plays it.');
    const firstBoards = emulator
      .messages(emulator.channelId)
      .filter(
        (message) => message.attachments.length === 1 && message.content.includes('against the AI (normal)'),
      );
    expect(firstBoards).toHaveLength(1);
    const games = await Promise.all(
      world.bots.map((process) => process.service.play.board(tableAt(emulator, emulator.channelId))),
    );
    expect(games[0]?.id).toBeDefined();
    expect(games[1]?.id).toBe(games[0]?.id);
  });

  it('bot-after only for an open challenge: refused with an opponent, the bot included', async () => {
    const { emulator } = await startTestWorld(1);
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    for (const opponent of [bob, emulator.botUser]) {
      const refused = await emulator.slash(ann, 'challenge', { opponent, 'bot-after': 15 }).reply();
      expect(refused.ephemeral).toBe(true);
      expect(refused.content).toBe('`bot-after` is for an open challenge: leave out `opponent`.');
    }
  });
});
