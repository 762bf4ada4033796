/**
 * Accuracy through the real client and the emulator: /analyze shows each player's accuracy and
 * counts of inaccuracies, mistakes and blunders, in the member's language; /standings' member
 * record shows the average over their reviewed games; a review kept before accuracy still shows.
 */
import { describe, expect, it } from 'vitest';
import type { GameReview } from '../../src/analysis/review.ts';
import type { EmulatedUser } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld(1, { analysisMsPerPosition: 120 });
const cara = world.user('Cara');
const dan = world.user('Dan');
const cat = world.user('Cat');

/** Fetlar: the attackers give up the blocker on c1 and the king runs to the corner; the game's id. */
async function finishedWithBlunder(attackers: EmulatedUser, defenders: EmulatedUser): Promise<string> {
  const game = gameWith(
    'fetlar',
    { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
    'attackers',
  );
  const channelId = await gameChannel(world, game, { attackers, defenders });
  await world.emulator.slash(attackers, 'move', { move: 'c1-c2' }, { channelId }).reply();
  const last = await world.emulator.slash(defenders, 'move', { move: 'e1-a1' }, { channelId }).reply();
  expect(last.content).toContain('**Game over.**');
  const record = await world.bots[0].service.records.gameForRecord(tableAt(world.emulator, channelId));
  if (!record?.finished) throw new Error('the game did not end');
  return record.id;
}

/** The review's embed once it is shown. */
async function analyze(member: EmulatedUser, game: string) {
  const shown = await world.emulator.slash(member, 'analyze', { game }).reply();
  await world.emulator.waitFor(() => shown.embeds.length > 0, 30_000);
  expect(shown.ephemeral).toBe(false);
  return shown.embeds[0];
}

describe('accuracy in /analyze and /standings', () => {
  it('/analyze shows each player’s accuracy and counts, in English and in Polish; /standings the average', async () => {
    const id = await finishedWithBlunder(cara, dan);
    const embed = await analyze(cat, id);
    const [attackers, defenders] = embed.fields;
    expect(attackers.name).toBe('Cara, attackers');
    expect(attackers.value).toMatch(/^Accuracy \*\*\d+\.\d\*\*\n0 inaccuracies · 0 mistakes · 1 blunder$/);
    expect(defenders.name).toBe('Dan, defenders');
    expect(defenders.value).toBe('Accuracy **100.0**\n0 inaccuracies · 0 mistakes · 0 blunders');
    // The blunder gave away most of the attackers' chance: their one move scores low.
    const caraAccuracy = Number(/\*\*(\d+\.\d)\*\*/.exec(attackers.value)?.[1]);
    expect(caraAccuracy).toBeLessThan(40);
    expect(embed.fields[2].value).toMatch(/^1\. \*\*c1-c2\*\* blunder, −\d+%; better [a-k]\d+-[a-k]\d+$/);
    expect(embed.footer?.text).toContain('10 points of it is an inaccuracy, 20 a mistake, 30 a blunder');

    const polish = world.user('Piotr', { locale: 'pl' });
    const inPolish = await analyze(polish, id);
    expect(inPolish.fields[0].name).toBe('Cara, atakujący');
    expect(inPolish.fields[0].value).toBe(
      `Dokładność **${caraAccuracy.toFixed(1).replace('.', ',')}**\n0 niedokładności · 0 błędów · 1 gruby błąd`,
    );
    expect(inPolish.fields[1].value).toBe(
      'Dokładność **100,0**\n0 niedokładności · 0 błędów · 0 grubych błędów',
    );

    // The member record: the average over Cara's one reviewed game, counted once though asked twice.
    const record = await world.emulator.slash(cat, 'standings', { member: cara }).reply();
    expect(record.embeds[0].description).toContain(
      `Average accuracy **${caraAccuracy.toFixed(1)}** in 1 reviewed game (\`/analyze\`).`,
    );
    const inGerman = await world.emulator
      .slash(world.user('Greta', { locale: 'de' }), 'standings', { member: dan })
      .reply();
    expect(inGerman.embeds[0].description).toContain(
      'Durchschnittliche Genauigkeit **100,0** in 1 analysierten Partie (`/analysieren`).',
    );

    // A second reviewed game: the average of the two.
    const second = await finishedWithBlunder(cara, dan);
    const again = await analyze(cara, second);
    const secondAccuracy = Number(/\*\*(\d+\.\d)\*\*/.exec(again.fields[0].value)?.[1]);
    const average = Math.round(((caraAccuracy + secondAccuracy) / 2) * 10) / 10;
    const both = await world.emulator.slash(cat, 'standings', { member: cara, variant: 'fetlar' }).reply();
    expect(both.embeds[0].description).toContain(
      `Average accuracy **${average.toFixed(1)}** over 2 reviewed games (\`/analyze\`).`,
    );
  });

  it('a member with no reviewed game: the record says nothing of accuracy', async () => {
    const eve = world.user('Eve');
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a4'], defenders: ['c3'] }, 'attackers');
    const channelId = await gameChannel(world, game, { attackers: eve, defenders: cat });
    await world.bots[0].service.play.resign(tableAt(world.emulator, channelId), {
      id: eve.id,
      name: eve.globalName ?? eve.username,
    });
    const record = await world.emulator.slash(cat, 'standings', { member: eve }).reply();
    expect(record.embeds[0].description).toContain('1 lost');
    expect(record.embeds[0].description).not.toContain('accuracy');
  });

  it('a review kept before accuracy was still shows, its accuracy worked out from its scores', async () => {
    const id = await finishedWithBlunder(world.user('Old'), world.user('Timer'));
    const guildId = world.emulator.guildId;
    // As /analyze kept reviews before: no winning chances, no accuracy, verdicts by the score alone.
    const old: GameReview = {
      schema: 1,
      evalStart: -40,
      moves: [
        {
          ply: 1,
          side: 'attackers',
          notation: 'c1-c2',
          evalAfter: 1000,
          loss: 960,
          better: 'c1-b1',
          verdict: 'blunder',
          kingThreatened: false,
          captured: 0,
        },
        {
          ply: 2,
          side: 'defenders',
          notation: 'e1-a1',
          evalAfter: 1000,
          loss: 0,
          better: null,
          verdict: null,
          kingThreatened: false,
          captured: 0,
        },
      ],
      worst: { attackers: [], defenders: [] },
      msPerPosition: 200,
    };
    old.worst.attackers.push(old.moves[0]);
    await world.bots[0].service.records.saveReview(guildId, id, old);
    const embed = await analyze(cat, id);
    expect(embed.fields[0].name).toBe('Old, attackers');
    expect(embed.fields[0].value).toMatch(
      /^Accuracy \*\*\d+\.\d\*\*\n0 inaccuracies · 0 mistakes · 1 blunder$/,
    );
    expect(embed.fields[1].value).toBe('Accuracy **100.0**\n0 inaccuracies · 0 mistakes · 0 blunders');
    // Its worst move as it was kept: the score's swing.
    expect(embed.fields[2].value).toBe('1. **c1-c2** blunder, −9.6; better c1-b1');
  });
});
