/**
 * Moves that lose at once: after them the other side wins on its next move, the king escaping
 * (the attackers moved) or taken (the defenders moved), where another move would have stopped it.
 * The review grades such a move a blunder whatever the winning chances say (accuracy.ts), and the
 * judgement of a practice answer does the same: near a decided position the chances saturate
 * (from an attacker's 15% to the king's escape is barely 14 points), and where the search already
 * sees a forced loss they do not move at all, yet the move that hands over the game at once is the
 * one a player most needs told of.
 */
import { Game, otherSide, type Side } from '../engine/index.ts';

/** After `mover`'s move, whether the other side can win at once: the king escape, or be captured. */
export function opensWinAtOnce(after: Game, mover: Side): boolean {
  if (after.result) return false;
  const threats = after.threats();
  return mover === 'attackers' ? threats.kingCanEscape : threats.kingCanBeCaptured;
}

/** A copy of the game, its moves replayed (repetitions count as they did). */
function copyOf(game: Game): Game {
  const copy = new Game({
    variant: game.variant,
    position: game.setup.position,
    sideToMove: game.setup.sideToMove,
  });
  copy.replay(game.history());
  return copy;
}

/**
 * A move of the side to move after which the other side cannot win at once (one that wins or
 * draws at once counts), or null when every move lets it.
 */
export function savingMove(before: Game): string | null {
  const mover = before.turn;
  const trial = copyOf(before);
  for (const { notation } of before.legalMoves()) {
    trial.play(notation);
    const result = trial.result;
    const saves = result ? result.winner !== otherSide(mover) : !opensWinAtOnce(trial, mover);
    trial.undo();
    if (saves) return notation;
  }
  return null;
}

/**
 * Whether `move` (legal, `from-to`) from `before` lets the other side win at once where another
 * move would not have; the saving move, when it did, else null.
 */
export function savingMoveMissed(before: Game, move: string): string | null {
  const after = copyOf(before);
  after.play(move);
  return opensWinAtOnce(after, before.turn) ? savingMove(before) : null;
}
