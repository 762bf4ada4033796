import { beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_LOCALES, type DiscordLocale, languages } from '../../src/i18n/index.ts';
import { acceptedChallenge, fileWorld, tableAt } from './harness.ts';

let now = Date.now();
const world = fileWorld(1, { now: () => now });
const ann = world.user('Ann');
const bob = world.user('Bob');
const mod = world.user('Moderator');
beforeAll(async () => {
  await world.emulator.waitFor(() => world.bots[0].bot.client.users.cache.has(bob.id));
});

describe('/abort', () => {
  it('is offered only to members who may manage messages, named in every language', () => {
    const abort = world.emulator
      .commands({ guildId: world.emulator.guildId })
      .find((c) => c.name === 'abort');
    expect(abort?.default_member_permissions).toBe('8192');
    expect(abort?.name_localizations).toMatchObject({ de: 'abbrechen', 'sv-SE': 'avbryt', ja: '中止' });
    // Every Discord locale a catalogue serves gets the name; English is the command's own.
    expect(Object.keys(abort?.name_localizations ?? {}).sort()).toEqual(
      (Object.keys(DISCORD_LOCALES) as DiscordLocale[])
        .filter((locale) => DISCORD_LOCALES[locale] !== 'en' && languages.includes(DISCORD_LOCALES[locale]))
        .sort(),
    );
  });

  it('ends a timed game without a result: no one is rated, no clock runs on, the channel is free', async () => {
    const { emulator, bots } = world;
    const channelId = emulator.createChannel('stalled');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      emulator,
      ann,
      bob,
      { variant: 'fetlar', side: 'attackers', time: '10m' },
      { channelId },
    );
    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply()).ephemeral).toBe(
      false,
    );

    const aborted = await emulator.slash(mod, 'abort', {}, { channelId }).reply();
    expect(aborted.ephemeral).toBe(false);
    expect(aborted.content).toBe(
      '**Moderator** ended the game of **Ann** (attackers) and **Bob** (defenders) after 1 move, without a result: it counts for no one. This channel is free for a new `/challenge`.',
    );
    expect(aborted.allowedMentions).toMatchObject({ parse: [], users: [] });
    expect(await bots[0].service.play.board(tableAt(emulator, channelId))).toBeNull();
    expect(await bots[0].service.records.standings(emulator.guildId)).toEqual([]);

    // Bob's deadline passes: nobody loses on time, and nothing is posted.
    const posted = emulator.messages().length;
    now += 11 * 60 * 1000;
    const swept = await bots[0].service.due.sweep();
    expect(swept).toEqual({ timedOut: [], nextGames: [], reminders: [] });
    await bots[0].bot.sweep();
    expect(emulator.messages().length).toBe(posted);

    // Its moves stay on record, and the channel takes a new game.
    const history = await emulator.slash(bob, 'history', {}, { channelId }).reply();
    expect(history.embeds[0].description).toContain('1. d1-d3');
    expect(history.embeds[0].footer?.text).toBe('ended by a moderator, without a result');
    const exported = await emulator.slash(bob, 'export', {}, { channelId }).reply();
    // The reply names the game's id too, for /replay and /analyze.
    expect(exported.content).toMatch(
      /^The last game here, ended by a moderator without a result, in OpenTafl notation\. Game id `[\w-]+`/,
    );
    expect(exported.attachments).toHaveLength(1);
    const again = await emulator.slash(bob, 'challenge', { opponent: ann }, { channelId }).reply();
    expect(again.ephemeral).toBe(false);
  });

  it('refuses where there is no game, changing nothing', async () => {
    const channelId = world.emulator.createChannel('empty');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const refused = await world.emulator.slash(mod, 'abort', {}, { channelId }).reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe('There is no game in this channel. Start one with `/challenge`.');
  });
});
