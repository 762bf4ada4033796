import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { buttonIds, fileWorld, gameChannel, tableAt, worldsPerTest } from './harness.ts';

const channelWithGame = (game = new Game('fetlar')) =>
  gameChannel(world, game, { attackers: ann, defenders: bob });

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const startTestWorld = worldsPerTest();

describe('/undo by consent', () => {
  it('the opponent takes back the last move with a button; the board follows', async () => {
    const channelId = await channelWithGame();
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    const ask = await world.emulator.slash(ann, 'undo', {}, { channelId }).reply();
    expect(ask.ephemeral).toBe(false);
    expect(ask.content).toContain('d1-d3');
    expect(ask.allowedMentions).toMatchObject({ parse: [], users: [bob.id] });
    const [accept, decline] = buttonIds(ask);
    expect(decline).toMatch(/^undo:decline:/);
    expect((await world.emulator.clickButton(ann, ask, accept).reply()).ephemeral).toBe(true);
    const click = world.emulator.clickButton(bob, ask, accept);
    expect((await click.reply()).content).toContain('was taken back');
    const board = await world.emulator.waitFor(() =>
      click.followUps().find((message) => message.attachments.length > 0),
    );
    expect(board.content).toContain(`<@${ann.id}> to move`);
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.plyCount).toBe(
      0,
    );
  });

  it('a declined request changes nothing', async () => {
    const channelId = await channelWithGame();
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    const ask = await world.emulator.slash(ann, 'undo', {}, { channelId }).reply();
    const declined = await world.emulator.clickButton(bob, ask, buttonIds(ask)[1]).reply();
    expect(declined.content).toContain('declined');
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.plyCount).toBe(
      1,
    );
  });
});

describe('/history and /export', () => {
  it('list the moves so far, and attach an OpenTafl record of the game', async () => {
    const channelId = await channelWithGame();
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await world.emulator.slash(bob, 'move', { move: 'f4-c4' }, { channelId }).reply();
    const history = await world.emulator.slash(bob, 'history', {}, { channelId }).reply();
    expect(history.ephemeral).toBe(true);
    expect(history.embeds[0].description).toContain('1. d1-d3  f4-c4');
    const exported = await world.emulator.slash(bob, 'export', {}, { channelId }).reply();
    expect(exported.ephemeral).toBe(true);
    const [file] = exported.attachments;
    expect(file.filename).toMatch(/^tafl-fetlar-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = file.data.toString('utf8');
    expect(text).toContain('[variant:Fetlar Hnefatafl]');
    expect(text).toContain('[attackers:Ann]');
    expect(text).toContain('1. d1-d3 f4-c4');
  });

  it('after the game, they show the last game finished in the channel', async () => {
    const channelId = await channelWithGame();
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    const exported = await world.emulator.slash(ann, 'export', {}, { channelId }).reply();
    expect(exported.content).toContain('The last game finished here');
    expect(exported.attachments[0].data.toString('utf8')).toContain('[result:1]');
    const empty = world.emulator.createChannel('never-played');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(empty));
    expect((await world.emulator.slash(ann, 'history', {}, { channelId: empty }).reply()).content).toContain(
      'No game has been played',
    );
  });
});

describe('rematch', () => {
  it('the announcement of a finished game has a Rematch button: a challenge with sides swapped', async () => {
    const channelId = await channelWithGame();
    const ended = await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    const [rematchId] = buttonIds(ended);
    expect(rematchId).toMatch(/^challenge:rematch:/);
    const challenge = await world.emulator.clickButton(bob, ended, rematchId).reply();
    expect(challenge.ephemeral).toBe(false);
    expect(challenge.content).toContain(`<@${ann.id}>`);
    expect(challenge.content).toContain('Bob plays the attackers');
    const accepted = world.emulator.clickButton(ann, challenge, buttonIds(challenge)[0]);
    await accepted.reply();
    const active = await world.bots[0].service.play.board(tableAt(world.emulator, channelId));
    expect(active?.players.attackers.id).toBe(bob.id);
    expect(active?.players.defenders.id).toBe(ann.id);
  });
});

