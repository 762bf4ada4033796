/**
 * Tournaments through the real client and the emulator: a round robin played to its end, a Swiss
 * with a bye and a withdrawal, a game lost on time, and the organiser's forfeit. Games are ended
 * quickly with /resign in their threads.
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.ts';
import { Tournaments } from '../../src/tournament/service.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { buttonIds, type FileWorld, fileWorld, tableAt } from './harness.ts';

/** Discord's Send Messages permission alone: a member who may not manage events. */
const SEND_MESSAGES = String(1 << 11);

let now = Date.now();
const world = fileWorld(1, { now: () => now });
const organiser = world.user('Olga');
const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'];
const members = names.map((name) => world.user(name, { permissions: SEND_MESSAGES }));
const byId = () => new Map(members.map((member) => [member.id, member]));

beforeAll(async () => {
  await world.emulator.waitFor(() =>
    members.every((member) => world.bots[0].bot.client.users.cache.has(member.id)),
  );
});

/** A new channel the bot has seen. */
async function channel(world: FileWorld, name: string): Promise<string> {
  const channelId = world.emulator.createChannel(name);
  await world.emulator.waitFor(() => world.bots.every((b) => b.bot.client.channels.cache.has(channelId)));
  return channelId;
}

/** Creates a tournament, has `players` join with the button, and starts it; returns the sign-up message. */
async function signUp(
  channelId: string,
  options: Record<string, string | number | boolean>,
  players: EmulatedUser[],
): Promise<RecordedMessage> {
  const { emulator } = world;
  const signup = await emulator.slash(organiser, 'tournament create', options, { channelId }).reply();
  expect(signup.ephemeral, signup.content).toBe(false);
  const [join, , start] = buttonIds(signup);
  for (const player of players) await emulator.clickButton(player, signup, join).reply();
  expect(signup.content).toContain(`${players.length} players:`);
  // Only the organiser starts it.
  const refused = await emulator.clickButton(players[0], signup, start).reply();
  expect(refused.ephemeral).toBe(true);
  await emulator.clickButton(organiser, signup, start).reply();
  expect(signup.components).toEqual([]);
  return signup;
}

const threadsOf = (channelId: string) => world.emulator.threads().filter((t) => t.parentId === channelId);

/** The round's threads, once all `count` are open with their games started and announced. */
async function roundThreads(channelId: string, round: number, count: number) {
  const { emulator, bots } = world;
  const prefix = `Round ${round}:`;
  await emulator.waitFor(
    () =>
      emulator.messages(channelId).some((m) => m.content.includes(`, round ${round} of`)) &&
      threadsOf(channelId).filter((t) => t.name.startsWith(prefix)).length === count,
  );
  const threads = threadsOf(channelId).filter((t) => t.name.startsWith(prefix));
  for (const thread of threads) {
    const opening = emulator.messages(thread.id)[0];
    expect(opening.content).toContain(`round ${round}:`);
    expect(opening.attachments[0].filename).toBe('board.png');
    expect(opening.allowedMentions.users).toHaveLength(2);
  }
  return Promise.all(
    threads.map(async (thread) => {
      const active = await bots[0].service.play.board(tableAt(emulator, thread.id));
      expect(active?.tournament?.round).toBe(round);
      return { threadId: thread.id, game: active! };
    }),
  );
}

/** The loser resigns in the thread. */
async function resign(threadId: string, loser: string) {
  const reply = await world.emulator.slash(byId().get(loser)!, 'resign', {}, { channelId: threadId }).reply();
  expect(reply.content).toContain('resigned');
}

const standingsMessages = (channelId: string) =>
  world.emulator
    .messages(channelId)
    .filter((m) => m.attachments.some((a) => a.filename === 'crosstable.png'));

