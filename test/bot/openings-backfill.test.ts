/**
 * /openings on a server whose games ended before the explorer existed: the first look says the
 * older games are being counted and starts counting them; once counted, they show with the games
 * that end from then on, each once (aborted and set-up games left out, as in live counting).
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import type { RecordedMessage } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { archiveOldGame, type OldGame } from '../support/legacy-games.ts';
import { fileWorld, gameChannel } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');

const COUNTING = 'Games that ended before the explorer existed are still being counted';

function brandubh(moves: string[]): Game {
  const game = new Game('brandubh');
  for (const move of moves) game.play(move);
  return game;
}

const tableRows = (message: RecordedMessage) =>
  (/```\n[^\n]*\n([\s\S]*?)\n```/.exec(message.content)?.[1] ?? '').split('\n').map((row) => row.trim());

describe('/openings on a server with games from before the explorer', () => {
  it('counts them in the background, once, then shows them with the games ended since', async () => {
    const { emulator, bots } = world;
    const [{ store, app }] = bots;
    const setUp = gameWith(
      'brandubh',
      { king: 'd4', attackers: ['d2', 'a1'], defenders: ['e4'] },
      'attackers',
    );
    setUp.play('d2-b2');
    const older: OldGame[] = [
      { id: 'old-1', game: brandubh(['d2-b2', 'c4-c6', 'f4-f2']), end: 'attackers' },
      { id: 'old-2', game: brandubh(['d2-b2', 'c4-c6']), end: 'defenders' },
      { id: 'old-3', game: brandubh(['d2-b2', 'e4-e6']), end: 'draw' },
      { id: 'old-4', game: brandubh(['d2-b2']), end: 'aborted' },
      { id: 'old-5', game: setUp, end: 'attackers' },
    ];
    for (const [i, old] of older.entries())
      await archiveOldGame(store, emulator.guildId, old, 1000 * (i + 1));

    const first = await emulator.slash(ann, 'openings', { variant: 'brandubh' }).reply();
    expect(first.ephemeral).toBe(false);
    expect(first.content).toContain(COUNTING);
    await app.openingsBackfill.settled(emulator.guildId);

    // A game ends after the backfill: counted by its own end, with the older ones.
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    for (const [i, move] of ['d2-b2', 'c4-c6'].entries())
      await emulator.slash(i === 0 ? ann : bob, 'move', { move }, { channelId }).reply();
    const over = await emulator.slash(bob, 'resign', {}, { channelId }).reply();
    expect(over.content).toContain('**Game over.**');

    const start = await emulator.slash(bob, 'openings', { variant: 'brandubh' }).reply();
    expect(start.content).not.toContain(COUNTING);
    expect(start.content).toContain(
      '4 finished games reached this position: attackers won 2, drawn 1, defenders won 1.',
    );
    expect(tableRows(start)).toEqual(['1 d2-b2          4    2 / 1 / 1']);
    const deeper = await emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: 'd2-b2 c4-c6' })
      .reply();
    expect(deeper.content).toContain(
      '3 finished games reached this position: attackers won 2, drawn 0, defenders won 1.',
    );
    expect(deeper.content).toContain('2 games ended here.');
    expect(tableRows(deeper)).toEqual(['1 f4-f2          1    1 / 0 / 0']);
  });
});
