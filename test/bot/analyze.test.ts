/** /analyze through the real client and the emulator: progress, the plot, the worst moves, refusals. */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { gameWith } from '../engine/setup.ts';
import { fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld(1, { analysisMsPerPosition: 120 });
const ann = world.user('Ann');
const bob = world.user('Bob');

/** Fetlar: the attackers give up the blocker on c1 and the king runs to the corner. */
async function finishedWithBlunder(channelId?: string): Promise<string> {
  const game = gameWith(
    'fetlar',
    { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
    'attackers',
  );
  const channel = await gameChannel(world, game, { attackers: ann, defenders: bob }, channelId);
  await world.emulator.slash(ann, 'move', { move: 'c1-c2' }, { channelId: channel }).reply();
  const last = await world.emulator.slash(bob, 'move', { move: 'e1-a1' }, { channelId: channel }).reply();
  expect(last.content).toContain('**Game over.**');
  return channel;
}

describe('/analyze', () => {
  it('reviews a finished game: progress first, then the plot and each side’s worst moves; asked again, at once', async () => {
    const channelId = await finishedWithBlunder();
    const handle = world.emulator.slash(bob, 'analyze', {}, { channelId });
    expect((await handle.firstResponse()).type).toBe(5);
    const shown = await handle.reply();
    expect(shown.content).toMatch(/^Analysing position \d of 3…$/);
    await world.emulator.waitFor(() => shown.embeds.length > 0);
    expect(shown.ephemeral).toBe(false);
    expect(shown.content).toBe('');
    const [embed] = shown.embeds;
    expect(embed.title).toBe('Review: Fetlar Hnefatafl: Ann v Bob');
    expect(embed.fields[0].name).toBe('The attackers’ worst moves');
    expect(embed.fields[0].value).toMatch(/^1\. \*\*c1-c2\*\* blunder, −\d+\.\d; better [a-k]\d+-[a-k]\d+$/);
    expect(embed.fields[1].value).toContain('No mistakes');
    const [plot] = shown.attachments;
    expect(plot.filename).toBe('review.png');
    const image = await loadImage(plot.data);
    expect([image.width, image.height]).toEqual([1200, 660]);

    const again = world.emulator.slash(ann, 'analyze', {}, { channelId });
    expect((await again.firstResponse()).type).toBe(4);
    expect((await again.reply()).embeds[0].fields[0].value).toBe(embed.fields[0].value);
  });

  it('a game id from another channel of this server; in German for a German client', async () => {
    const channelId = await finishedWithBlunder();
    const record = await world.bots[0].service.gameForRecord(tableAt(world.emulator, channelId));
    const elsewhere = world.emulator.createChannel('elsewhere');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(elsewhere));
    const german = world.user('Greta', { locale: 'de' });
    const handle = world.emulator.slash(
      german,
      'analyze',
      { game: record?.id ?? '' },
      { channelId: elsewhere },
    );
    const shown = await handle.reply();
    await world.emulator.waitFor(() => shown.embeds.length > 0);
    expect(shown.embeds[0].title).toBe('Analyse: Fetlar Hnefatafl: Ann v Bob');
    expect(shown.embeds[0].fields[0].value).toContain('grober Fehler');
  });

  it('refuses a game still being played, an unknown id and another server’s game, privately', async () => {
    const live = await gameChannel(
      world,
      gameWith('fetlar', { king: 'f6', attackers: ['a4'], defenders: ['c3'] }, 'attackers'),
      {
        attackers: ann,
        defenders: bob,
      },
    );
    const refusedLive = await world.emulator.slash(ann, 'analyze', {}, { channelId: live }).reply();
    expect(refusedLive.ephemeral).toBe(true);
    expect(refusedLive.content).toContain('still being played');

    const unknown = await world.emulator.slash(ann, 'analyze', { game: 'no-such-game' }).reply();
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.content).toBe('There is no finished game "no-such-game" on this server.');

    // A game that ended on another server is not found here: an unknown game.
    const otherGuild = world.emulator.createGuild('Other server');
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a4'], defenders: ['c3'] }, 'attackers');
    const player = (user: typeof ann) => ({ id: user.id, name: user.globalName ?? user.username });
    const started = await world.bots[0].service.startGame({
      guildId: otherGuild,
      channelId: 'a-channel-of-the-other-server',
      players: { attackers: player(ann), defenders: player(bob) },
      game,
    });
    if (!started.ok) throw new Error(started.code);
    await world.bots[0].service.resign(
      { guildId: otherGuild, channelId: 'a-channel-of-the-other-server' },
      player(ann),
    );
    const id = started.value.id;
    expect((await world.bots[0].service.archived(otherGuild, id))?.guildId).toBe(otherGuild);
    const refusedOther = await world.emulator.slash(ann, 'analyze', { game: id }).reply();
    expect(refusedOther.ephemeral).toBe(true);
    expect(refusedOther.content).toContain(`There is no finished game "${id}" on this server.`);
  });
});
