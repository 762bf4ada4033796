import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import type { EmulatedUser } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { acceptedChallenge, buttonIds, fileWorld, gameChannel, tableAt, worldsPerTest } from './harness.ts';

const world = fileWorld();
/** Ann's Discord client is in German; Bob's in English. */
const ann = world.user('Ann', { locale: 'de' });
const bob = world.user('Bob', { locale: 'en-GB' });
const startTestWorld = worldsPerTest();

describe('replies follow the language of the member’s Discord client', () => {
  it('a refusal is told to each player in their own language, and changes nothing', async () => {
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob });
    const empty = await world.emulator.slash(ann, 'move', { move: 'c3-c5' }, { channelId }).reply();
    expect(empty).toMatchObject({ ephemeral: true, content: 'c3 ist leer' });
    const outOfTurn = await world.emulator.slash(bob, 'move', { move: 'f4-c4' }, { channelId }).reply();
    expect(outOfTurn.ephemeral).toBe(true);
    expect(outOfTurn.content).toBe('It is not your turn: Ann (attackers) is to move.');
    const diagonal = await world.emulator.slash(ann, 'move', { move: 'a4-b5' }, { channelId }).reply();
    expect(diagonal.content).toBe('Figuren ziehen entlang einer Reihe oder Linie');
    expect((await world.bots[0].service.play.board(tableAt(world.emulator, channelId)))?.game.plyCount).toBe(
      0,
    );
  });

  it('the squares only the king may use are named in German, with the variant’s own word', async () => {
    const channelId = await gameChannel(
      world,
      gameWith('fetlar', { king: 'k5', attackers: ['a5'] }, 'attackers'),
      {
        attackers: ann,
        defenders: bob,
      },
    );
    const refused = await world.emulator.slash(ann, 'move', { move: 'a5-a1' }, { channelId }).reply();
    expect(refused).toMatchObject({
      ephemeral: true,
      content: 'nur der König darf auf einem Eckfeld (a1) stehen bleiben',
    });
  });

  it('a move is announced in the mover’s language, with a German caption on the picture', async () => {
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob });
    const german = await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    expect(german.ephemeral).toBe(false);
    expect(german.content).toBe(
      `**Ann** (Angreifer) spielte **d1-d3**. <@${bob.id}> ist am Zug (Verteidiger).`,
    );
    const english = await world.emulator.slash(bob, 'move', { move: 'f4-c4' }, { channelId }).reply();
    expect(english.content).toBe(`**Bob** (defenders) played **f4-c4**. <@${ann.id}> to move (attackers).`);

    // The same position shown to each: the same picture size, a different caption.
    const boardDe = await world.emulator.slash(ann, 'board', {}, { channelId }).reply();
    const boardEn = await world.emulator.slash(bob, 'board', {}, { channelId }).reply();
    expect(boardDe.content).toContain('Zug 2: **Ann** ist am Zug (Angreifer).');
    expect(boardEn.content).toContain('Move 2: **Ann** to move (attackers).');
    const [pictureDe, pictureEn] = [boardDe.attachments[0].data, boardEn.attachments[0].data];
    expect(pictureDe.equals(pictureEn)).toBe(false);
    const [imageDe, imageEn] = await Promise.all([loadImage(pictureDe), loadImage(pictureEn)]);
    expect([imageDe.width, imageDe.height]).toEqual([imageEn.width, imageEn.height]);
  });

  it('a German challenge, accepted from an English client: each answer in its reader’s language', async () => {
    const channelId = world.emulator.createChannel('herausforderung');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const challenge = await world.emulator
      .slash(
        ann,
        'challenge',
        { opponent: bob, variant: 'alea-armed', side: 'defenders', time: '1h' },
        { channelId },
      )
      .reply();
    expect(challenge.content).toContain(
      `<@${bob.id}>, **Ann** fordert dich zu **Alea Evangelii (bewaffneter König)** heraus (Ann spielt die Verteidiger und 1 Stunde pro Zug).`,
    );
    expect(challenge.components[0].components.map((button: { label: string }) => button.label)).toEqual([
      'Annehmen',
      'Ablehnen',
      'Zurückziehen',
    ]);
    const wrongPlayer = await world.emulator.clickButton(ann, challenge, buttonIds(challenge)[0]).reply();
    expect(wrongPlayer).toMatchObject({
      ephemeral: true,
      content: 'Nur das herausgeforderte Mitglied kann diese Herausforderung annehmen.',
    });
    const accepted = world.emulator.clickButton(bob, challenge, buttonIds(challenge)[0]);
    expect((await accepted.reply()).content).toContain('Bob accepted.');
    const board = await world.emulator.waitFor(() =>
      accepted.followUps().find((message) => message.attachments.length > 0),
    );
    expect(board.content).toMatch(/^Alea Evangelii \(armed king\): \*\*Bob\*\* \(attackers\)/);
    expect(board.content).toMatch(/Deadline <t:\d+:R>\./);
  });

  it('/zug autocomplete in German for a German client, in English for an English one', async () => {
    // 19x19, attackers to move: 30 attackers on the c and d files, and s5 on the right edge, which captures r10.
    const left = Array.from({ length: 15 }, (_, index) => [`c${index + 3}`, `d${index + 3}`]).flat();
    const position = () =>
      gameWith(
        'alea-guards',
        { king: 'j10', attackers: [...left, 'q10', 's5'], defenders: ['r10'] },
        'attackers',
      );
    const suggest = (user: EmulatedUser, channelId: string, move: string) =>
      world.emulator.autocomplete(user, 'move', { move }, 'move', { channelId });

    const german = await gameChannel(world, position(), { attackers: ann, defenders: bob });
    const choicesDe = await suggest(ann, german, '');
    expect(choicesDe).toHaveLength(25);
    expect(choicesDe[0]).toEqual({ name: 's5-s10: schlägt r10', value: 's5-s10' });
    const piecesDe = choicesDe.filter((choice) => !String(choice.value).includes('-'));
    expect(piecesDe.length).toBeGreaterThan(0);
    for (const choice of piecesDe) expect(choice.name).toMatch(/^[a-s]\d{1,2}: Angreifer, \d+ Züge?$/);
    const fromS5 = await suggest(ann, german, 's5');
    expect(fromS5.find((choice) => choice.value === 's5-s10')?.name).toBe('s5-s10: schlägt r10');
    expect(fromS5.find((choice) => choice.value === 's5-s9')?.name).toBe('s5-s9');

    const english = await gameChannel(world, position(), { attackers: bob, defenders: ann });
    const choicesEn = await suggest(bob, english, '');
    expect(choicesEn[0]).toEqual({ name: 's5-s10: captures r10', value: 's5-s10' });
    const piecesEn = choicesEn.filter((choice) => !String(choice.value).includes('-'));
    for (const choice of piecesEn) expect(choice.name).toMatch(/^[a-s]\d{1,2}: attacker, \d+ moves?$/);
  });

  it('/rules and /help in German', async () => {
    const rules = await world.emulator.slash(ann, 'rules', { variant: 'alea-guards' }).reply();
    expect(rules.ephemeral).toBe(true);
    expect(rules.embeds[0].title).toBe('Alea Evangelii (Wächterregeln)');
    expect(rules.embeds[0].description).toContain('**Wächter** (die vier Figuren neben dem König)');
    expect(rules.embeds[0].footer.text).toBe('Variante: alea-guards');
    const help = await world.emulator.slash(ann, 'help', {}).reply();
    expect(help.embeds[0].title).toBe('Tafl spielen');
    expect(help.embeds[0].description).toContain('`/zug e5-e8`');
    const english = await world.emulator.slash(bob, 'help', {}).reply();
    expect(english.embeds[0].title).toBe('Playing tafl here');
  });

  it('/standings and /history in German', async () => {
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: ann, defenders: bob });
    await world.emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    const history = await world.emulator.slash(ann, 'history', {}, { channelId }).reply();
    expect(history.embeds[0].footer.text).toBe('Verteidiger am Zug');
    const resigned = await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect(resigned.content).toBe(
      '**Partie beendet.** Die Angreifer haben aufgegeben. **Bob** (Verteidiger) gewinnt.',
    );
    expect(resigned.components[0].components[0].label).toBe('Revanche');
    const standings = await world.emulator.slash(ann, 'standings', { variant: 'fetlar' }).reply();
    expect(standings.embeds[0].title).toBe('Tabelle: Fetlar Hnefatafl');
    expect(standings.embeds[0].description).toContain('Mitglied');
    expect(standings.embeds[0].footer.text).toContain('vorläufige Wertung');
  });
});

