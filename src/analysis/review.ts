/**
 * A finished game looked at again: the AI's verdict on every position, and what each move cost
 * the side that played it. Pure: the thinking is passed in (`look`), so the bot can run it in the
 * AI's worker and the tests with a quick search on their own thread.
 */
import { Game, otherSide, type Side } from '../engine/index.ts';

/** Scores past this are a forced win or loss: every such score counts as this much. */
export const DECISIVE = 1000;
/** A move that costs its side at least this much (in the evaluation's units, ~100 a pawn's worth) is a mistake. */
export const MISTAKE = 150;
/** ...and at least this much, a blunder. */
export const BLUNDER = 400;

/** The AI's verdict on a position: its best move, and the score for the side to move. */
export interface Look {
  best: string;
  score: number;
}

export interface MoveReview {
  /** 1-based ply of the move. */
  ply: number;
  side: Side;
  notation: string;
  /** The position after the move, from the defenders' side (positive: the defenders stand better), clipped to ±DECISIVE. */
  evalAfter: number;
  /** What the move cost the side that played it (0 when it was as good as the AI's choice). */
  loss: number;
  /** The AI's move, when it differs from the one played. */
  better: string | null;
  verdict: 'blunder' | 'mistake' | null;
  /** After the move the king could be captured next move. */
  kingThreatened: boolean;
  /** Pieces the move captured. */
  captured: number;
}

export interface GameReview {
  schema: 1;
  /** The starting position, from the defenders' side. */
  evalStart: number;
  moves: MoveReview[];
  /** Each side's worst moves (mistakes and blunders), worst first, at most three. */
  worst: Record<Side, MoveReview[]>;
  /** Milliseconds the AI had for each position. */
  msPerPosition: number;
}

const clip = (score: number) => Math.max(-DECISIVE, Math.min(DECISIVE, Math.round(score)));

/**
 * Reviews every move of `game` (ended or not), asking `look` about each position where the game
 * went on; `progress` hears after each position.
 */
export async function reviewGame(
  game: Game,
  look: (position: Game) => Promise<Look>,
  { msPerPosition, progress }: { msPerPosition: number; progress?: (done: number, total: number) => void },
): Promise<GameReview> {
  const replay = new Game({
    variant: game.variant,
    position: game.setup.position,
    sideToMove: game.setup.sideToMove,
  });
  const played = game.history();
  const total = played.length + 1;
  const looks: (Look | null)[] = [];
  const threatened: boolean[] = [];
  for (let ply = 0; ply <= played.length; ply++) {
    if (ply > 0) {
      replay.play(played[ply - 1].notation);
      threatened.push(!replay.isGameOver() && replay.threats().kingCanBeCaptured);
    }
    // The last position of a game that ended on the board needs no thinking: its result is its score.
    looks.push(replay.isGameOver() ? null : await look(replay));
    progress?.(ply + 1, total);
  }
  return review(game, looks, threatened, msPerPosition);
}

/** The review from the AI's looks at positions 0..n (null where the game had ended). */
export function review(
  game: Game,
  looks: (Look | null)[],
  threatened: boolean[],
  msPerPosition: number,
): GameReview {
  const played = game.history();
  const result = game.result;
  /** A position's value from the defenders' side. */
  const value = (ply: number): number => {
    const seen = looks[ply];
    if (seen) {
      const toMove = ply === 0 ? game.setup.sideToMove : otherSide(played[ply - 1].side);
      return clip(toMove === 'defenders' ? seen.score : -seen.score);
    }
    // The game ended on the board here.
    if (!result || result.winner === null) return 0;
    return result.winner === 'defenders' ? DECISIVE : -DECISIVE;
  };
  const moves: MoveReview[] = played.map((move, index) => {
    const before = value(index);
    const after = value(index + 1);
    const sign = move.side === 'defenders' ? 1 : -1;
    const loss = Math.max(0, sign * (before - after));
    const best = looks[index]?.best ?? null;
    const verdict = loss >= BLUNDER ? 'blunder' : loss >= MISTAKE ? 'mistake' : null;
    return {
      ply: move.ply,
      side: move.side,
      notation: move.notation,
      evalAfter: after,
      loss,
      better: best && best !== `${move.from}-${move.to}` ? best : null,
      verdict,
      kingThreatened: threatened[index] ?? false,
      captured: move.captured.length,
    };
  });
  const worstOf = (side: Side) =>
    moves
      .filter((move) => move.side === side && move.verdict)
      .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
      .slice(0, 3);
  return {
    schema: 1,
    evalStart: value(0),
    moves,
    worst: { attackers: worstOf('attackers'), defenders: worstOf('defenders') },
    msPerPosition,
  };
}
