/**
 * Reviews and practice agree: in short Brandubh games with deliberate blunders, reviewed by a
 * shallow look as /analyze reviews (the practice looks deeper, as the bot's does), every mistake
 * and blunder becomes a puzzle whose judgement accepts the review's better move and names it as the
 * move to find, and refuses the move of the game.
 */
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { rateAnswer, type Think } from '../../src/analysis/answer-rating.ts';
import { type Look, reviewGame } from '../../src/analysis/review.ts';
import { seededRandom } from '../../src/core/seeded-random.ts';
import { Game, loadGame } from '../../src/engine/index.ts';
import { mistakesOf } from '../../src/puzzles/personal.ts';

/** A fixed depth and no clock: the same games, reviews and judgements on any machine. */
const lookAt = (position: Game, depth: number) =>
  chooseMove(position, 'normal', { timeMs: 1e12, maxDepth: depth });
const reviewLook = async (position: Game): Promise<Look> => {
  const move = lookAt(position, 2);
  return { best: move.notation, score: move.score };
};
const think: Think = async (position, maxDepth) => {
  const move = lookAt(position, maxDepth);
  return { best: move.notation, score: move.score, depth: move.depth };
};

/** Brandubh: the AI at depth 2 against itself, every fifth move a random one instead. */
function blunderingGame(seed: number): Game {
  const random = seededRandom(seed);
  const game = new Game('brandubh');
  while (!game.isGameOver() && game.plyCount < 40) {
    const moves = game.legalMoves();
    const blunder = game.plyCount % 5 === 2;
    game.play(blunder ? moves[Math.floor(random() * moves.length)].notation : lookAt(game, 2).notation);
  }
  return game;
}

describe('every mistake of a reviewed game, practised', () => {
  it('the review’s better move solves its puzzle and is the move named; the move of the game does not', async () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const game = blunderingGame(seed);
      const review = await reviewGame(game, reviewLook, { msPerPosition: 0 });
      for (const side of ['attackers', 'defenders'] as const) {
        for (const puzzle of mistakesOf(`game${seed}`, game, review, side, 0)) {
          const start = () => loadGame(puzzle.record);
          const where = `game ${seed}, ply ${puzzle.ply} (${puzzle.played})`;
          if (puzzle.better) {
            const rating = await rateAnswer(start, puzzle.better, think, puzzle);
            expect(rating, where).toMatchObject({ best: puzzle.better, solved: true, shortfall: 0 });
            checked++;
          }
          const again = await rateAnswer(start, puzzle.played, think, puzzle);
          expect(again.solved, where).toBe(false);
          expect(again.best, where).toBe(puzzle.better ?? again.best);
        }
      }
    }
    // Enough mistakes that the agreement says something.
    expect(checked).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
