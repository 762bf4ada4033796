/**
 * /games and casual games, through the real bot and the emulator (which refuses what Discord
 * refuses): a busy server's 60 games paged within Discord's limits, a member's games in their
 * order, members' names shown as text, and `rated:false` honoured from the challenge to the
 * standings. Each test has a server of its own.
 */
import { describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import type { FischerControl } from '../../src/core/time-controls.ts';
import { Game } from '../../src/engine/index.ts';
import { keys } from '../../src/game/keys.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { DISCORD_LIMITS } from '../discord-emulator/limits.ts';
import { acceptedChallenge, buttonIds, fileWorld, tableAt } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const mia = world.user('Mia');
const MINUTE = 60_000;

const failures = () => world.bots[0].logs.filter((line) => line.includes('"interaction failed"'));
const playerOf = (user: EmulatedUser): Player => ({ id: user.id, name: user.globalName ?? user.username });

/** A server of its own, with a channel the bot has seen. */
async function newServer(name: string): Promise<{ guildId: string; channelId: string }> {
  const guildId = world.emulator.createGuild(name);
  const channelId = world.emulator.createChannel('games', guildId);
  await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
  return { guildId, channelId };
}

let fakeChannel = 7_000_000_000_000_000_000n;
/** A game started straight in the store, in a channel of its own (an id, as Discord gives them). */
async function started(
  guildId: string,
  players: { attackers: Player; defenders: Player },
  time: { perMoveMs?: number | null; fischer?: FischerControl; casual?: boolean } = {},
): Promise<string> {
  const channelId = String(fakeChannel++);
  const outcome = await world.bots[0].service.lifecycle.startGame({
    guildId,
    channelId,
    players,
    game: new Game('brandubh'),
    ...time,
  });
  if (!outcome.ok) throw new Error(outcome.code);
  return channelId;
}

/** The channels a /games page links to, in order. */
const linkedChannels = (message: RecordedMessage, guildId: string): string[] =>
  [
    ...String(message.embeds[0].description).matchAll(
      /\]\(https:\/\/discord\.com\/channels\/(\d+)\/(\d+)\)/g,
    ),
  ].map(([, guild, channel]) => {
    expect(guild).toBe(guildId);
    return channel;
  });

/** Discord's count of an embed: every text in it, by code point. */
function embedSize(embed: {
  title?: string;
  description?: string;
  footer?: { text?: string };
  fields?: { name: string; value: string }[];
}): number {
  const length = (text: unknown) => (typeof text === 'string' ? [...text].length : 0);
  const fields = embed.fields ?? [];
  return (
    length(embed.title) +
    length(embed.description) +
    length(embed.footer?.text) +
    fields.reduce((sum, field) => sum + length(field.name) + length(field.value), 0)
  );
}

/** Every page of a /games answer, turned with Next by `user`; each page checked against Discord's limits. */
async function allPages(user: EmulatedUser, first: RecordedMessage): Promise<string[]> {
  const texts: string[] = [];
  let page = first;
  for (let turned = 0; turned < 50; turned++) {
    const embed = page.embeds[0];
    expect(page.ephemeral).toBe(false);
    expect([...String(embed.description)].length).toBeLessThanOrEqual(DISCORD_LIMITS.embedDescription);
    expect(embedSize(embed)).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotal);
    expect(page.allowedMentions).toMatchObject({ parse: [] });
    texts.push(JSON.stringify(embed));
    const [previous, next] = page.components[0]?.components ?? [];
    if (!next || next.disabled) break;
    expect(previous.disabled ?? false).toBe(texts.length === 1);
    page = await world.emulator.clickButton(user, page, next.custom_id).reply();
    expect(page.id).toBe(first.id);
  }
  return texts;
}

