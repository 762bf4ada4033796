import { describe, expect, it } from 'vitest';
import { MAX_PLY, WIN } from '../../src/ai/scores.ts';
import { search } from '../../src/ai/search.ts';
import { type Look, reviewGame } from '../../src/analysis/review.ts';
import { positionOf, rulesFor, squareName } from '../../src/engine/core.ts';
import { Game, type VariantId } from '../../src/engine/index.ts';

/** The AI's choice at a fixed depth: no clock, so the same game and the same review on any machine. */
function lookAt(game: Game, depth: number): Look {
  const found = search(positionOf(game), { timeMs: 1e12, maxDepth: depth + 2 });
  const rules = rulesFor(game.variant);
  return {
    best: `${squareName(rules, found.move & 511)}-${squareName(rules, found.move >>> 9)}`,
    score: found.score,
  };
}

describe('the AI against itself plays accurately by its own review', () => {
  it.each([
    ['brandubh', 5],
    ['tablut', 4],
  ] as [VariantId, number][])(
    '%s at depth %i: both sides score at least 80',
    async (variant, depth) => {
      const game = new Game(variant);
      while (!game.isGameOver() && game.history().length < 80) game.play(lookAt(game, depth).best);
      const reviewed = await reviewGame(game, async (position) => lookAt(position, depth), {
        msPerPosition: 0,
      });
      const { attackers, defenders } = reviewed.accuracy ?? {};
      expect(attackers?.moves).toBeGreaterThan(5);
      expect(attackers?.accuracy).toBeGreaterThanOrEqual(80);
      expect(defenders?.accuracy).toBeGreaterThanOrEqual(80);
      // The moves it chose it calls blunders only past its horizon: where two plies more show
      // every move lost already (the loss it found one move late), never where a move was better.
      const replay = new Game(variant);
      const misjudged: string[] = [];
      for (const move of reviewed.moves) {
        if (move.verdict === 'blunder') {
          const deeper = search(positionOf(replay), { timeMs: 1e12, maxDepth: depth + 2 });
          if (deeper.score > -(WIN - MAX_PLY)) misjudged.push(`${move.ply}. ${move.notation}`);
        }
        replay.play(move.notation);
      }
      expect(misjudged).toEqual([]);
    },
    120_000,
  );
});
