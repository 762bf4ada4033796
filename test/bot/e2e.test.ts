import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { Game, type Side, type VariantId } from '../../src/engine/index.ts';
import { layoutFor } from '../../src/render/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { acceptedChallenge, buttonIds, fileWorld, gameChannel, tableAt } from './harness.ts';

const channelWithGame = (game: Game, players?: Record<Side, EmulatedUser>) =>
  gameChannel(world, game, players ?? { attackers: ann, defenders: bob });

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const cat = world.user('Cat');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function expectBoardPicture(message: RecordedMessage, size: number) {
  expect(message.attachments).toHaveLength(1);
  const [picture] = message.attachments;
  expect(picture.filename).toBe('board.png');
  expect(picture.data.subarray(0, 8)).toEqual(PNG);
  const image = await loadImage(picture.data);
  const layout = layoutFor(size, size === 11 ? 'squares' : 'points');
  expect([image.width, image.height]).toEqual([layout.width, layout.height]);
}

describe('/challenge', () => {
  it('posts a challenge that the opponent accepts; the first board follows, pinging the player to move', async () => {
    const channelId = world.emulator.createChannel('challenge-accept');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const challenge = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, variant: 'fetlar', side: 'attackers' }, { channelId })
      .reply();
    expect(challenge.ephemeral).toBe(false);
    expect(challenge.content).toContain(`<@${bob.id}>`);
    expect(challenge.allowedMentions).toMatchObject({ parse: [], users: [bob.id] });
    const [accept] = buttonIds(challenge);
    expect(accept).toMatch(/^challenge:accept:/);

    const stranger = await world.emulator.clickButton(cat, challenge, accept).reply();
    expect(stranger).toMatchObject({
      ephemeral: true,
      content: 'Only the challenged member can accept this challenge.',
    });

    const accepted = world.emulator.clickButton(bob, challenge, accept);
    const updated = await accepted.reply();
    expect(updated.id).toBe(challenge.id);
    expect(updated.components).toEqual([]);
    expect(updated.content).toContain('accepted');
    const board = await world.emulator.waitFor(() =>
      accepted.followUps().find((message) => message.attachments.length > 0),
    );
    await expectBoardPicture(board, 11);
    expect(board.content).toContain(`<@${ann.id}> to move (attackers)`);
    expect(board.allowedMentions).toMatchObject({ parse: [], users: [ann.id] });
  });

  it('refuses with a reason: yourself, a bot, a second pending challenge, a channel with a game', async () => {
    const channelId = world.emulator.createChannel('challenge-refusals');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const robot = world.emulator.addUser('Robot', { bot: true });
    const self = await world.emulator.slash(ann, 'challenge', { opponent: ann }, { channelId }).reply();
    expect(self).toMatchObject({ ephemeral: true, content: 'You cannot challenge yourself.' });
    const bot = await world.emulator.slash(ann, 'challenge', { opponent: robot }, { channelId }).reply();
    expect(bot.ephemeral).toBe(true);
    expect(bot.content).toContain('Bots do not play here');
    expect(
      (await world.emulator.slash(ann, 'challenge', { opponent: bob }, { channelId }).reply()).ephemeral,
    ).toBe(false);
    const second = await world.emulator.slash(ann, 'challenge', { opponent: cat }, { channelId }).reply();
    expect(second.ephemeral).toBe(true);
    expect(second.content).toContain('already have a pending challenge');

    const busy = await channelWithGame(new Game('fetlar'), { attackers: cat, defenders: bob });
    const refused = await world.emulator
      .slash(ann, 'challenge', { opponent: bob }, { channelId: busy })
      .reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('thread:true');
  });

  it('the challenger may withdraw, the opponent may decline; both close the buttons', async () => {
    const channelId = world.emulator.createChannel('challenge-close');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const first = await world.emulator.slash(ann, 'challenge', { opponent: bob }, { channelId }).reply();
    const withdrawId = buttonIds(first).find((id) => id.startsWith('challenge:withdraw:')) ?? '';
    expect((await world.emulator.clickButton(bob, first, withdrawId).reply()).ephemeral).toBe(true);
    const withdrawn = await world.emulator.clickButton(ann, first, withdrawId).reply();
    expect(withdrawn.components).toEqual([]);
    expect(withdrawn.content).toContain('withdrew');

    const second = await world.emulator.slash(ann, 'challenge', { opponent: bob }, { channelId }).reply();
    const [acceptId, declineId] = buttonIds(second);
    const declined = await world.emulator.clickButton(bob, second, declineId).reply();
    expect(declined.content).toContain('declined');
    const lateClick = world.emulator.clickButton(bob, second, acceptId);
    expect((await lateClick.reply()).components).toEqual([]);
    const late = await world.emulator.waitFor(() => lateClick.followUps()[0]);
    expect(late.ephemeral).toBe(true);
    expect(late.content).toContain('already declined');
  });

  it('a forged button id is refused', async () => {
    const challenge = world.emulator.messages().find((message) => buttonIds(message).length > 0);
    if (!challenge) throw new Error('no message with buttons yet');
    const forged = await world.emulator.clickButton(bob, challenge, 'challenge:accept:../../etc').reply();
    expect(forged).toMatchObject({ ephemeral: true });
    const unknown = await world.emulator.clickButton(bob, challenge, 'challenge:accept:doesnotexist').reply();
    expect(unknown).toMatchObject({ ephemeral: true, content: 'This challenge no longer exists.' });
  });

  it('with thread:true the game opens in a new thread, keyed by the thread', async () => {
    const channelId = world.emulator.createChannel('challenge-thread');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'alea-walker', side: 'defenders', thread: true },
      { channelId },
    );
    const thread = await world.emulator.waitFor(() =>
      world.emulator.threads().find((candidate) => candidate.parentId === channelId),
    );
    const board = await world.emulator.waitFor(() =>
      world.emulator.messages(thread.id).find((message) => message.attachments.length > 0),
    );
    await expectBoardPicture(board, 19);
    expect(board.content).toContain(`<@${ann.id}> to move (defenders)`);
    const moved = await world.emulator
      .slash(ann, 'move', { move: 'j11-k11' }, { channelId: thread.id })
      .reply();
    expect(moved.ephemeral).toBe(false);
    expect(moved.content).toContain('j11-k11');
    expect((await world.emulator.slash(ann, 'board', {}, { channelId }).reply()).content).toContain(
      'no game in this channel',
    );
  });
});

