/**
 * Ratings per side and the side balance, end to end: games played through slash commands, then
 * /standings ranked by side, a member's record with both side ratings, and each variant's balance.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { acceptedChallenge, fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const cat = world.user('Cat');
const dora = world.user('Dora', { locale: 'de' });

const fieldOf = (message: RecordedMessage, name: string): string =>
  (message.embeds[0].fields ?? []).find((field: { name: string }) => field.name === name)?.value ?? '';

/** A game of Fetlar between the two, the attackers playing `moves` (one each turn answered by `answers`), then `loser` resigns. */
async function played(
  attackers: EmulatedUser,
  defenders: EmulatedUser,
  { moves, loser }: { moves: string[]; loser: EmulatedUser },
): Promise<void> {
  const channelId = await gameChannel(world, new Game('fetlar'), { attackers, defenders });
  for (const move of moves) {
    const player = moves.indexOf(move) % 2 === 0 ? attackers : defenders;
    const reply = await world.emulator.slash(player, 'move', { move }, { channelId }).reply();
    expect(reply.ephemeral, reply.content).toBe(false);
  }
  const resigned = await world.emulator.slash(loser, 'resign', {}, { channelId }).reply();
  expect(resigned.ephemeral, resigned.content).toBe(false);
  expect(await world.bots[0].service.play.board(tableAt(world.emulator, channelId))).toBeNull();
}

/** The rows of the table in a /standings embed: name and the last column. */
function rows(message: RecordedMessage): { name: string; rating: string }[] {
  const lines = (message.embeds[0].description as string).split('\n').filter((line) => /^\s*\d+ /.test(line));
  return lines.map((line) => {
    const [, name] = /^\s*\d+\s+(\S+)/.exec(line) ?? [];
    return { name, rating: line.trim().split(/\s+/).at(-1) ?? '' };
  });
}

describe('ratings per side', () => {
  it('a member who wins as attackers and loses as defenders: attackers rating up, defenders down, overall as before', async () => {
    // Ann attacks and Bob resigns after 3 plies; then Bob attacks and Ann resigns after 1 ply.
    await played(ann, bob, { moves: ['d1-d3', 'f4-c4', 'h1-h3'], loser: bob });
    await played(bob, ann, { moves: ['d1-d3'], loser: ann });

    const record = await world.emulator.slash(cat, 'standings', { member: ann, variant: 'fetlar' }).reply();
    expect(record.ephemeral).toBe(false);
    const ratings = fieldOf(record, 'Ratings by side');
    const [, overall, attacking, defending] =
      /Fetlar Hnefatafl: (\d+)±\d+\?? overall · (\d+)±\d+\?? as attackers · (\d+)±\d+\?? as defenders/.exec(
        ratings,
      ) ?? [];
    expect(Number(attacking)).toBeGreaterThan(1500);
    expect(Number(defending)).toBeLessThan(1500);
    // Overall, one win and one loss against the same opponent, as the table has always rated it.
    const table = await world.bots[0].service.records.standings(world.emulator.guildId, 'fetlar');
    expect(Number(overall)).toBe(table.find((row) => row.userId === ann.id)?.rating?.value);
    expect(table.find((row) => row.userId === ann.id)).toMatchObject({ wins: 1, losses: 1 });

    // Without a variant: one line per variant played.
    const anyVariant = await world.emulator.slash(cat, 'standings', { member: bob }).reply();
    expect(fieldOf(anyVariant, 'Ratings by side')).toMatch(/^Fetlar Hnefatafl: \d+±\d+\?? overall/);
  });

  it('/standings side: ranks a variant by the rating on that side; members who never played it come last', async () => {
    // Ann wins as attackers again, against Cat, after 2 plies; Cat attacks Dora and resigns at once.
    await played(ann, cat, { moves: ['d1-d3', 'f4-c4'], loser: cat });
    await played(cat, dora, { moves: [], loser: cat });
    const byAttackers = await world.emulator
      .slash(cat, 'standings', { variant: 'fetlar', side: 'attackers' })
      .reply();
    expect(byAttackers.ephemeral).toBe(false);
    expect(byAttackers.embeds[0].title).toBe('Standings: Fetlar Hnefatafl, ranked as attackers');
    expect(byAttackers.embeds[0].footer?.text).toContain('rating as attackers');
    const attackers = rows(byAttackers);
    // Ann won twice as attackers, Bob once, Cat lost; Dora never attacked: her row has no rating.
    expect(attackers.map((row) => row.name)).toEqual(['Ann', 'Bob', 'Cat', 'Dora']);
    const value = (rating: string) => Number(rating.split('±')[0]);
    expect(value(attackers[0].rating)).toBeGreaterThan(value(attackers[1].rating));
    expect(value(attackers[1].rating)).toBeGreaterThan(1500);
    expect(value(attackers[2].rating)).toBeLessThan(1500);
    expect(attackers[3].rating).not.toContain('±');
    // The overall table ranks otherwise: there Ann, strong as attackers only, is third.
    const overallRows = rows(await world.emulator.slash(cat, 'standings', { variant: 'fetlar' }).reply());
    expect(overallRows.map((row) => row.name)).toEqual(['Dora', 'Bob', 'Ann', 'Cat']);

    const byDefenders = await world.emulator
      .slash(cat, 'standings', { variant: 'fetlar', side: 'defenders' })
      .reply();
    expect(byDefenders.embeds[0].title).toBe('Standings: Fetlar Hnefatafl, ranked as defenders');
    const defenders = rows(byDefenders);
    // Dora won her one game as defenders; everyone else lost theirs.
    expect(defenders[0]).toMatchObject({ name: 'Dora' });
    expect(value(defenders[0].rating)).toBeGreaterThan(1500);
    const rated = defenders.map((row) => value(row.rating));
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect(rated.slice(1).every((rating) => rating < 1500)).toBe(true);

    // `overall` is the table as it always was.
    const overall = await world.emulator
      .slash(cat, 'standings', { variant: 'fetlar', side: 'overall' })
      .reply();
    expect(overall.embeds[0].title).toBe('Standings: Fetlar Hnefatafl');
    expect(rows(overall)).toEqual(overallRows);
  });

  it('refuses a side without a variant, or with a member, privately and with the reason', async () => {
    const noVariant = await world.emulator.slash(cat, 'standings', { side: 'attackers' }).reply();
    expect(noVariant).toMatchObject({
      ephemeral: true,
      content: 'Ratings are kept per variant: choose a variant to rank the table by side.',
    });
    const withMember = await world.emulator
      .slash(cat, 'standings', { variant: 'fetlar', side: 'defenders', member: ann })
      .reply();
    expect(withMember.ephemeral).toBe(true);
    expect(withMember.content).toContain('already shows their ratings on both sides');
  });
});

