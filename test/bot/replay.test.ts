import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { boardPixels } from '../../src/render/index.ts';
import { ofFrame } from '../../src/replay/pixels.ts';
import { positionsOf } from '../../src/replay/positions.ts';
import type { EmulatedUser } from '../discord-emulator/index.ts';
import { decodeGif, largestDifference } from '../replay/decode.ts';
import { fetlarGame } from '../replay/games.ts';
import { fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');

const players = { attackers: 'Ann', defenders: 'Bob' };
/** The picture the board renderer draws of the game after `ply` plies. */
const pictureAt = (game: Game, ply: number) => {
  const [snapshot] = positionsOf(game, [ply]);
  return ofFrame(boardPixels(snapshot, players, { messages: messagesFor('en') }));
};
/** The most a channel of a replay's pixel may differ from the renderer's: one palette for the game. */
const PALETTE_ERROR = 24;

describe('/replay', () => {
  it('animates the channel’s game: the start, then a frame per move, up to the final position', async () => {
    const game = fetlarGame(7, 11);
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    await world.emulator.slash(bob, 'resign', {}, { channelId }).reply();
    const finished = (await world.bots[0].service.records.gameForRecord(tableAt(world.emulator, channelId)))
      ?.game as Game;
    expect(finished.result?.reason).toBe('resignation');

    const reply = await world.emulator.slash(ann, 'replay', {}, { channelId }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('Replay of Fetlar Hnefatafl');
    expect(reply.content).toContain('all 4 moves');
    const [file] = reply.attachments;
    expect(file.filename).toMatch(/^tafl-replay-[\w-]+\.gif$/);
    const gif = decodeGif(file.data);
    expect(gif.frames).toBe(1 + 7);
    expect(largestDifference(gif.shown(0), pictureAt(finished, 0))).toBeLessThan(PALETTE_ERROR);
    // The last frame is the final position with the result in its caption, not the position before the resignation.
    const final = pictureAt(finished, 7);
    expect(largestDifference(gif.shown(7), final)).toBeLessThan(PALETTE_ERROR);
    expect(largestDifference(gif.shown(7), pictureAt(fetlarGame(7, 11), 7))).toBeGreaterThan(100);
    expect(gif.delays[7]).toBeGreaterThan(gif.delays[0]);
  });

  it('an excerpt with from and to, at a speed; refuses an excerpt it cannot show, saying why', async () => {
    const game = fetlarGame(9, 11);
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    const excerpt = await world.emulator
      .slash(bob, 'replay', { from: 2, to: 3, speed: 'slow' }, { channelId })
      .reply();
    expect(excerpt.content).toContain('moves 2–3 of 5');
    expect(excerpt.content).toContain('still being played');
    const gif = decodeGif(excerpt.attachments[0].data);
    // From the position after move 1 (ply 2) to the end of move 3 (ply 6).
    expect(gif.frames).toBe(5);
    expect(largestDifference(gif.shown(0), pictureAt(game, 2))).toBeLessThan(PALETTE_ERROR);
    expect(largestDifference(gif.shown(4), pictureAt(game, 6))).toBeLessThan(PALETTE_ERROR);
    const fast = decodeGif(
      (await world.emulator.slash(bob, 'replay', { from: 2, to: 3, speed: 'fast' }, { channelId }).reply())
        .attachments[0].data,
    );
    expect(fast.delays[1]).toBeLessThan(gif.delays[1]);

    const beyond = await world.emulator.slash(bob, 'replay', { to: 6 }, { channelId }).reply();
    expect(beyond.ephemeral).toBe(true);
    expect(beyond.content).toContain('The game has 5 moves: `to:6` is past its end.');
    const backwards = await world.emulator.slash(bob, 'replay', { from: 4, to: 2 }, { channelId }).reply();
    expect(backwards.ephemeral).toBe(true);
    expect(backwards.content).toContain('`from:4` comes after `to:2`');
    const none = world.emulator.createChannel('no-game-yet');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(none));
    const nothing = await world.emulator.slash(bob, 'replay', {}, { channelId: none }).reply();
    expect(nothing.ephemeral).toBe(true);
    expect(nothing.content).toContain('No game has been played');
  });

  it('a finished game by the id /history and /export show; an unknown id is refused', async () => {
    const game = fetlarGame(4, 11);
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    const history = await world.emulator.slash(ann, 'history', {}, { channelId }).reply();
    const id = (await world.bots[0].service.records.gameForRecord(tableAt(world.emulator, channelId)))
      ?.id as string;
    expect(history.embeds[0].fields).toContainEqual(expect.objectContaining({ value: `\`${id}\`` }));
    const exported = await world.emulator.slash(ann, 'export', {}, { channelId }).reply();
    expect(exported.content).toContain(`/replay game:${id}`);
    await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    // A new game in the channel: the finished one is found by its id from anywhere on the server.
    await gameChannel(world, new Game('fetlar'), { attackers: bob, defenders: ann }, channelId);
    const elsewhere = world.emulator.createChannel('elsewhere');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(elsewhere));
    const byId = await world.emulator.slash(bob, 'replay', { game: id }, { channelId: elsewhere }).reply();
    expect(byId.content).toContain(`Game \`${id}\``);
    expect(decodeGif(byId.attachments[0].data).frames).toBe(5);

    const unknown = await world.emulator
      .slash(bob, 'replay', { game: 'no-such-game' }, { channelId })
      .reply();
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.content).toContain('There is no finished game `no-such-game` on record');
    expect(unknown.attachments).toHaveLength(0);
  });

  it('a game of another server is an unknown game here', async () => {
    const { emulator, bots } = world;
    const otherGuild = emulator.createGuild('Other Hall');
    const otherChannel = emulator.createChannel('their-game', otherGuild);
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(otherChannel));
    const player = (user: EmulatedUser) => ({ id: user.id, name: user.username });
    const started = await bots[0].service.lifecycle.startGame({
      guildId: otherGuild,
      channelId: otherChannel,
      players: { attackers: player(ann), defenders: player(bob) },
      game: fetlarGame(3, 11),
    });
    expect(started.ok).toBe(true);
    const there = tableAt(emulator, otherChannel);
    await bots[0].service.play.resign(there, player(bob));
    const id = (await bots[0].service.records.gameForRecord(there))?.id as string;
    const refused = await emulator.slash(ann, 'replay', { game: id }).reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain(`There is no finished game \`${id}\` on record`);
    expect(refused.attachments).toHaveLength(0);
    // On its own server it replays.
    const own = await emulator.slash(ann, 'replay', { game: id }, { channelId: otherChannel }).reply();
    expect(decodeGif(own.attachments[0].data).frames).toBe(4);
  });

  it('speaks German to a German client, in the caption too', async () => {
    const hanna = world.emulator.addUser('Hanna', { locale: 'de' });
    const game = fetlarGame(2, 11);
    const channelId = await gameChannel(world, game, { attackers: hanna, defenders: bob });
    const reply = await world.emulator.slash(hanna, 'replay', {}, { channelId }).reply();
    expect(reply.content).toContain('nachgespielt');
    const [snapshot] = positionsOf(game, [0]);
    const german = ofFrame(
      boardPixels(snapshot, { attackers: 'Hanna', defenders: 'Bob' }, { messages: messagesFor('de') }),
    );
    expect(largestDifference(decodeGif(reply.attachments[0].data).shown(0), german)).toBeLessThan(
      PALETTE_ERROR,
    );
  });
});