describe('Rematch', () => {
  it('keeps the variant, the time per move and the match, swaps the sides, and is played in the same thread', async () => {
    const channelId = world.emulator.createChannel('rematch-settings');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'fetlar', side: 'attackers', time: '10m', match: true, thread: true },
      { channelId },
    );
    const thread = await world.emulator.waitFor(() =>
      world.emulator.threads().find((candidate) => candidate.parentId === channelId),
    );
    const where = { channelId: thread.id };
    // Game 1: Bob (defenders) resigns; game 2, sides swapped: Ann (defenders) resigns.
    await world.emulator.slash(bob, 'resign', {}, where).reply();
    const final = await world.emulator.slash(ann, 'resign', {}, where).reply();
    const [rematchId] = buttonIds(final);
    expect(rematchId).toMatch(/^challenge:rematch:/);

    const rematch = await world.emulator.clickButton(ann, final, rematchId).reply();
    expect(rematch.channelId).toBe(thread.id);
    expect(rematch.content).toContain(`<@${bob.id}>`);
    expect(rematch.content).toContain('**Fetlar Hnefatafl**');
    expect(rematch.content).toContain('Ann plays the attackers');
    expect(rematch.content).toContain('a two-game match');
    expect(rematch.content).toContain('10 minutes per move');
    expect(rematch.content).not.toContain('1 day');
    expect(rematch.content).not.toContain('in a new thread');

    await world.emulator.clickButton(bob, rematch, buttonIds(rematch)[0]).reply();
    const active = await world.bots[0].service.play.board(tableAt(world.emulator, thread.id));
    expect(active?.variant).toBe('fetlar');
    expect(active?.players.attackers.id).toBe(ann.id);
    expect(active?.players.defenders.id).toBe(bob.id);
    expect(active?.clock?.perMoveMs).toBe(10 * 60 * 1000);
    expect(active?.match?.game).toBe(1);
    expect(world.emulator.threads().filter((candidate) => candidate.parentId === channelId)).toHaveLength(1);
  });
});