describe('the side balance', () => {
  it('shows each variant’s wins per side, draws and median length, in the member’s language', async () => {
    // So far in Fetlar: attackers won 3 games (3, 1 and 2 plies), defenders 1 (0 plies). A draw at 2 plies makes five.
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: bob, defenders: cat });
    await world.emulator.slash(bob, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await world.emulator.slash(cat, 'move', { move: 'f4-c4' }, { channelId }).reply();
    await world.emulator.slash(bob, 'draw', {}, { channelId }).reply();
    expect((await world.emulator.slash(cat, 'draw', {}, { channelId }).reply()).content).toContain('drawn');
    // Two games of Brandubh: the defenders win at once, then the attackers after 1 ply.
    const first = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: dora });
    await world.emulator.slash(ann, 'resign', {}, { channelId: first }).reply();
    const second = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: dora });
    await world.emulator.slash(ann, 'move', { move: 'd1-b1' }, { channelId: second }).reply();
    await world.emulator.slash(dora, 'resign', {}, { channelId: second }).reply();

    const fetlarLine = 'Fetlar Hnefatafl: attackers won 3, defenders won 1, 1 drawn · median length 2 plies';
    const brandubhLine = 'Brandubh: attackers won 1, defenders won 1, 0 drawn · median length 0.5 plies';
    const fetlar = await world.emulator.slash(cat, 'standings', { variant: 'fetlar' }).reply();
    expect(fieldOf(fetlar, 'Side balance')).toBe(fetlarLine);
    const all = await world.emulator.slash(cat, 'standings').reply();
    expect(fieldOf(all, 'Side balance').split('\n')).toEqual([fetlarLine, brandubhLine]);
    const german = await world.emulator.slash(dora, 'standings').reply();
    expect(fieldOf(german, 'Bilanz der Seiten').split('\n')[1]).toBe(
      'Brandubh: Angreifer gewannen 1, Verteidiger gewannen 1, 0 Remis · Länge im Median 0,5 Halbzüge',
    );
  });
});

describe('a two-game match', () => {
  it('is one result in the overall table, and two games on their sides', async () => {
    const channelId = world.emulator.createChannel('side-match');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'tablut', side: 'attackers', match: true },
      { channelId },
    );
    // Game 1: Bob (defenders) resigns; game 2, sides swapped: Ann (defenders) resigns.
    expect((await world.emulator.slash(bob, 'resign', {}, { channelId }).reply()).ephemeral).toBe(false);
    expect((await world.emulator.slash(ann, 'resign', {}, { channelId }).reply()).ephemeral).toBe(false);

    const rows = await world.bots[0].service.records.standings(world.emulator.guildId, 'tablut');
    expect(rows.map((row) => row.games)).toEqual([1, 1]);
    const table = await world.emulator.slash(cat, 'standings', { variant: 'tablut' }).reply();
    expect(fieldOf(table, 'Side balance')).toBe(
      'Tablut: attackers won 2, defenders won 0, 0 drawn · median length 0 plies',
    );
    const record = await world.emulator.slash(cat, 'standings', { member: bob, variant: 'tablut' }).reply();
    expect(fieldOf(record, 'Ratings by side')).toMatch(
      /^Tablut: \d+±\d+\? overall · 1662±290\? as attackers · 1338±290\? as defenders$/,
    );
  });
});
