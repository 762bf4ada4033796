import { Game } from '../../src/engine/index.ts';

/** A Fetlar game of `plies` moves chosen by a fixed rule from `seed`, none of them ending it. */
export function fetlarGame(plies: number, seed: number): Game {
  const game = new Game('fetlar');
  let state = seed;
  while (game.plyCount < plies) {
    const moves = game.legalMoves();
    state = (state * 1103515245 + 12345) % 2147483648;
    game.play(moves[state % moves.length]);
    if (game.isGameOver()) game.undo();
  }
  return game;
}