describe('a round robin of four, to the end', () => {
  it('opens a thread per game each round, posts the standings after each, and the final crosstable', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'round-robin');
    const four = members.slice(0, 4);
    await signUp(channelId, { name: 'Spring Cup', variant: 'brandubh', format: 'round-robin' }, four);
    // Berger: round 1 is 1-4, 2-3; the lower seed of each game resigns, so seed 1 (Ann) wins everything.
    for (let round = 1; round <= 3; round++) {
      const games = await roundThreads(channelId, round, 2);
      for (const { threadId, game } of games) {
        const seeds = [game.players.attackers.id, game.players.defenders.id].sort(
          (a, b) => four.findIndex((p) => p.id === a) - four.findIndex((p) => p.id === b),
        );
        await resign(threadId, seeds[1]);
      }
      await emulator.waitFor(() => standingsMessages(channelId).length === round, 8000);
    }
    const posts = standingsMessages(channelId);
    expect(posts[0].content).toContain('**Spring Cup**: standings after round 1 of 3');
    expect(posts[1].content).toContain('standings after round 2 of 3');
    const final = posts[2];
    expect(final.content).toContain('**Spring Cup** is over: the final standings');
    expect(final.content).toContain(`Winner: <@${four[0].id}>`);
    const table = final.embeds[0].description as string;
    expect(table).toMatch(/1 +Ann +3 +\S+ +× +1 +1 +1/);
    expect(table).toMatch(/4 +Dee +0 /);
    const picture = final.attachments[0].data;
    expect(picture.subarray(1, 4).toString()).toBe('PNG');
    writeFileSync('/tmp/crosstable-round-robin.png', picture);
    // The sign-up message says it is over, without buttons.
    const signup = emulator.messages(channelId).find((m) => m.content.startsWith('**Spring Cup**: a '));
    await emulator.waitFor(() => signup?.content.includes('The tournament is over') === true);
    expect(signup?.components ?? []).toEqual([]);
    // No more rounds, no more threads; everyone's games were rated as usual.
    expect(threadsOf(channelId)).toHaveLength(6);
    const rated = await bots[0].service.records.standings(emulator.guildId);
    expect(rated.find((row) => row.userId === four[0].id)?.wins).toBe(3);
    // /tournament standings at any time: the same table.
    const asked = await emulator.slash(four[2], 'tournament standings', {}, { channelId }).reply();
    expect(asked.ephemeral).toBe(false);
    expect(asked.embeds[0].description).toBe(table);
  });
});

describe('a Swiss of five, with a bye and a withdrawal', () => {
  it('gives the lowest seed the bye, forfeits the game of a player who withdraws, and pairs them no more', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'swiss');
    const [ann, bob, cid, dee, eve] = members;
    await signUp(
      channelId,
      { name: 'Swiss Open', variant: 'tablut', format: 'swiss', rounds: 3, time: '1d' },
      members,
    );
    const first = await roundThreads(channelId, 1, 2);
    const announcement = emulator
      .messages(channelId)
      .find((m) => m.content.includes('Swiss Open**, round 1 of 3'));
    expect(announcement?.content).toContain('Eve has a bye (a point).');
    // Dutch round 1: 1-3 and 4-2 (the top half against the bottom half, sides alternating).
    const pairs = first.map(({ game }) =>
      [game.players.attackers.name, game.players.defenders.name].join('-'),
    );
    expect(pairs.sort()).toEqual(['Ann-Cid', 'Dee-Bob']);

    // Bob withdraws mid-game: his game ends without a result and is forfeited to Dee.
    const bobs = first.find(({ game }) => game.players.defenders.id === bob.id)!;
    const withdrew = await emulator
      .slash(bob, 'tournament withdraw', {}, { channelId: bobs.threadId })
      .reply();
    expect(withdrew.ephemeral, withdrew.content).toBe(false);
    expect(withdrew.content).toContain('**Bob** withdrew from **Swiss Open**');
    expect(await bots[0].service.play.board(tableAt(emulator, bobs.threadId))).toBeNull();
    const again = await emulator.slash(bob, 'tournament withdraw', {}, { channelId }).reply();
    expect(again.content).toBe('That member has already left the tournament.');

    await resign(first.find(({ game }) => game.players.attackers.id === ann.id)!.threadId, cid.id);
    await emulator.waitFor(() => standingsMessages(channelId).length === 1);
    // Round 2: the four still playing, no bye; Bob is paired no more.
    const second = await roundThreads(channelId, 2, 2);
    const playing = second.flatMap(({ game }) => [game.players.attackers.id, game.players.defenders.id]);
    expect(playing.sort()).toEqual([ann.id, cid.id, dee.id, eve.id].sort());
    for (const { threadId, game } of second) await resign(threadId, game.players.defenders.id);
    const third = await roundThreads(channelId, 3, 2);
    for (const { threadId, game } of third) await resign(threadId, game.players.attackers.id);
    await emulator.waitFor(() => standingsMessages(channelId).some((m) => m.content.includes('is over')));
    const final = standingsMessages(channelId).at(-1)!;
    const table = final.embeds[0].description as string;
    expect(table).toContain('Bob †');
    expect(table).toMatch(/R1 +R2 +R3/);
    expect(table).toContain('bye 1');
    expect(table).toMatch(/Bob †.* − /);
    expect(final.embeds[0].footer.text).toContain('Buchholz');
    writeFileSync('/tmp/crosstable-swiss.png', final.attachments[0].data);
    // No round 4 was paired.
    expect(threadsOf(channelId)).toHaveLength(6);
  });
});

