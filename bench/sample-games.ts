/** Reproducible games for the benchmarks and the gallery: a seeded random source, and midgames reached by fixed moves. */
import { Game, type VariantId } from '../src/engine/index.ts';

export { seededRandom } from '../src/core/seeded-random.ts';

/** The game after `plies` moves chosen by a fixed rule from `seed`: the same midgame every run. */
export function midgame(variant: VariantId, plies: number, seed: number): Game {
  const game = new Game(variant);
  let state = seed;
  for (let i = 0; i < plies && !game.isGameOver(); i++) {
    const moves = game.legalMoves();
    state = (state * 1103515245 + 12345) % 2147483648;
    game.play(moves[state % moves.length]);
  }
  return game;
}