describe('ratings', () => {
  it('/standings for one variant shows Glicko-2 ratings with their deviation, provisional marked', async () => {
    const channelId = await channelWithGame();
    await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    const table = await world.emulator.slash(ann, 'standings', { variant: 'fetlar' }).reply();
    const text = table.embeds[0].description as string;
    expect(text).toContain('Rating');
    expect(text).toMatch(/Ann .*1\d{3}±\d+\?/);
    expect(table.embeds[0].footer.text).toContain('provisional');
  });
});

describe('time control with two bot processes', () => {
  it('reminds the player on turn once, then ends the game on time once, announcing it in the channel', async () => {
    let now = Date.now();
    const timed = await startTestWorld(2, { now: () => now });
    const { emulator, bots } = timed;
    const amy = emulator.addUser('Amy');
    const ben = emulator.addUser('Ben');
    await emulator.waitFor(() => bots.every((process) => process.bot.client.users.cache.has(ben.id)));
    const challenge = await emulator
      .slash(amy, 'challenge', { opponent: ben, variant: 'fetlar', side: 'attackers', time: '10m' })
      .reply();
    expect(challenge.content).toContain('10 minutes per move');
    const accept = emulator.clickButton(ben, challenge, buttonIds(challenge)[0]);
    await accept.reply();
    const first = await emulator.waitFor(() =>
      accept.followUps().find((message) => message.attachments.length > 0),
    );
    expect(first.content).toMatch(/Deadline <t:\d+:R>/);

    now += 8 * 60 * 1000 + 1000;
    await Promise.all(bots.map((process) => process.bot.sweep()));
    const reminders = () =>
      emulator.messages().filter((message) => message.content.includes('80% of your time'));
    await emulator.waitFor(() => reminders().length === 1);
    expect(reminders()[0].content).toContain(`<@${amy.id}>`);
    expect(reminders()[0].allowedMentions).toMatchObject({ parse: [], users: [amy.id] });

    now += 2 * 60 * 1000;
    await Promise.all([...bots, ...bots].map((process) => process.bot.sweep()));
    const endings = () =>
      emulator.messages().filter((message) => message.content.includes('ran out of time'));
    await emulator.waitFor(() => endings().length === 1);
    expect(endings()[0].content).toContain('**Ben** (defenders) wins');
    expect(endings()[0].attachments).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(endings()).toHaveLength(1);
    expect(reminders()).toHaveLength(1);
  });
});

describe('a two-game match', () => {
  it('game 2 follows game 1 with sides swapped, and the match result is announced', async () => {
    const channelId = world.emulator.createChannel('match');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const challenge = await world.emulator
      .slash(
        ann,
        'challenge',
        { opponent: bob, variant: 'alea-armed', side: 'attackers', match: true },
        { channelId },
      )
      .reply();
    expect(challenge.content).toContain('a two-game match');
    await world.emulator.clickButton(bob, challenge, buttonIds(challenge)[0]).reply();

    const resign = world.emulator.slash(bob, 'resign', {}, { channelId });
    const firstEnd = await resign.reply();
    expect(firstEnd.content).toContain('game 1 of the match');
    expect(buttonIds(firstEnd)).toEqual([]);
    const secondStart = await world.emulator.waitFor(() =>
      resign.followUps().find((message) => message.attachments.length > 0),
    );
    expect(secondStart.content).toContain('Game 2 of the match');
    expect(secondStart.content).toContain(`<@${ann.id}> to move (defenders)`);
    expect(secondStart.content).toContain('won game 1 of the match in 0 moves');

    expect(
      (await world.emulator.slash(ann, 'move', { move: 'j11-k11' }, { channelId }).reply()).ephemeral,
    ).toBe(false);
    expect(
      (await world.emulator.slash(bob, 'move', { move: 'c1-c2' }, { channelId }).reply()).ephemeral,
    ).toBe(false);
    const final = await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect(final.content).toContain('Ann takes the match');
    expect(buttonIds(final)[0]).toMatch(/^challenge:rematch:/);
  });
});
