/**
 * A whole game, thought out by the engine before a test plays it through Discord or the web board:
 * each side plays a move that wins at once when it has one, else its first legal move (Brandubh
 * ends within a few dozen plies, by repetition if nothing else).
 */
import { Game, type VariantId } from '../../src/engine/index.ts';

export function wholeGame(variant: VariantId): { moves: string[]; winner: string | null } {
  const game = new Game(variant);
  while (!game.isGameOver()) {
    const moves = game.legalMoves().map((move) => `${move.from}-${move.to}`);
    const winning = moves.find((move) => {
      const probe = new Game(variant);
      for (const played of game.history()) probe.tryPlay(played.notation);
      probe.tryPlay(move);
      return probe.result?.winner === game.turn;
    });
    game.tryPlay(winning ?? moves[0]);
    if (game.history().length > 200) throw new Error('no end in sight');
  }
  return { moves: game.history().map((move) => move.notation), winner: game.result?.winner ?? null };
}
