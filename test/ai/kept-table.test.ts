/**
 * The transposition table kept between the searches of a game's moves: the next search starts
 * from what the last found, while a search that does not keep it (self-play, puzzles, reviews)
 * gives the same answer whatever was searched before it.
 */
import { describe, expect, it } from 'vitest';
import { search } from '../../src/ai/search.ts';
import { positionOf } from '../../src/engine/core.ts';
import { Game } from '../../src/engine/index.ts';

function midgame(): Game {
  const game = new Game('copenhagen');
  for (const move of ['d11-d9', 'f4-c4', 'h1-h3', 'g5-g2']) game.play(move);
  return game;
}

describe('a kept transposition table', () => {
  const DEPTH = 4;
  const deep = (keepTable: boolean) =>
    search(positionOf(midgame()), { timeMs: Number.MAX_SAFE_INTEGER, maxDepth: DEPTH, keepTable });

  it('lets the next search of the same position find the same move with fewer nodes', () => {
    const first = deep(false);
    const again = deep(true);
    expect(again.move).toBe(first.move);
    expect(again.depth).toBe(DEPTH);
    expect(again.nodes).toBeLessThan(first.nodes / 2);
  });

  it('is cleared for a search that does not keep it, which then answers as if it were the first', () => {
    const first = deep(false);
    // Another position searched in between, into the same table.
    search(positionOf(new Game('fetlar')), { timeMs: Number.MAX_SAFE_INTEGER, maxDepth: 3, keepTable: true });
    const later = deep(false);
    expect(later).toEqual(first);
  });
});
