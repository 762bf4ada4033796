/**
 * A personal puzzle judged by the AI: whether an answer is about as good as the AI's best move in
 * the position, and what the move played in the game allowed (the AI's line after it). Pure: the
 * thinking is passed in (`think`), so the bot runs it in an AI worker and the tests on their own
 * thread.
 */
import { type Game, otherSide, type PlayedMove, type Side } from '../engine/index.ts';
import { DECISIVE } from './review.ts';

/** The AI's look at a position, searched `maxDepth` plies deep at most: its move and the score for the side to move. */
export interface Thought {
  best: string;
  score: number;
  /** The depth the search finished. */
  depth: number;
}
export type Think = (position: Game, maxDepth: number) => Promise<Thought>;

/** An answer this close to the AI's best (in the evaluation's units, ~100 a piece) solves the puzzle. */
export const ANSWER_MARGIN = 50;
/** How deep the AI looks at the puzzle's position; each move is then scored one ply less deep from the position after it. */
export const ROOT_DEPTH = 4;
/** Plies of the AI's line after the move played in the game: odd, so that it ends on the opponent's move. */
export const REFUTATION_PLIES = 5;

export interface AnswerRating {
  /** The AI's best move in the position. */
  best: string;
  /** How far the answer falls short of the best move (0 when it is as good or better). */
  shortfall: number;
  solved: boolean;
}

/** What the move played in the game allowed, by the AI's line after it. */
export type Allowed =
  | { kind: 'king-escapes' }
  | { kind: 'king-captured' }
  | { kind: 'game-lost' }
  | { kind: 'pieces-lost'; squares: string[] }
  | { kind: 'king-threatened' }
  | { kind: 'worse' };

export interface Refutation {
  /** The AI's line after the move played, starting with the opponent's answer (with captures, `e5-e8xe9`). */
  line: string[];
  allowed: Allowed;
}

const clip = (score: number) => Math.max(-DECISIVE, Math.min(DECISIVE, Math.round(score)));

/** The value of a position for `side`, clipped to ±DECISIVE: its result where the game ended, else the AI's score. */
async function valueFor(side: Side, position: Game, think: Think, depth: number): Promise<number> {
  const result = position.result;
  if (result) return result.winner === null ? 0 : result.winner === side ? DECISIVE : -DECISIVE;
  const { score } = await think(position, depth);
  return clip(position.turn === side ? score : -score);
}

/**
 * Rates `answer` (legal, `from-to`) in the puzzle's position (`start()` makes a fresh copy): the
 * AI's best move, and both moves scored alike, from the positions after them at one ply less than
 * the AI's look reached.
 */
export async function rateAnswer(start: () => Game, answer: string, think: Think): Promise<AnswerRating> {
  const position = start();
  const side = position.turn;
  const root = await think(position, ROOT_DEPTH);
  if (root.best === answer) return { best: root.best, shortfall: 0, solved: true };
  const depth = Math.max(1, root.depth - 1);
  const after = async (move: string) => {
    const next = start();
    next.play(move);
    return valueFor(side, next, think, depth);
  };
  const bestValue = await after(root.best);
  const answerValue = await after(answer);
  const shortfall = Math.max(0, bestValue - answerValue);
  return { best: root.best, shortfall, solved: shortfall <= ANSWER_MARGIN };
}

/** The AI's line after `played` (the move of the game) and what it allowed the side that played it. */
export async function refute(start: () => Game, played: string, think: Think): Promise<Refutation> {
  const game = start();
  const side = game.turn;
  const own = game.play(played);
  const line: PlayedMove[] = [];
  while (line.length < REFUTATION_PLIES && !game.isGameOver()) {
    const { best } = await think(game, ROOT_DEPTH);
    line.push(game.play(best));
  }
  return { line: line.map((move) => move.notation), allowed: allowedBy(game, side, [own, ...line]) };
}

/** What the line `moves` (from the side's move on) did to `side`, judged from where it ended. */
export function allowedBy(game: Game, side: Side, moves: PlayedMove[]): Allowed {
  const result = game.result;
  if (result && result.winner === otherSide(side)) {
    if (result.reason === 'king-escaped' || result.reason === 'exit-fort') return { kind: 'king-escapes' };
    if (result.reason === 'king-captured' || result.reason === 'enclosed') return { kind: 'king-captured' };
    return { kind: 'game-lost' };
  }
  const lost = moves.filter((move) => move.side !== side).flatMap((move) => move.captured);
  const won = moves.filter((move) => move.side === side).flatMap((move) => move.captured);
  if (lost.length > won.length) return { kind: 'pieces-lost', squares: lost };
  if (!result) {
    const threats = game.threats();
    const threatened = side === 'attackers' ? threats.kingCanEscape : threats.kingCanBeCaptured;
    if (threatened) return { kind: 'king-threatened' };
  }
  return { kind: 'worse' };
}
