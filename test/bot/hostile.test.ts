import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { failureText, messagesFor } from '../../src/i18n/index.ts';
import { acceptedChallenge, buttonIds, fileWorld, gameChannel, tableAt } from './harness.ts';

const channelWithGame = () => gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob });

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const cat = world.user('Cat');

/** Members whose names are markup: a masked link, and mentions of everyone and a role. */
const MASKED_LINK = '[free nitro](https://x.co/a)';
const PINGS = '@everyone @here <@&123>';
const nina = world.user(MASKED_LINK);
const pinger = world.user(PINGS);

/** What would show as live markup if a member's text went out raw. */
function liveMarkup(text: string): string[] {
  const found = [
    /(?<!\\)\[[^\]]*(?<!\\)\]\(/.exec(text)?.[0],
    /https?:\/\/\S*/.exec(text)?.[0],
    /@(everyone|here)/.exec(text)?.[0],
    /<@&\d+>/.exec(text)?.[0],
  ];
  return found.filter((match): match is string => match !== undefined);
}
const shown = (message: { content: string; embeds: unknown[] }) =>
  `${message.content}\n${JSON.stringify(message.embeds)}`;

const failures = () => world.bots[0].logs.filter((line) => line.includes('"interaction failed"'));

describe('hostile input', () => {
  it('fuzzed move text is refused privately with a reason and changes nothing (service, many cases)', async () => {
    const channelId = await channelWithGame();
    const service = world.bots[0].service;
    const before = (await service.play.board(tableAt(world.emulator, channelId)))?.game.position();
    const legal = new Set(new Game('fetlar').legalMoves().map((move) => move.notation));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.constantFrom('', ' ', '-', 'a0-a1', 'k11-k12', 'f6-f6', '\u0000', 'd1-d3'.repeat(50)),
        ),
        async (text) => {
          const normalised = text.toLowerCase().replace(/\s+/g, '');
          fc.pre(![...legal].some((move) => normalised === move || normalised === move.replace('-', '')));
          const outcome = await service.play.move(
            tableAt(world.emulator, channelId),
            { id: ann.id, name: 'Ann' },
            text,
          );
          expect(outcome.ok).toBe(false);
          if (!outcome.ok) {
            const reason = failureText(messagesFor('en'), outcome);
            expect(reason.length).toBeGreaterThan(0);
            expect(reason.length).toBeLessThan(200);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect((await service.play.board(tableAt(world.emulator, channelId)))?.game.position()).toBe(before);
  });

  it('fuzzed move text through Discord: each gets a private reply, nothing escapes a handler', async () => {
    const channelId = await channelWithGame();
    const samples = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }), {
      numRuns: 25,
      seed: 42,
    });
    for (const text of [...samples, '@everyone', '<@&123>', 'x'.repeat(40), 'd1-d3; DROP TABLE games']) {
      const reply = await world.emulator.slash(ann, 'move', { move: text }, { channelId }).reply();
      expect(reply.ephemeral, JSON.stringify(text)).toBe(true);
      expect(reply.allowedMentions).toMatchObject({ parse: [] });
    }
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.plyCount).toBe(
      0,
    );
    expect(failures()).toEqual([]);
  });

  it('options longer than Discord lets a member type are never sent (the emulator refuses them as a client would)', () => {
    const moveLength = world.emulator
      .commands({ guildId: world.emulator.guildId })
      .find((command) => command.name === 'move')
      ?.options.find((option: { name: string }) => option.name === 'move')?.max_length;
    expect(moveLength).toBeGreaterThan(0);
    expect(() => world.emulator.slash(ann, 'move', { move: 'x'.repeat(moveLength + 1) })).toThrow(
      `at most ${moveLength} characters`,
    );
    expect(() => world.emulator.slash(ann, 'rules', { variant: 'x'.repeat(6001) })).toThrow(
      'at most 6000 characters',
    );
  });

  it('forged option values are refused, not guessed at', async () => {
    const variant = await world.emulator.slash(ann, 'challenge', { opponent: bob, variant: 'chess' }).reply();
    expect(variant).toMatchObject({ ephemeral: true });
    expect(variant.content).toContain('There is no variant "chess"');
    const side = await world.emulator.slash(ann, 'challenge', { opponent: bob, side: 'sideways' }).reply();
    expect(side).toMatchObject({
      ephemeral: true,
      content: 'The side must be attackers, defenders or random.',
    });
    expect((await world.emulator.slash(ann, 'rules', { variant: 'x'.repeat(500) }).reply()).ephemeral).toBe(
      true,
    );
    expect((await world.emulator.slash(ann, 'standings', { variant: 'go' }).reply()).ephemeral).toBe(true);
  });

  it('forged and stale button ids are refused and change nothing', async () => {
    const channelId = await channelWithGame();
    const other = await channelWithGame();
    const offer = await world.emulator.slash(ann, 'draw', {}, { channelId }).reply();
    const otherGameId = (await world.bots[0].service.play.board(tableAt(world.emulator, other)))?.id ?? '';
    const ids = [
      `draw:accept:${otherGameId}`,
      'draw:accept:',
      'draw:decline:x',
      'challenge:accept:../../x',
      'challenge:explode:abc',
      'nobody:home',
      '',
      ':::',
      'x'.repeat(100),
      ...fc.sample(fc.string({ maxLength: 100 }), { numRuns: 15, seed: 7 }),
    ];
    for (const customId of ids) {
      const reply = await world.emulator.clickButton(bob, offer, customId).reply();
      expect(reply.ephemeral, customId).toBe(true);
    }
    expect(
      (await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.result,
    ).toBeNull();
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, other)))?.game.result).toBeNull();

    const finished = await channelWithGame();
    const oldOffer = await world.emulator.slash(ann, 'draw', {}, { channelId: finished }).reply();
    await world.emulator.slash(ann, 'resign', {}, { channelId: finished }).reply();
    await gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob }, finished);
    const stale = await world.emulator.clickButton(bob, oldOffer, buttonIds(oldOffer)[0]).reply();
    expect(stale).toMatchObject({
      ephemeral: true,
      content: 'That draw offer was for a game that has ended.',
    });
    expect(failures()).toEqual([]);
  });

  it('a challenge button pressed from another channel is refused there; the challenge waits in its own', async () => {
    const home = world.emulator.createChannel('home');
    const elsewhere = world.emulator.createChannel('elsewhere');
    await world.emulator.waitFor(() =>
      [home, elsewhere].every((id) => world.bots[0].bot.client.channels.cache.has(id)),
    );
    const challenge = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, variant: 'brandubh' }, { channelId: home })
      .reply();
    const [accept, decline, withdraw] = buttonIds(challenge);
    // Any message of the other channel carries the forged buttons.
    const carrier = await world.emulator.slash(cat, 'standings', {}, { channelId: elsewhere }).reply();
    expect(carrier.ephemeral).toBe(false);
    for (const [user, customId] of [
      [bob, accept],
      [bob, decline],
      [ann, withdraw],
    ] as const) {
      const forged = await world.emulator.clickButton(user, carrier, customId).reply();
      expect(forged.ephemeral, customId).toBe(true);
      expect(forged.content).toContain(`<#${home}>`);
    }
    expect(await world.bots[0].service.play.board(tableAt(world.emulator, elsewhere))).toBeNull();
    expect(world.emulator.threads().filter((thread) => thread.parentId === elsewhere)).toEqual([]);
    expect(challenge.components).not.toEqual([]);
    await world.emulator.clickButton(bob, challenge, accept).reply();
    expect(
      (await world.bots[0].service.play.board(tableAt(world.emulator, home)))?.players.defenders.id,
    ).toBeDefined();
    expect(failures()).toEqual([]);
  });

  it('a tournament button pressed from another channel is refused; nobody joins from there', async () => {
    const home = world.emulator.createChannel('cup');
    const elsewhere = world.emulator.createChannel('not-the-cup');
    await world.emulator.waitFor(() =>
      [home, elsewhere].every((id) => world.bots[0].bot.client.channels.cache.has(id)),
    );
    const signup = await world.emulator
      .slash(
        cat,
        'tournament create',
        { name: 'Cup', variant: 'brandubh', format: 'swiss' },
        { channelId: home },
      )
      .reply();
    const [join] = buttonIds(signup);
    const carrier = await world.emulator.slash(cat, 'standings', {}, { channelId: elsewhere }).reply();
    const forged = await world.emulator.clickButton(ann, carrier, join).reply();
    expect(forged.ephemeral).toBe(true);
    expect(forged.content).toContain(`<#${home}>`);
    expect(signup.content).toContain('Nobody has joined yet.');
  });

  it('a Rematch button pressed from another channel is refused; the rematch is offered where the game was', async () => {
    const channelId = await channelWithGame();
    const elsewhere = await channelWithGame();
    const over = await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    const [rematch] = buttonIds(over);
    const carrier = await world.emulator.slash(cat, 'standings', {}, { channelId: elsewhere }).reply();
    expect(carrier.ephemeral).toBe(false);
    const forged = await world.emulator.clickButton(ann, carrier, rematch).reply();
    expect(forged.ephemeral).toBe(true);
    expect(forged.content).toContain(`<#${channelId}>`);
    const offered = await world.emulator.clickButton(ann, over, rematch).reply();
    expect(offered.ephemeral).toBe(false);
    expect(offered.channelId).toBe(channelId);
  });

  it('a member pressing a button meant for someone else is refused', async () => {
    const channelId = await channelWithGame();
    const offer = await world.emulator.slash(ann, 'draw', {}, { channelId }).reply();
    const reply = await world.emulator.clickButton(cat, offer, buttonIds(offer)[0]).reply();
    expect(reply).toMatchObject({ ephemeral: true, content: 'You are not playing in this game.' });
  });
});