describe('/challenge options that cannot be honoured', () => {
  it('are refused privately with the reason: level against a member, thread:true inside a thread', async () => {
    const channelId = world.emulator.createChannel('challenge-options');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const level = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, level: 'hard' }, { channelId })
      .reply();
    expect(level.ephemeral).toBe(true);
    expect(level.content).toContain('`level` option is for games against the bot');

    await acceptedChallenge(world.emulator, ann, bob, { variant: 'fetlar', thread: true }, { channelId });
    const thread = await world.emulator.waitFor(() =>
      world.emulator.threads().find((candidate) => candidate.parentId === channelId),
    );
    for (const opponent of [cat, world.emulator.botUser]) {
      const nested = await world.emulator
        .slash(ann, 'challenge', { opponent, thread: true }, { channelId: thread.id })
        .reply();
      expect(nested.ephemeral).toBe(true);
      expect(nested.content).toContain('a thread cannot have threads');
    }
    expect(world.emulator.threads().filter((candidate) => candidate.parentId === thread.id)).toEqual([]);
  });
});

describe('/move', () => {
  it('a legal move is answered publicly with the board, the move and a mention of the player to move', async () => {
    const channelId = await channelWithGame(new Game('alea-armed'));
    const reply = await world.emulator.slash(bob, 'move', { move: 'j11-k11' }, { channelId }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('**Bob** (defenders) played **j11-k11**');
    expect(reply.content).toContain(`<@${ann.id}> to move (attackers)`);
    expect(reply.allowedMentions).toMatchObject({ parse: [], users: [ann.id] });
    await expectBoardPicture(reply, 19);
  });

  it.each([
    ['e5-e8', 'e5 is empty'],
    ['c1-c2', 'that piece belongs to the attackers'],
    ['j9-k8', 'pieces move along a rank or a file'],
    ['j11-j15', 'j13 is in the way'],
    ['j11-j13', 'j13 is occupied'],
    ['t3-t4', 't3 is not on the 19x19 board'],
  ])('refuses %s privately: "%s", and changes nothing', async (move, reason) => {
    const channelId = await channelWithGame(new Game('alea-armed'));
    const reply = await world.emulator.slash(bob, 'move', { move }, { channelId }).reply();
    expect(reply).toMatchObject({ ephemeral: true, content: reason });
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.plyCount).toBe(
      0,
    );
  });

  it('refuses the throne to anyone but the king, and text that is not a move', async () => {
    const channelId = await channelWithGame(
      gameWith('fetlar', { king: 'b9', defenders: ['f8'], attackers: ['k11'] }, 'defenders'),
    );
    expect(await world.emulator.slash(bob, 'move', { move: 'f8-f6' }, { channelId }).reply()).toMatchObject({
      ephemeral: true,
      content: 'only the king may stop on the throne',
    });
    const nonsense = await world.emulator.slash(bob, 'move', { move: 'hello there' }, { channelId }).reply();
    expect(nonsense.ephemeral).toBe(true);
    expect(nonsense.content).toContain('is not a move');
  });

  it('refuses passing over the centre to all but the king under the guard rules', async () => {
    const channelId = await channelWithGame(
      gameWith('alea-guards', { king: 'c10', defenders: ['j13'], attackers: ['s19'] }, 'defenders'),
    );
    expect(await world.emulator.slash(bob, 'move', { move: 'j13-j5' }, { channelId }).reply()).toMatchObject({
      ephemeral: true,
      content: 'only the king may pass over the centre',
    });
  });

  it('refuses a move out of turn, from a non-player, and where there is no game', async () => {
    const channelId = await channelWithGame(new Game('fetlar'));
    expect(await world.emulator.slash(bob, 'move', { move: 'f4-c4' }, { channelId }).reply()).toMatchObject({
      ephemeral: true,
      content: 'It is not your turn: Ann (attackers) is to move.',
    });
    expect(await world.emulator.slash(cat, 'move', { move: 'd1-d3' }, { channelId }).reply()).toMatchObject({
      ephemeral: true,
      content: 'You are not playing in this game.',
    });
    const empty = world.emulator.createChannel('no-game');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(empty));
    const none = await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId: empty }).reply();
    expect(none.ephemeral).toBe(true);
    expect(none.content).toContain('There is no game in this channel');
  });

  it('autocomplete offers the player on turn their pieces, then a piece’s moves; others get nothing', async () => {
    const channelId = await channelWithGame(new Game('fetlar'));
    const pieces = await world.emulator.autocomplete(ann, 'move', { move: '' }, 'move', { channelId });
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThanOrEqual(25);
    const movable = new Set(new Game('fetlar').legalMoves().map((move) => move.from));
    for (const choice of pieces) expect(movable.has(String(choice.value))).toBe(true);
    const fromD1 = await world.emulator.autocomplete(ann, 'move', { move: 'd1' }, 'move', { channelId });
    const legal = new Game('fetlar').legalMoves({ from: 'd1' }).map((move) => move.notation);
    expect(
      fromD1
        .map((choice) => choice.value)
        .filter((value) => String(value).includes('-'))
        .sort(),
    ).toEqual(legal.sort());
    expect(await world.emulator.autocomplete(bob, 'move', { move: '' }, 'move', { channelId })).toEqual([]);
    expect(await world.emulator.autocomplete(cat, 'move', { move: 'd1' }, 'move', { channelId })).toEqual([]);
  });
});

