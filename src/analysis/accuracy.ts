/**
 * How accurately each side played, the way lichess measures it: every move is scored by the
 * winning chance it gave away, each move's accuracy falls off exponentially with that loss, and
 * the game's is the mean of a volatility-weighted mean and the harmonic mean, so that one blunder
 * in an otherwise clean game shows.
 */
import type { Side } from '../engine/index.ts';

/**
 * Winning chance given away, in percentage points, from which a move is an inaccuracy, a mistake,
 * a blunder. Lichess uses 5/10/15 on its chess engine's deep analysis; ours looks 200 ms at a
 * position and its curve is fitted to quick self-play, so its chances wobble more. Twice lichess's
 * thresholds: in 16 games of the AI against itself at a fixed depth, reviewed at that depth
 * (scripts/measure-accuracy.ts, 916 of its own moves), 29 moves gave away 5 points or more (lichess
 * would call the AI inaccurate twice a game), 5 gave away 10, 3 gave away 20, 1 gave away 30. On
 * 11x11, near an even game, a mistake here costs about what the old fixed threshold (1.5 pawns) did.
 */
export const INACCURACY = 10;
export const MISTAKE = 20;
export const BLUNDER = 30;

export type Grade = 'inaccuracy' | 'mistake' | 'blunder';

const SEVERITY: Record<Grade, number> = { inaccuracy: 1, mistake: 2, blunder: 3 };

/** The graver of two grades. */
export function graver(a: Grade | null, b: Grade | null): Grade | null {
  if (!a || !b) return a ?? b;
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}

/**
 * A move that gives away a forced win, graded as lichess grades a lost mate: by what is left of
 * the win, the mover's score after it (about 100 a pawn's worth): below 350 a blunder, below 700 a
 * mistake, else an inaccuracy. The chance it gives away may understate it: a forced win and a
 * good lead are both near-certain wins on the curve.
 */
export function thrownWinGrade(scoreAfter: number): Grade {
  return scoreAfter < 350 ? 'blunder' : scoreAfter < 700 ? 'mistake' : 'inaccuracy';
}

export function gradeOf(chanceLost: number): Grade | null {
  return chanceLost >= BLUNDER
    ? 'blunder'
    : chanceLost >= MISTAKE
      ? 'mistake'
      : chanceLost >= INACCURACY
        ? 'inaccuracy'
        : null;
}

/** What decides a move's grade, as the review and the judgement of a practice answer both see it. */
export interface MoveFacts {
  /** The winning chance the move gave away, in percentage points. */
  chanceLost: number;
  /** When the move gave away a forced win the mover had: the mover's score after it; else null. */
  thrownWinLeft: number | null;
  /**
   * The move let the other side win at once (the king escape, or be taken) where another move would
   * not have (loss-at-once.ts).
   */
  lostAtOnce: boolean;
}

/**
 * A move's grade: the one place grades are decided. A move that lets the other side win at once,
 * where another move would not have, is a blunder whatever the chances say: near a decided
 * position the curve saturates (a side at 15% that lets the king escape gives away 14 points), and
 * where the search sees a forced loss already, nothing at all. Else by the chance given away, or by
 * what is left of a forced win thrown away, whichever is graver.
 */
export function gradeMove({ chanceLost, thrownWinLeft, lostAtOnce }: MoveFacts): Grade | null {
  if (lostAtOnce) return 'blunder';
  return graver(gradeOf(chanceLost), thrownWinLeft === null ? null : thrownWinGrade(thrownWinLeft));
}

/** One side's accuracy (0..100, one decimal) over a game, and its moves by grade. */
export interface SideAccuracy {
  accuracy: number;
  moves: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** A move's accuracy (0..100) from the winning chance, in percent, before and after it, for the side that moved. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  // Lichess's bonus for the analysis's own imprecision.
  return Math.max(0, Math.min(100, raw + 1));
}

/**
 * Each side's accuracy, from the defenders' winning chance (percent) at every position of the game
 * (`chances[0]` at the start, `chances[i]` after the i-th move) and who made each move; null for a
 * side that made none. Each move is graded by the chance it gave away, unless `grades` says otherwise.
 */
export function gameAccuracy(
  chances: number[],
  movers: Side[],
  grades?: (Grade | null)[],
): Record<Side, SideAccuracy | null> {
  const plies = movers.length;
  // The volatility around each move: the standard deviation of the chances in a window of positions.
  const size = Math.max(2, Math.min(8, Math.floor(plies / 10)));
  const windows: number[][] = [];
  const first = chances.slice(0, size);
  for (let i = 0; i < Math.min(size, chances.length) - 2; i++) windows.push(first);
  for (let i = 0; i + size <= chances.length; i++) windows.push(chances.slice(i, i + size));
  const weights = windows.map((window) => Math.max(0.5, Math.min(12, standardDeviation(window))));
  const per: Record<Side, { accuracy: number; weight: number; grade: Grade | null }[]> = {
    attackers: [],
    defenders: [],
  };
  for (let i = 0; i < plies; i++) {
    const side = movers[i];
    const mine = (chance: number) => (side === 'defenders' ? chance : 100 - chance);
    const before = mine(chances[i]);
    const after = mine(chances[i + 1]);
    per[side].push({
      accuracy: moveAccuracy(before, after),
      weight: weights[i] ?? 0.5,
      grade: grades ? grades[i] : gradeOf(before - after),
    });
  }
  const summary = (moves: (typeof per)[Side]): SideAccuracy | null => {
    if (moves.length === 0) return null;
    const weighted =
      moves.reduce((sum, move) => sum + move.accuracy * move.weight, 0) /
      moves.reduce((sum, move) => sum + move.weight, 0);
    const harmonic = moves.length / moves.reduce((sum, move) => sum + 1 / Math.max(1, move.accuracy), 0);
    const graded = moves.map((move) => move.grade);
    return {
      accuracy: Math.round(((weighted + harmonic) / 2) * 10) / 10,
      moves: moves.length,
      inaccuracies: graded.filter((grade) => grade === 'inaccuracy').length,
      mistakes: graded.filter((grade) => grade === 'mistake').length,
      blunders: graded.filter((grade) => grade === 'blunder').length,
    };
  };
  return { attackers: summary(per.attackers), defenders: summary(per.defenders) };
}

function standardDeviation(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}
