/**
 * A personal puzzle judged by the AI: whether an answer is about as good as the move the review
 * recommended, and what the move played in the game allowed (the AI's line after it). Pure: the
 * thinking is passed in (`think`), so the bot runs it in an AI worker and the tests on their own
 * thread.
 *
 * The judgement is the review's own, so that the two never disagree: the review's better move
 * solves the puzzle as it stands, the game's move never does, and any other answer is graded as
 * the review grades a move (accuracy.ts), by the winning chance it gives away next to the review's
 * move on the review's curve, and a blunder where it lets the king escape or be taken at once while
 * another move would not have. It solves the puzzle when the review would not even call it an
 * inaccuracy.
 */
import { MAX_PLY, WIN } from '../ai/scores.ts';
import { type Game, otherSide, type PlayedMove, type Side } from '../engine/index.ts';
import { type Grade, gradeMove } from './accuracy.ts';
import { savingMoveMissed } from './loss-at-once.ts';
import { DECISIVE } from './review.ts';
import { defendersChance, scaleFor } from './win-chance.ts';

/** The AI's look at a position, searched `maxDepth` plies deep at most: its move and the score for the side to move. */
export interface Thought {
  best: string;
  score: number;
  /** The depth the search finished. */
  depth: number;
}
export type Think = (position: Game, maxDepth: number) => Promise<Thought>;

/** How deep the AI looks at the puzzle's position; each move is then scored one ply less deep from the position after it. */
export const ROOT_DEPTH = 4;
/** Plies of the AI's line after the move played in the game: odd, so that it ends on the opponent's move. */
export const REFUTATION_PLIES = 5;

export interface AnswerRating {
  /** The move the answer is judged against: the review's better move, else the AI's best. */
  best: string;
  /** How far the answer falls short of the best move, in the evaluation's units (~100 a piece; 0 when it is as good or better). */
  shortfall: number;
  /** The winning chance, in percentage points, the answer gives away next to the best move. */
  chanceLost: number;
  /** The review's grade of the answer, were it played in the game (null: not even an inaccuracy). */
  grade: Grade | null;
  solved: boolean;
}

/** What the review said of the puzzle's position: its better move, the move of the game, its curve. */
export interface Reviewed {
  /** The review's better move, when it named one. */
  better: string | null;
  /** The move played in the game, which the review graded a mistake or a blunder. */
  played: string;
  /** The winning-chance curve's scale the review used (absent: today's for the variant). */
  winChanceScale?: number;
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

/** The score of a position for `side`: its result where the game ended (a win WIN), else the AI's. */
async function scoreFor(side: Side, position: Game, think: Think, depth: number): Promise<number> {
  const result = position.result;
  if (result) return result.winner === null ? 0 : result.winner === side ? WIN : -WIN;
  const { score } = await think(position, depth);
  return position.turn === side ? score : -score;
}

const isForcedWin = (score: number) => score >= WIN - MAX_PLY;

/**
 * Rates `answer` (legal, `from-to`) in the puzzle's position (`start()` makes a fresh copy) against
 * the review's better move (`reviewed`), or the AI's best when the review named none: both moves
 * scored alike, from the positions after them, and the answer graded as the review grades a move.
 */
export async function rateAnswer(
  start: () => Game,
  answer: string,
  think: Think,
  reviewed?: Reviewed,
): Promise<AnswerRating> {
  const position = start();
  const side = position.turn;
  const recommended =
    reviewed?.better && position.legalMoves().some((move) => move.notation === reviewed.better)
      ? reviewed.better
      : null;
  if (answer === recommended) return { best: answer, shortfall: 0, chanceLost: 0, grade: null, solved: true };
  let best = recommended;
  let depth = ROOT_DEPTH - 1;
  if (!best) {
    const root = await think(position, ROOT_DEPTH);
    best = root.best;
    depth = Math.max(1, root.depth - 1);
    if (best === answer && answer !== reviewed?.played)
      return { best, shortfall: 0, chanceLost: 0, grade: null, solved: true };
  }
  const after = async (move: string) => {
    const next = start();
    next.play(move);
    return scoreFor(side, next, think, depth);
  };
  const bestScore = await after(best);
  const answerScore = await after(answer);
  const scale = reviewed?.winChanceScale ?? scaleFor(position.variant);
  // The curve is symmetric: at a score from `side`'s view, the defenders' curve gives `side`'s chance.
  const chance = (score: number) => defendersChance(clip(score), scale);
  const chanceLost = Math.round(Math.max(0, chance(bestScore) - chance(answerScore)) * 10) / 10;
  const grade = gradeMove({
    chanceLost,
    thrownWinLeft: isForcedWin(bestScore) && !isForcedWin(answerScore) ? clip(answerScore) : null,
    lostAtOnce: savingMoveMissed(start(), answer) !== null,
  });
  return {
    best,
    shortfall: Math.max(0, clip(bestScore) - clip(answerScore)),
    chanceLost,
    grade,
    // The move of the game is the review's mistake, whatever this look makes of it.
    solved: grade === null && answer !== reviewed?.played,
  };
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