describe('/board, /resign, /draw', () => {
  it('/board shows the channel’s game to anyone', async () => {
    const channelId = await channelWithGame(new Game('fetlar'));
    const reply = await world.emulator.slash(cat, 'board', {}, { channelId }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('Fetlar Hnefatafl');
    expect(reply.allowedMentions).toMatchObject({ parse: [], users: [] });
    await expectBoardPicture(reply, 11);
  });

  it('/resign ends the game for the other side and frees the channel', async () => {
    const channelId = await channelWithGame(new Game('alea-guards'));
    expect((await world.emulator.slash(cat, 'resign', {}, { channelId }).reply()).ephemeral).toBe(true);
    const reply = await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    expect(reply.content).toContain('The defenders resigned.');
    expect(reply.content).toContain('**Ann** (attackers) wins');
    expect(await world.bots[0].service.play.board(tableAt(world.emulator, channelId))).toBeNull();
  });

  it('/draw offers a draw; the opponent accepts with the button; a move would have declined it', async () => {
    const channelId = await channelWithGame(new Game('fetlar'));
    const offer = await world.emulator.slash(ann, 'draw', {}, { channelId }).reply();
    expect(offer.content).toContain(`<@${bob.id}>`);
    const [acceptId] = buttonIds(offer);
    expect((await world.emulator.clickButton(ann, offer, acceptId).reply()).content).toContain(
      'your own draw offer',
    );
    const click = world.emulator.clickButton(bob, offer, acceptId);
    expect((await click.reply()).content).toBe('Draw agreed.');
    const result = await world.emulator.waitFor(() =>
      click.followUps().find((message) => message.attachments.length > 0),
    );
    expect(result.content).toContain('The game is drawn.');

    const second = await channelWithGame(new Game('fetlar'));
    await world.emulator.slash(ann, 'draw', {}, { channelId: second }).reply();
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId: second }).reply();
    const declined = await world.emulator.slash(bob, 'draw', {}, { channelId: second }).reply();
    expect(declined.content).toContain('offers a draw');
  });
});