describe('/games on a busy server', () => {
  it('60 games in channels and threads: every page fits Discord, and the pages go through each game once, least time left first', async () => {
    const { guildId, channelId } = await newServer('Busy Hall');
    // Names as long as they are shown, each character one that is escaped: the longest lines there are.
    const long = (i: number): Player => ({
      id: String(8_000_000_000_000_000 + i),
      name: `**${i}**`.padEnd(40, '_*'),
    });
    const timed: { channelId: string; runsOutIn: number }[] = [];
    const untimed: string[] = [];
    for (let i = 0; i < 56; i++) {
      const players = { attackers: long(2 * i), defenders: long(2 * i + 1) };
      if (i % 7 === 6) untimed.push(await started(guildId, players, { perMoveMs: null, casual: true }));
      else if (i % 7 === 5) {
        const mainMs = (3 + i) * MINUTE + 1000;
        timed.push({
          channelId: await started(guildId, players, { fischer: { mainMs, incrementMs: 5000 } }),
          runsOutIn: mainMs,
        });
      } else {
        // Times out of order with the channels, so that the list's order is its own.
        const perMoveMs = (((i * 37) % 56) + 10) * 7 * MINUTE;
        timed.push({ channelId: await started(guildId, players, { perMoveMs }), runsOutIn: perMoveMs });
      }
    }
    // Four more in threads, from challenges accepted as members make them.
    const threadsBefore = world.emulator.threads().length;
    for (let i = 0; i < 4; i++) {
      const [one, other] = [
        world.emulator.addUser(`Thread player ${i}a`),
        world.emulator.addUser(`Thread player ${i}b`),
      ];
      await world.emulator.waitFor(() => world.bots[0].bot.client.users.cache.has(other.id));
      await acceptedChallenge(
        world.emulator,
        one,
        other,
        { variant: 'brandubh', thread: true, time: 'none' },
        { channelId },
      );
    }
    const threads = world.emulator
      .threads()
      .slice(threadsBefore)
      .map((thread) => thread.id);
    expect(threads).toHaveLength(4);

    const first = await world.emulator.slash(ann, 'games', {}, { channelId }).reply();
    expect(first.embeds[0].title).toBe('Games on this server');
    const pages = await allPages(ann, first);
    expect(pages.length).toBeGreaterThan(1);
    const shown = pages.flatMap((page) =>
      linkedChannels({ embeds: [JSON.parse(page)] } as RecordedMessage, guildId),
    );
    expect(new Set(shown).size).toBe(60);
    expect(shown).toHaveLength(60);
    expect(shown.slice(0, timed.length)).toEqual(
      [...timed].sort((a, b) => a.runsOutIn - b.runsOutIn).map((game) => game.channelId),
    );
    expect(new Set(shown.slice(timed.length))).toEqual(new Set([...untimed, ...threads]));
    expect(JSON.parse(pages[0]).footer.text).toBe(`Page 1 of ${pages.length} · 60 games in progress`);
    expect(pages.join('')).toContain('- Brandubh (casual): ');
    // The names are shown as text, never as bold.
    expect(pages.join('')).toContain('\\\\*\\\\*0\\\\*\\\\*');

    // Previous goes back to the page before, as it was.
    const last = world.emulator
      .messages(channelId)
      .find((message) => message.id === first.id) as RecordedMessage;
    const [previous] = buttonIds(last);
    const back = await world.emulator.clickButton(bob, last, previous).reply();
    expect(JSON.stringify(back.embeds[0])).toBe(pages[pages.length - 2]);
    expect(failures()).toEqual([]);
  }, 60_000);
});

