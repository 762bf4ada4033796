import { afterAll, describe, expect, it } from 'vitest';
import { DrawingBusyError, DrawingThread, MOST_WAITING } from '../../src/bot/jobs/drawing-thread.ts';
import { Game, serializeGame } from '../../src/engine/index.ts';
import { type Crosstable, renderCrosstable } from '../../src/render/crosstable.ts';
import type { ReplayJob } from '../../src/replay/build.ts';
import { decodeGif } from '../replay/decode.ts';

const drawings = new DrawingThread();
afterAll(() => drawings.close());

function brandubhJob(plies: number): ReplayJob {
  const game = new Game('brandubh');
  while (game.plyCount < plies) {
    game.play(game.legalMoves()[0]);
    if (game.isGameOver()) throw new Error('the game ended');
  }
  return {
    record: serializeGame(game),
    players: { attackers: 'Ann', defenders: 'Bob' },
    language: 'en',
    request: { speed: 'normal' },
    aborted: false,
  };
}

describe('replays built in the worker thread', () => {
  it('comes back whole, its GIF moved to this thread', async () => {
    const replay = await drawings.replay(brandubhJob(4));
    expect(replay).toMatchObject({ frames: 5, scale: 1, every: 1, fromMove: 1, toMove: 2, moves: 2 });
    expect(replay.gif).toBeInstanceOf(Uint8Array);
    expect(decodeGif(replay.gif).frames).toBe(5);
  });

  it('a few wait their turn; more at once are refused rather than queued', async () => {
    const jobs = Array.from({ length: MOST_WAITING + 1 }, () => drawings.replay(brandubhJob(2)));
    const settled = await Promise.allSettled(jobs);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(MOST_WAITING);
    const [refused] = settled.filter((s) => s.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(DrawingBusyError);
    // Once they are done, the next is built.
    expect((await drawings.replay(brandubhJob(2))).frames).toBe(3);
  });

  it('a job the worker cannot do fails alone, and the worker goes on', async () => {
    await expect(drawings.replay({ ...brandubhJob(2), request: { speed: 'normal', to: 9 } })).rejects.toThrow(
      'beyond-last-move',
    );
    expect((await drawings.replay(brandubhJob(2))).frames).toBe(3);
    expect(drawings.restarts).toBe(0);
  });

  it('a crash fails the replays under way, and the next starts a new worker', async () => {
    const building = drawings.replay(brandubhJob(6));
    drawings.crashWorkerForTest();
    await expect(building).rejects.toThrow('the replay worker stopped');
    expect(drawings.restarts).toBe(1);
    expect((await drawings.replay(brandubhJob(2))).frames).toBe(3);
  });
});

describe('crosstables drawn in the same thread', () => {
  const table: Crosstable = {
    title: 'Spring Cup',
    subtitle: 'after round 2 of 3',
    heads: { rank: '#', player: 'Player', columns: ['1', '2', '3'], points: 'Pts', tiebreak: 'SB' },
    rows: [
      { rank: 1, name: 'Ann', cells: ['×', '1', '1'], points: '2', tiebreak: '1.00' },
      { rank: 2, name: 'Bob', cells: ['0', '×', '½'], points: '½', tiebreak: '0.25' },
      { rank: 3, name: 'Cid', cells: ['0', '½', '×'], points: '½', tiebreak: '0.25', withdrawn: true },
    ],
    diagonal: true,
    footer: 'A win scores 1',
  };

  it('come back as the picture drawn here would be', async () => {
    const picture = await drawings.crosstable(table);
    expect(Buffer.isBuffer(picture)).toBe(true);
    expect(picture.equals(renderCrosstable(table))).toBe(true);
    expect(drawings.crosstablesDrawnHere).toBe(0);
  });

  it('are drawn here when the thread is busy with replays, rather than refused', async () => {
    const replays = Array.from({ length: MOST_WAITING }, () => drawings.replay(brandubhJob(2)));
    const picture = await drawings.crosstable(table);
    expect(picture.equals(renderCrosstable(table))).toBe(true);
    expect(drawings.crosstablesDrawnHere).toBe(1);
    await Promise.all(replays);
  });
});
