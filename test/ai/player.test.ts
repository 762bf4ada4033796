import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { AiPlayer } from '../../src/ai/player.ts';
import { Game } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';

const ai = new AiPlayer();
afterAll(() => ai.close());

describe('the AI in its worker thread', () => {
  it('answers a legal move within its budget plus 100 ms, while the event loop stays free', async () => {
    await ai.warm();
    const game = new Game('alea-armed');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const move = await ai.think(game, 'normal', 600);
    const took = performance.now() - started;
    delay.disable();
    expect(ai.lastError).toBeNull();
    expect(ai.lastSource).toBe('worker');
    expect(game.legalMoves().map((legal) => legal.notation)).toContain(move.notation);
    expect(move.depth).toBeGreaterThanOrEqual(2);
    expect(took).toBeLessThan(600 + 100);
    // The search ran on the worker: the main thread was never blocked for long.
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  it('scores a draw it can claim as even for a review (contempt off), where the player plays on', async () => {
    // Fetlar's defenders, a little behind, can repeat the position a third time (a draw).
    const game = gameWith(
      'fetlar',
      {
        king: 'f6',
        attackers: ['b3', 'd5', 'd7', 'h5', 'h7', 'e4', 'g4', 'e8', 'g8', 'j9', 'b9', 'j3', 'd3', 'h9'],
        defenders: ['e6', 'g6', 'f5', 'f7', 'c8'],
      },
      'attackers',
    );
    for (const move of ['b3-b4', 'c8-c9', 'b4-b3', 'c9-c8', 'b3-b4', 'c8-c9', 'b4-b3']) game.play(move);
    const review = await ai.think(game, 'normal', 5000, { maxDepth: 2, contempt: false });
    expect(ai.lastSource).toBe('worker');
    expect(review).toMatchObject({ notation: 'c9-c8', score: 0 });
    const player = await ai.think(game, 'normal', 5000, { maxDepth: 2 });
    expect(player.notation).not.toBe('c9-c8');
    expect(player.score).toBeLessThan(0);
  });

  it('a crashed worker is replaced and the game goes on', async () => {
    const game = new Game('fetlar');
    const thinking = ai.think(game, 'normal', 800);
    setTimeout(() => ai.crashWorkerForTest(), 100);
    // (The crash costs the worker; the move still comes in time, from the short search.)
    const move = await thinking;
    expect(ai.lastSource).toBe('fallback');
    expect(game.legalMoves().map((legal) => legal.notation)).toContain(move.notation);
    expect(ai.restarts).toBeGreaterThanOrEqual(1);
    await ai.warm();
    const after = await ai.think(game, 'easy', 200);
    expect(ai.lastSource).toBe('worker');
    expect(game.legalMoves().map((legal) => legal.notation)).toContain(after.notation);
  });
});