describe('/games for one member', () => {
  it('mine:true lists a member’s 20 games, those where it is their turn first, each by time left', async () => {
    const { guildId, channelId } = await newServer('Mia’s Hall');
    const them = playerOf(mia);
    const others = [playerOf(ann), playerOf(bob)];
    const expected = { theirTurn: [] as [number, string][], waiting: [] as [number, string][] };
    for (let i = 0; i < 20; i++) {
      const opponent = others[i % 2];
      // Brandubh's attackers move first: Mia is to move when she has them.
      const hers = i % 3 !== 1;
      const perMoveMs = i % 5 === 4 ? null : ((i * 13) % 20) * 10 * MINUTE + MINUTE;
      const players = hers
        ? { attackers: them, defenders: opponent }
        : { attackers: opponent, defenders: them };
      const channel = await started(guildId, players, { perMoveMs });
      (hers ? expected.theirTurn : expected.waiting).push([perMoveMs ?? Number.POSITIVE_INFINITY, channel]);
    }
    // Others' games are not hers.
    for (let i = 0; i < 5; i++)
      await started(guildId, { attackers: others[0], defenders: others[1] }, { perMoveMs: MINUTE });
    const order = (games: [number, string][]) =>
      [...games].sort((a, b) => a[0] - b[0]).map(([, channel]) => channel);
    const inOrder = [...order(expected.theirTurn), ...order(expected.waiting)];

    const mine = await world.emulator.slash(mia, 'games', { mine: true }, { channelId }).reply();
    expect(mine.embeds[0].title).toBe('Mia: games on this server');
    const pages = await allPages(mia, mine);
    expect(
      pages.flatMap((page) => linkedChannels({ embeds: [JSON.parse(page)] } as RecordedMessage, guildId)),
    ).toEqual(inOrder);

    // Another member asks for hers, and turns the pages: still her games, in her order.
    const asked = await world.emulator.slash(bob, 'games', { member: mia }, { channelId }).reply();
    expect(asked.embeds[0].title).toBe('Mia: games on this server');
    const theirs = await allPages(bob, asked);
    expect(
      theirs.flatMap((page) => linkedChannels({ embeds: [JSON.parse(page)] } as RecordedMessage, guildId)),
    ).toEqual(inOrder);
    expect(JSON.parse(theirs.at(-1) as string).title).toBe('Mia: games on this server');

    const both = await world.emulator.slash(bob, 'games', { mine: true, member: mia }, { channelId }).reply();
    expect(both).toMatchObject({ ephemeral: true, content: 'Choose either `mine` or `member`, not both.' });
    expect(failures()).toEqual([]);
  });
});

describe('a quiet server', () => {
  it('no games: says so, with no pages to turn; a member without games is told too', async () => {
    const { channelId } = await newServer('Quiet Hall');
    const none = await world.emulator.slash(ann, 'games', {}, { channelId }).reply();
    expect(none.embeds[0].description).toBe(
      'No game is being played on this server. Start one with `/challenge`.',
    );
    expect(none.components).toEqual([]);
    const hers = await world.emulator.slash(ann, 'games', { member: bob }, { channelId }).reply();
    expect(hers.embeds[0].description).toBe('Bob has no game in progress on this server.');
  });
});

describe('names in /games', () => {
  it('names with markdown and mentions are shown as text, and ping no one', async () => {
    const { guildId, channelId } = await newServer('Hostile Hall');
    const loud = world.emulator.addUser('**x** @everyone');
    await world.emulator.waitFor(() => world.bots[0].bot.client.users.cache.has(loud.id));
    await started(guildId, {
      attackers: playerOf(loud),
      defenders: { id: '42', name: '<@&123> [link](https://x.y)' },
    });
    const challenge = await world.emulator
      .slash(loud, 'challenge', { opponent: bob, variant: 'brandubh' }, { channelId })
      .reply();
    expect(challenge.ephemeral, challenge.content).toBe(false);

    const listed = await world.emulator.slash(ann, 'games', {}, { channelId }).reply();
    const text = JSON.stringify(listed.embeds[0]);
    expect(text).not.toContain('**x** @everyone');
    expect(text).not.toContain('@everyone');
    expect(text).not.toContain('<@&123>');
    expect(text).not.toContain('](https://x.y)');
    expect(listed.embeds[0].description).toContain('\\*\\*x\\*\\* @\u200beveryone');
    expect(listed.embeds[0].fields[0]).toMatchObject({ name: 'Challenges waiting for an answer' });
    expect(listed.embeds[0].fields[0].value).toContain('\\*\\*x\\*\\* @\u200beveryone');
    expect(listed.allowedMentions).toMatchObject({ parse: [], users: [] });

    const theirs = await world.emulator.slash(ann, 'games', { member: loud }, { channelId }).reply();
    expect(theirs.embeds[0].title).toBe('\\*\\*x\\*\\* @\u200beveryone: games on this server');
  });
});