describe('games to their end, in every variant', () => {
  const endings: { variant: VariantId; game: () => Game; mover: Side; move: string; reason: string }[] = [
    {
      variant: 'fetlar',
      game: () =>
        gameWith(
          'fetlar',
          { king: 'f6', attackers: ['e6', 'g6', 'f7', 'c5'], defenders: ['k2'] },
          'attackers',
        ),
      mover: 'attackers',
      move: 'c5-f5',
      reason: 'The king was captured on f6',
    },
    {
      variant: 'alea-armed',
      game: () =>
        gameWith(
          'alea-armed',
          {
            king: 'j10',
            defenders: ['j11'],
            attackers: ['g10', 'j13', 'j7', 'l11', 'k12', 'i12', 'h11', 'h9', 'i8', 'k8', 'l9', 'p10'],
          },
          'attackers',
        ),
      mover: 'attackers',
      move: 'p10-m10',
      reason: 'enclosed the king',
    },
    {
      variant: 'alea-walker',
      game: () =>
        gameWith('alea-walker', { king: 'e5', attackers: ['d5', 'f9'], defenders: ['a10'] }, 'attackers'),
      mover: 'attackers',
      move: 'f9-f5',
      reason: 'The king was captured on e5',
    },
    {
      variant: 'alea-guards',
      game: () => gameWith('alea-guards', { king: 'b5', attackers: ['j3'], guards: ['p15'] }, 'defenders'),
      mover: 'defenders',
      move: 'b5-b2',
      reason: 'The king escaped to b2',
    },
  ];

  it.each(endings)('$variant: $reason', async ({ game, mover, move, reason }) => {
    const channelId = await channelWithGame(game());
    const player = mover === 'attackers' ? ann : bob;
    const reply = await world.emulator.slash(player, 'move', { move }, { channelId }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('**Game over.**');
    expect(reply.content).toContain(reason);
    expect(await world.bots[0].service.play.board(tableAt(world.emulator, channelId))).toBeNull();
  });

  it('/standings shows the server’s table and a member’s record', async () => {
    const table = await world.emulator.slash(cat, 'standings').reply();
    expect(table.ephemeral).toBe(false);
    const text = table.embeds[0].description as string;
    expect(text).toMatch(/Ann\s+\d+/);
    expect(text).toMatch(/Bob\s+\d+/);
    const rows = await world.bots[0].service.records.standings(world.emulator.guildId);
    const annRow = rows.find((row) => row.userId === ann.id);
    expect(annRow?.wins).toBeGreaterThanOrEqual(3);
    const record = await world.emulator.slash(cat, 'standings', { member: bob }).reply();
    expect(record.embeds[0].title).toContain('Bob');
    expect(record.embeds[0].description).toContain('Ann:');
  });
});

describe('/rules and /help', () => {
  it('/rules explains a variant from the engine’s data, privately', async () => {
    const reply = await world.emulator.slash(cat, 'rules', { variant: 'alea-walker' }).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.embeds[0].title).toBe('Alea Evangelii (Walker 2014)');
    expect(reply.embeds[0].description).toContain('for the second time');
  });
});

describe('operations', () => {
  it('logs one line per interaction, with latency and outcome, never the token', async () => {
    const logs = world.bots[0].logs.map((line) => JSON.parse(line));
    const interactions = logs.filter((entry) => entry.message === 'interaction');
    expect(interactions.length).toBeGreaterThan(20);
    for (const entry of interactions) {
      expect(entry).toHaveProperty('latencyMs');
      expect(['answered', 'refused', 'suggested']).toContain(entry.outcome);
    }
    expect(world.bots[0].logs.join('\n')).not.toContain(world.emulator.token);
  });

  it('every message the bot sent forbade @everyone and role pings', () => {
    for (const message of world.emulator.allMessages()) {
      if (message.allowedMentions) expect(message.allowedMentions.parse ?? []).toEqual([]);
    }
    expect(world.emulator.unknownRoutes).toEqual([]);
  });
});
