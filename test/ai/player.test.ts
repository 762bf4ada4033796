import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { AiPlayer } from '../../src/ai/player.ts';
import { Game } from '../../src/engine/index.ts';

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
