/**
 * Copenhagen, Brandubh and Tablut through the real client and the emulator: a challenge in each,
 * its picture, and a game to each new kind of end (exit fort, shieldwall capture, edge escape).
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/index.ts';
import { layoutFor } from '../../src/render/index.ts';
import { gameWith } from '../engine/setup.ts';
import { acceptedChallenge, fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');

const channelWithGame = (game: Game) => gameChannel(world, game, { attackers: ann, defenders: bob });

describe('the new variants in play', () => {
  it.each([
    ['copenhagen', 11, 'Copenhagen Hnefatafl'],
    ['brandubh', 7, 'Brandubh'],
    ['tablut', 9, 'Tablut'],
  ] as const)('%s: a challenge starts a game with a %i-square board', async (variant, size, name) => {
    const channelId = world.emulator.createChannel(`challenge-${variant}`);
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(world.emulator, ann, bob, { variant, side: 'attackers' }, { channelId });
    const board = await world.emulator.slash(ann, 'board', {}, { channelId }).reply();
    const image = await loadImage(board.attachments[0].data);
    const layout = layoutFor(size, 'squares');
    expect([image.width, image.height]).toEqual([layout.width, layout.height]);
    expect(JSON.stringify(board.content) + JSON.stringify(board.embeds)).toContain(name);
    const stored = await world.bots[0].service.play.board(tableAt(world.emulator, channelId));
    expect(stored?.game.variant.id).toBe(variant);
  });

  it('Copenhagen: the king wins in an exit fort', async () => {
    const channelId = await channelWithGame(
      gameWith(
        'copenhagen',
        { king: 'e2', defenders: ['d1', 'g1', 'd2', 'g2', 'e3', 'f3'], attackers: ['c1', 'c5', 'h4', 'j9'] },
        'defenders',
      ),
    );
    const reply = await world.emulator.slash(bob, 'move', { move: 'e2-e1' }, { channelId }).reply();
    expect(reply.content).toContain('**Game over.**');
    expect(reply.content).toContain('exit fort on e1');
    expect(await world.bots[0].service.play.board(tableAt(world.emulator, channelId))).toBeNull();
  });

  it('Copenhagen: a shieldwall falls, and the reply counts every piece', async () => {
    const channelId = await channelWithGame(
      gameWith(
        'copenhagen',
        { king: 'f6', defenders: ['c1', 'd1', 'e1', 'k5'], attackers: ['b1', 'c2', 'd2', 'e2', 'i1', 'a9'] },
        'attackers',
      ),
    );
    const reply = await world.emulator.slash(ann, 'move', { move: 'i1-f1' }, { channelId }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('i1-f1xc1/d1/e1');
    expect(reply.content).toContain('capturing 3 pieces');
    const history = await world.emulator.slash(ann, 'history', {}, { channelId }).reply();
    expect(JSON.stringify(history)).toContain('i1-f1xc1/d1/e1');
  });

  it('Tablut: the king escapes to an edge square', async () => {
    const channelId = await channelWithGame(
      gameWith('tablut', { king: 'c3', attackers: ['h8', 'b7'], defenders: ['g2'] }, 'defenders'),
    );
    const reply = await world.emulator.slash(bob, 'move', { move: 'c3-c1' }, { channelId }).reply();
    expect(reply.content).toContain('**Game over.**');
    expect(reply.content).toContain('The king escaped to c1');
  });

  it('Brandubh: two attackers capture the king beside the throne', async () => {
    const channelId = await channelWithGame(
      gameWith('brandubh', { king: 'd5', attackers: ['c5', 'e7'], defenders: ['a3'] }, 'attackers'),
    );
    const reply = await world.emulator.slash(ann, 'move', { move: 'e7-e5' }, { channelId }).reply();
    expect(reply.content).toContain('The king was captured on d5');
  });

  it('/rules tells each new variant in the words of its record', async () => {
    const tablut = await world.emulator.slash(ann, 'rules', { variant: 'tablut' }).reply();
    expect(JSON.stringify(tablut.embeds)).toContain('Tablut');
    const copenhagen = await world.emulator.slash(ann, 'rules', { variant: 'copenhagen' }).reply();
    expect(JSON.stringify(copenhagen.embeds).toLowerCase()).toContain('shieldwall');
  });
});
