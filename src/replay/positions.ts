/** The positions of a replay: the game's moves played again, on a fresh board of the same setup. */
import { type BoardSnapshot, Game } from '../engine/index.ts';

/**
 * The snapshot after each of `plies` (ascending ply counts, 0 the start), as the board looked in
 * play: the last move and its captures marked, the threats to the king flagged. The game's last
 * position carries its result, also one declared off the board (a resignation, an agreed draw, a
 * loss on time), so that the final picture's caption tells how the game ended.
 */
export function* positionsOf(game: Game, plies: readonly number[]): Generator<BoardSnapshot> {
  const replay = new Game({
    variant: game.variant,
    position: game.setup.position,
    sideToMove: game.setup.sideToMove,
  });
  const moves = game.history();
  let next = 0;
  for (let ply = 0; next < plies.length && ply <= moves.length; ply++) {
    if (ply > 0) replay.play(moves[ply - 1]);
    if (ply === moves.length && game.result && !replay.result) {
      replay.endBy(game.result.winner, game.result.reason);
    }
    if (plies[next] === ply) {
      yield replay.snapshot();
      next++;
    }
  }
  if (next < plies.length) throw new Error(`the game has ${moves.length} plies, not ${plies[next]}`);
}