describe('text a member controls is shown as text, one way, everywhere', () => {
  it('a member named with a masked link: the challenge and the game show it as text, not a link', async () => {
    const channelId = world.emulator.createChannel('nitro');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const challenge = await world.emulator
      .slash(nina, 'challenge', { opponent: bob, variant: 'brandubh', side: 'attackers' }, { channelId })
      .reply();
    expect(challenge.content).toContain('free nitro');
    await world.emulator.clickButton(bob, challenge, buttonIds(challenge)[0]).reply();
    const refusal = await world.emulator.slash(bob, 'move', { move: 'd5-d6' }, { channelId }).reply();
    expect(refusal.ephemeral).toBe(true);
    expect(refusal.content).toContain('free nitro');
    await world.emulator.slash(nina, 'resign', {}, { channelId }).reply();
    const messages = world.emulator.allMessages(channelId);
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(liveMarkup(shown(message)), shown(message)).toEqual([]);
  });

  it('a thread named after two long emoji names is cut between characters, within 100', async () => {
    const channelId = world.emulator.createChannel('emoji');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const one = world.emulator.addUser('😀'.repeat(32));
    const other = world.emulator.addUser('🛡️'.repeat(16));
    await world.emulator.waitFor(() => world.bots[0].bot.client.users.cache.has(other.id));
    const challenge = await world.emulator
      .slash(one, 'challenge', { opponent: other, variant: 'brandubh', thread: true }, { channelId })
      .reply();
    await world.emulator.clickButton(other, challenge, buttonIds(challenge)[0]).reply();
    const thread = world.emulator.threads().find((candidate) => candidate.parentId === channelId);
    expect(thread?.name.length).toBeLessThanOrEqual(100);
    // No half of a character: a high surrogate without its low one, or the reverse.
    expect(thread?.name).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(thread?.name.endsWith('…')).toBe(true);
  });

  it('the player to move named "@everyone @here <@&…>" is named as text in the not-your-turn refusal', async () => {
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: pinger, defenders: bob });
    const refusal = await world.emulator.slash(bob, 'move', { move: 'd5-d6' }, { channelId }).reply();
    expect(refusal.ephemeral).toBe(true);
    expect(refusal.content).toContain('It is not your turn');
    expect(liveMarkup(refusal.content), refusal.content).toEqual([]);
  });

  it('tournament and server variant names are shown as text: sign-up, list, challenge, game title', async () => {
    const channelId = world.emulator.createChannel('hostile-names');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const rules = 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const variantName = '[nitro](https://x.co/a) @here';
    const added = await world.emulator.slash(cat, 'variant add', { name: variantName, rules }).reply();
    expect(added.ephemeral, added.content).toBe(false);
    const id = /`(server:[^`]+)`/.exec(added.content)?.[1] ?? '';
    const list = await world.emulator.slash(cat, 'variant list', {}).reply();
    const signup = await world.emulator
      .slash(cat, 'tournament create', { name: MASKED_LINK, variant: id, format: 'swiss' }, { channelId })
      .reply();
    expect(signup.content).toContain('free nitro');
    const challenge = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, variant: id, side: 'attackers' }, { channelId })
      .reply();
    await world.emulator.clickButton(bob, challenge, buttonIds(challenge)[0]).reply();
    const board = await world.emulator.slash(ann, 'board', {}, { channelId }).reply();
    const rulesOf = await world.emulator.slash(ann, 'rules', { variant: id }).reply();
    for (const message of [added, list, signup, challenge, board, rulesOf]) {
      expect(shown(message)).toContain('nitro');
      expect(liveMarkup(shown(message)), shown(message)).toEqual([]);
    }
  });
});

describe('security', () => {
  it('a full game later, the token appears in no log, reply or request the bot made', async () => {
    const { token } = world.emulator;
    const channelId = world.emulator.createChannel('security');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'fetlar', side: 'attackers' },
      { channelId },
    );
    for (const [player, move] of [
      [ann, 'd1-d3'],
      [bob, 'f4-c4'],
      [ann, 'h1-h3'],
    ] as const) {
      expect((await world.emulator.slash(player, 'move', { move }, { channelId }).reply()).ephemeral).toBe(
        false,
      );
    }
    const ended = await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    expect(ended.content).toContain('Game over');
    await world.emulator.slash(cat, 'standings').reply();
    const everything = [
      ...world.bots[0].logs,
      ...world.emulator.allMessages().map((message) => JSON.stringify({ ...message, attachments: [] })),
      ...world.emulator.calls.map((call) => JSON.stringify(call.body ?? null)),
    ].join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.split('.')[2]);
  });

  it('no message the bot sent could ping everyone, here or a role', () => {
    const sent = world.emulator.calls.filter((call) => call.body && typeof call.body === 'object');
    for (const call of sent) {
      const body = call.body as {
        allowed_mentions?: { parse?: string[] };
        data?: { allowed_mentions?: { parse?: string[] } };
        content?: string;
      };
      const mentions = body.allowed_mentions ?? body.data?.allowed_mentions;
      if (body.content || body.data) expect(mentions?.parse ?? [], call.path).toEqual([]);
    }
  });
});
