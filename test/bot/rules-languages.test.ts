/**
 * `/rules` through the real client and the emulator answers in the language of the member's
 * Discord client, for a built-in variant and for a server's own variant from a rules string; so do
 * a game's title in /history and the terms of a challenge.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { fileWorld, gameChannel } from './harness.ts';

/** Brandubh, but the king escapes to any edge square and attackers move first. */
const EDGE_BRANDUBH = 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

const world = fileWorld();
const mod = world.user('Mod');
const yuki = world.user('Yuki', { locale: 'ja' });
const sven = world.user('Sven', { locale: 'sv-SE' });
const ana = world.user('Ana', { locale: 'pt-BR' });

describe('/rules in the member’s language', () => {
  it('a built-in variant in Japanese, Swedish and Portuguese, each whole and private', async () => {
    const japanese = await world.emulator.slash(yuki, 'rules', { variant: 'copenhagen' }).reply();
    expect(japanese.ephemeral).toBe(true);
    expect(japanese.embeds[0].title).toBe('Copenhagen Hnefatafl');
    expect(japanese.embeds[0].description).toMatch(/^\*\*盤\*\* 11x11マスの盤です。/);
    expect(japanese.embeds[0].description).toContain('**盾の壁**');
    expect(japanese.embeds[0].description).toContain('**出口の砦**');
    expect(japanese.embeds[0].footer.text).toBe('バリアント：copenhagen');

    const swedish = await world.emulator.slash(sven, 'rules', { variant: 'tablut' }).reply();
    expect(swedish.embeds[0].description).toContain(
      'Försvararna vinner när kungen når en ruta på brädets kant.',
    );
    const portuguese = await world.emulator.slash(ana, 'rules', { variant: 'alea-guards' }).reply();
    expect(portuguese.embeds[0].description).toContain('**Os guardas** (as quatro peças ao lado do rei)');
    expect(portuguese.embeds[0].description).toContain(
      'O centro e os 16 pontos de cidadela (o bloco de 2x2 em cada canto) são reservados ao rei',
    );
  });

  it('a server’s own variant in Swedish, its rules string beside it', async () => {
    const added = await world.emulator
      .slash(mod, 'variant add', { name: 'Kantbrandubh', rules: EDGE_BRANDUBH })
      .reply();
    expect(added.content).toContain('`server:kantbrandubh`');
    const swedish = await world.emulator.slash(sven, 'rules', { variant: 'server:kantbrandubh' }).reply();
    expect(swedish.embeds[0].title).toBe('Kantbrandubh');
    expect(swedish.embeds[0].description).toContain(
      '**Brädet** 7x7 rutor. 8 angripare mot kungen och 4 försvarare.',
    );
    expect(swedish.embeds[0].description).toContain('Det finns inga hörnrutor');
    expect(swedish.embeds[0].fields[0].name).toBe('Som OpenTafl-regelsträng');
  });
});

describe('a game’s title and a challenge’s terms in the member’s language', () => {
  it('/history names the players as the language does; the terms are listed as it lists', async () => {
    const channelId = await gameChannel(world, new Game('fetlar'), { attackers: yuki, defenders: sven });
    const japanese = await world.emulator.slash(yuki, 'history', {}, { channelId }).reply();
    expect(japanese.embeds[0].title).toBe('Fetlar Hnefatafl：Yuki 対 Sven');
    const swedish = await world.emulator.slash(sven, 'history', {}, { channelId }).reply();
    expect(swedish.embeds[0].title).toBe('Fetlar Hnefatafl: Yuki mot Sven');

    const challenge = await world.emulator
      .slash(yuki, 'challenge', { opponent: ana, variant: 'brandubh', match: true })
      .reply();
    // Japanese lists with "、", never with ", ".
    expect(challenge.content).toMatch(/（[^）]+、[^）]+）/);
    expect(challenge.content).not.toMatch(/（[^）]*, [^）]*）/);
  });
});
