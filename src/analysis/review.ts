/**
 * A finished game looked at again: the AI's verdict on every position, and what each move cost
 * the side that played it, in score and in winning chance (win-chance.ts), with each side's
 * accuracy (accuracy.ts). Pure: the thinking is passed in (`look`), so the bot can run it in the
 * AI's worker and the tests with a quick search on their own thread.
 */

import { MAX_PLY, WIN } from '../ai/scores.ts';
import { Game, otherSide, type Side, type Variant } from '../engine/index.ts';
import { type Grade, gameAccuracy, gradeMove, type SideAccuracy } from './accuracy.ts';
import { opensWinAtOnce, savingMove } from './loss-at-once.ts';
import { defendersChance, scaleFor } from './win-chance.ts';

/** Scores past this are a forced win or loss: every such score counts as this much. */
export const DECISIVE = 1000;

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
  /** The winning chance, in percentage points, the move gave away (absent in reviews made before it was). */
  chanceLost?: number;
  /** The AI's move, when it differs from the one played. */
  better: string | null;
  /**
   * From the winning chance given away, and a blunder wherever the move let the other side win at
   * once while another move would not have (accuracy.ts): mistakes and blunders; an inaccuracy is null here.
   */
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
  /** The winning-chance curve's scale the review used, and each side's accuracy (absent in older reviews). */
  winChanceScale?: number;
  accuracy?: Record<Side, SideAccuracy | null>;
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
  const missed: (string | null)[] = [];
  for (let ply = 0; ply <= played.length; ply++) {
    if (ply > 0) {
      const move = played[ply - 1];
      replay.play(move.notation);
      threatened.push(!replay.isGameOver() && replay.threats().kingCanBeCaptured);
      // Rarely so: only then are the mover's other moves tried, from the position before.
      let saving: string | null = null;
      if (opensWinAtOnce(replay, move.side)) {
        replay.undo();
        saving = savingMove(replay);
        replay.play(move.notation);
      }
      missed.push(saving);
    }
    // The last position of a game that ended on the board needs no thinking: its result is its score.
    looks.push(replay.isGameOver() ? null : await look(replay));
    progress?.(ply + 1, total);
  }
  return review(game, looks, threatened, msPerPosition, scaleFor(game.variant), missed);
}

/**
 * The review from the AI's looks at positions 0..n (null where the game had ended); `missed[i]`,
 * a move that would have stopped what the (i+1)-th move let the other side do at once (the king
 * escape, or be taken), where it let it (loss-at-once.ts).
 */
export function review(
  game: Game,
  looks: (Look | null)[],
  threatened: boolean[],
  msPerPosition: number,
  scale = scaleFor(game.variant),
  missed: (string | null)[] = [],
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
  /** Whether `side` has a forced win at the position after `ply` moves (or won there, on the board). */
  const forcedWin = (ply: number, side: Side): boolean => {
    const seen = looks[ply];
    if (!seen) return result?.winner === side;
    const toMove = ply === 0 ? game.setup.sideToMove : otherSide(played[ply - 1].side);
    const forToMove = toMove === side ? seen.score : -seen.score;
    return forToMove >= WIN - MAX_PLY;
  };
  /** The defenders' winning chance at each position, the start's first. */
  const chances = Array.from({ length: played.length + 1 }, (_, ply) => defendersChance(value(ply), scale));
  const grades: (Grade | null)[] = [];
  const moves: MoveReview[] = played.map((move, index) => {
    const before = value(index);
    const after = value(index + 1);
    const sign = move.side === 'defenders' ? 1 : -1;
    const loss = Math.max(0, sign * (before - after));
    const chanceLost = Math.round(Math.max(0, sign * (chances[index] - chances[index + 1])) * 10) / 10;
    const saving = missed[index] ?? null;
    const threwWin = forcedWin(index, move.side) && !forcedWin(index + 1, move.side);
    const grade = gradeMove({
      chanceLost,
      thrownWinLeft: threwWin ? sign * after : null,
      lostAtOnce: saving !== null,
    });
    grades.push(grade);
    const moveText = `${move.from}-${move.to}`;
    // The AI's move; where the move lost at once and the AI saw no other (every move lost), the saving one.
    const looked = looks[index]?.best ?? null;
    const best = looked && looked !== moveText ? looked : saving;
    const verdict = grade === 'blunder' || grade === 'mistake' ? grade : null;
    return {
      ply: move.ply,
      side: move.side,
      notation: move.notation,
      evalAfter: after,
      loss,
      chanceLost,
      better: best && best !== moveText ? best : null,
      verdict,
      kingThreatened: threatened[index] ?? false,
      captured: move.captured.length,
    };
  });
  const worstOf = (side: Side) =>
    moves
      .filter((move) => move.side === side && move.verdict)
      .sort((a, b) => (b.chanceLost ?? 0) - (a.chanceLost ?? 0) || b.loss - a.loss || a.ply - b.ply)
      .slice(0, 3);
  return {
    schema: 1,
    evalStart: value(0),
    moves,
    worst: { attackers: worstOf('attackers'), defenders: worstOf('defenders') },
    msPerPosition,
    winChanceScale: scale,
    accuracy: gameAccuracy(
      chances,
      played.map((move) => move.side),
      grades,
    ),
  };
}

/**
 * Each side's accuracy in a review: as it was reviewed, or, for a review made before accuracy
 * was, from its scores by today's curve for the variant.
 */
export function accuracyOf(reviewed: GameReview, variant: Variant): Record<Side, SideAccuracy | null> {
  if (reviewed.accuracy) return reviewed.accuracy;
  const scale = scaleFor(variant);
  const chances = [reviewed.evalStart, ...reviewed.moves.map((move) => move.evalAfter)].map((score) =>
    defendersChance(score, scale),
  );
  return gameAccuracy(
    chances,
    reviewed.moves.map((move) => move.side),
  );
}