describe('a game lost on time, and the organiser’s forfeit', () => {
  it('a game whose clock runs out is recorded as any other result', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'blitz');
    const [ann, bob] = members;
    await signUp(channelId, { name: 'Blitz', variant: 'brandubh', format: 'round-robin', time: '10m' }, [
      ann,
      bob,
    ]);
    const [{ threadId, game }] = await roundThreads(channelId, 1, 1);
    expect(game.clock?.perMoveMs).toBe(10 * 60 * 1000);
    now += 11 * 60 * 1000;
    await bots[0].bot.sweep();
    expect(emulator.messages(threadId).some((m) => m.content.includes('ran out of time'))).toBe(true);
    await emulator.waitFor(() => standingsMessages(channelId).some((m) => m.content.includes('is over')));
    const final = standingsMessages(channelId).at(-1)!;
    // The attackers (Ann, seed 1) were to move and lost on time.
    expect(final.content).toContain(`Winner: <@${bob.id}>`);
  });

  it('the organiser forfeits a stalled game: the player named loses it, the next round opens', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'stalled');
    const [ann, bob, cid] = members;
    await signUp(channelId, { name: 'Trio', variant: 'brandubh', format: 'round-robin' }, [ann, bob, cid]);
    // Three players: round 1 is 2-3, seed 1 has the round off.
    const [{ threadId }] = await roundThreads(channelId, 1, 1);
    const refused = await emulator.slash(ann, 'tournament forfeit', { player: cid }, { channelId }).reply();
    expect(refused.content).toBe(
      'Only its organiser, or a member who may manage events, can do that to a tournament.',
    );
    const forfeited = await emulator
      .slash(organiser, 'tournament forfeit', { player: cid }, { channelId })
      .reply();
    expect(forfeited.content).toContain("declared **Cid**'s game forfeited");
    expect(await bots[0].service.play.board(tableAt(emulator, threadId))).toBeNull();
    await roundThreads(channelId, 2, 1);
    const table = standingsMessages(channelId)[0].embeds[0].description as string;
    expect(table).toMatch(/1 +Bob +1 +.*\+/);
    expect(table).toMatch(/Cid +0 +.*−/);
    // Cancelled: the game under way ends without a result, nothing more is paired.
    const cancelled = await emulator.slash(organiser, 'tournament cancel', {}, { channelId }).reply();
    expect(cancelled.content).toContain('cancelled **Trio**');
    const [round2] = threadsOf(channelId).filter((t) => t.name.startsWith('Round 2:'));
    expect(await bots[0].service.play.board(tableAt(emulator, round2.id))).toBeNull();
    await bots[0].bot.sweep();
    expect(threadsOf(channelId)).toHaveLength(2);
  });
});