describe('messages no one asked for follow the server’s preferred language', () => {
  it('in a German server, the reminder and the loss on time are in German', async () => {
    let now = Date.now();
    const timed = await startTestWorld(1, { now: () => now });
    const { emulator, bots } = timed;
    const guildId = emulator.createGuild('Tafelrunde', { locale: 'de' });
    const channelId = emulator.createChannel('tafl', guildId);
    const amy = emulator.addUser('Amy', { locale: 'en-US' });
    const ben = emulator.addUser('Ben', { locale: 'en-US' });
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      emulator,
      amy,
      ben,
      { variant: 'fetlar', side: 'attackers', time: '10m' },
      { channelId },
    );

    now += 8 * 60 * 1000 + 1000;
    await bots[0].bot.sweep();
    const reminder = await emulator.waitFor(() =>
      emulator.messages(channelId).find((message) => message.content.includes('80 % deiner Zeit')),
    );
    expect(reminder.content).toMatch(
      new RegExp(`^<@${amy.id}>, 80 % deiner Zeit für diesen Zug sind verbraucht`),
    );

    now += 2 * 60 * 1000;
    await bots[0].bot.sweep();
    const ending = await emulator.waitFor(() =>
      emulator.messages(channelId).find((message) => message.content.includes('abgelaufen')),
    );
    expect(ending.content).toBe(
      '**Partie beendet.** Die Zeit der Angreifer ist abgelaufen. **Ben** (Verteidiger) gewinnt.',
    );
  });
});