describe('casual games', () => {
  it('rated:false is said in the challenge and under the board, leaves every rating and standing as it was; a rated game changes them', async () => {
    const { guildId, channelId } = await newServer('Casual Hall');
    const { service, store } = world.bots[0];
    const standingsDoc = () => store.read(keys.standings(guildId));

    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'brandubh', side: 'attackers' },
      { channelId },
    );
    await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    const afterRated = await standingsDoc();
    expect(afterRated?.revision).toBe(1);
    const ratings = await service.sides.balances(guildId);
    const record = await service.records.memberRecord(guildId, ann.id);

    const challenge = await world.emulator
      .slash(
        ann,
        'challenge',
        { opponent: bob, variant: 'brandubh', side: 'attackers', rated: false },
        { channelId },
      )
      .reply();
    expect(challenge.content).toContain(
      '(Ann plays the attackers, a casual game (unrated), and 1 day per move)',
    );
    const waiting = await world.emulator.slash(bob, 'games', {}, { channelId }).reply();
    expect(waiting.embeds[0].fields[0].value).toContain(
      '- **Ann** challenges **Bob** to Brandubh (casual), expires <t:',
    );
    const accepted = world.emulator.clickButton(bob, challenge, buttonIds(challenge)[0]);
    await accepted.reply();
    const board = await world.emulator.waitFor(() =>
      accepted.followUps().find((message) => message.attachments.length > 0),
    );
    expect(board.content).toContain('A casual game: it counts for nothing in the ratings and standings.');
    expect((await service.play.board(tableAt(world.emulator, channelId)))?.casual).toBe(true);
    const listed = await world.emulator.slash(bob, 'games', {}, { channelId }).reply();
    expect(listed.embeds[0].description).toContain(
      '- Brandubh (casual): **Ann** (attackers) against **Bob**',
    );

    const ended = await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect(ended.content).toContain('A casual game: it counts for nothing in the ratings and standings.');
    expect(await standingsDoc()).toEqual(afterRated);
    expect(await service.sides.balances(guildId)).toEqual(ratings);
    expect(await service.records.memberRecord(guildId, ann.id)).toEqual(record);

    // A rematch of a casual game is casual.
    const rematchId = buttonIds(ended).find((id) => id.startsWith('challenge:rematch:')) as string;
    const rematch = await world.emulator.clickButton(bob, ended, rematchId).reply();
    expect(rematch.content).toContain('a casual game (unrated)');
    await world.emulator.clickButton(bob, rematch, buttonIds(rematch)[2]).reply();

    // A rated game again: it counts.
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'brandubh', side: 'attackers' },
      { channelId },
    );
    await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect((await standingsDoc())?.revision).toBe(2);
    expect((await service.records.memberRecord(guildId, ann.id))?.losses).toBe(2);
    expect(await service.sides.balances(guildId)).not.toEqual(ratings);
    expect(failures()).toEqual([]);
  });

  it('against the AI: rated as before unless rated:false', async () => {
    const { channelId } = await newServer('AI Hall');
    const opponent = world.emulator.botUser;
    const options = { opponent, variant: 'brandubh', side: 'attackers', level: 'easy' };
    await world.emulator.slash(ann, 'challenge', options, { channelId }).reply();
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.casual).toBe(false);
    await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    const casual = await world.emulator
      .slash(ann, 'challenge', { ...options, rated: false }, { channelId })
      .reply();
    expect(casual.content).toContain('A casual game: it counts for nothing in the ratings and standings.');
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.casual).toBe(true);
    await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
  });
});