describe('a tournament game a moderator aborts', () => {
  it('ends without a result, and the tournament channel hears that its organiser decides', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'aborted');
    const [ann, bob] = members;
    await signUp(channelId, { name: 'Duel', variant: 'brandubh', format: 'round-robin' }, [ann, bob]);
    const [{ threadId }] = await roundThreads(channelId, 1, 1);
    // Olga may manage messages too (no permissions given: all of them).
    const aborted = await emulator.slash(organiser, 'abort', {}, { channelId: threadId }).reply();
    expect(aborted.ephemeral).toBe(false);
    expect(await bots[0].service.play.board(tableAt(emulator, threadId))).toBeNull();
    await bots[0].bot.sweep();
    await emulator.waitFor(() =>
      emulator
        .messages(channelId)
        .some((m) => m.content.includes(`<#${threadId}> was ended without a result`)),
    );
    const note = emulator.messages(channelId).find((m) => m.content.includes('was ended without a result'));
    expect(note?.content).toContain('/tournament forfeit');
    expect(note?.allowedMentions.users ?? []).toEqual([]);
    // Nothing was recorded: no standings, no next round until the organiser decides.
    expect(standingsMessages(channelId)).toEqual([]);
  });

  it('a withdrawal forfeits its game itself: no note that the organiser must decide', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'withdrawn');
    const [ann, bob] = members;
    await signUp(channelId, { name: 'Pair', variant: 'brandubh', format: 'round-robin' }, [ann, bob]);
    await roundThreads(channelId, 1, 1);
    const left = await emulator.slash(bob, 'tournament withdraw', {}, { channelId }).reply();
    expect(left.ephemeral).toBe(false);
    await bots[0].bot.sweep();
    await emulator.waitFor(() => standingsMessages(channelId).some((m) => m.content.includes('is over')));
    expect(emulator.messages(channelId).some((m) => m.content.includes('was ended without a result'))).toBe(
      false,
    );
  });
});

describe('creating a tournament', () => {
  it('needs Manage Events, and refuses an option its format cannot use, with the reason', async () => {
    const { emulator } = world;
    const channelId = await channel(world, 'refusals');
    const options = { name: 'Nope', variant: 'fetlar', format: 'round-robin' };
    const member = await emulator.slash(members[0], 'tournament create', options, { channelId }).reply();
    expect(member.ephemeral).toBe(true);
    expect(member.content).toBe('Only members who may manage events can create a tournament.');
    const rounds = await emulator
      .slash(organiser, 'tournament create', { ...options, rounds: 3 }, { channelId })
      .reply();
    expect(rounds.content).toContain('The number of rounds is for a Swiss');
    const double = await emulator
      .slash(organiser, 'tournament create', { ...options, format: 'swiss', double: true }, { channelId })
      .reply();
    expect(double.content).toContain('`double` is for a round robin');
    // One tournament under way per channel.
    await emulator.slash(organiser, 'tournament create', options, { channelId }).reply();
    const second = await emulator.slash(organiser, 'tournament create', options, { channelId }).reply();
    expect(second.content).toContain('This channel already has a tournament under way');
    // Autocomplete offers the server's tournaments by name.
    const offered = await emulator.autocomplete(
      members[0],
      'tournament standings',
      { tournament: 'nop' },
      'tournament',
    );
    expect(offered.map((choice) => choice.name)).toEqual(['Nope']);
  });
});

describe('a process that dies while opening a round', () => {
  it('leaves the round to the next process once its claim lapses', async () => {
    const { emulator, bots } = world;
    const channelId = await channel(world, 'takeover');
    // Made and started straight in the store, as a process would; then this "process" claims the
    // round's opening and dies before opening anything.
    const tournaments = new Tournaments(bots[0].store, bots[0].service, { now: () => now });
    const created = await tournaments.signup.create({
      guildId: emulator.guildId,
      channelId,
      name: 'Phoenix',
      variant: getVariant('brandubh'),
      format: 'round-robin',
      rounds: null,
      time: 'none',
      double: false,
      organiser: { id: organiser.id, name: 'Olga' },
    });
    if (!created.ok) throw new Error(created.code);
    for (const member of members.slice(0, 2))
      await tournaments.signup.join(emulator.guildId, created.value.id, {
        id: member.id,
        name: member.globalName ?? member.username,
      });
    await tournaments.signup.start(
      emulator.guildId,
      created.value.id,
      { id: organiser.id, name: 'Olga' },
      false,
    );
    expect(await tournaments.rounds.claimOpenings()).toEqual([
      { guildId: emulator.guildId, entry: `${created.value.id}|1` },
    ]);
    await bots[0].bot.sweep();
    expect(threadsOf(channelId)).toHaveLength(0);
    // Two minutes on, the claim has lapsed: the next sweep opens the round.
    now += 121_000;
    await bots[0].bot.sweep();
    const [{ game }] = await roundThreads(channelId, 1, 1);
    expect(game.tournament?.id).toBe(created.value.id);
  });
});
