/** The puzzles' plain data: what the store keeps, what the service answers, and why it refuses. */
import type { Rating } from '../core/glicko2.ts';
import { type Failure, type FailureParams, failure, type Outcome } from '../core/outcome.ts';
import type { Player } from '../core/players.ts';
import type { Game, PlayedMove, RefusalCode, VariantId } from '../engine/index.ts';
import type { PuzzleFailureCode } from './failures.ts';
import type { Puzzle } from './puzzle-file.ts';

export type PuzzleKind = 'practice' | 'daily';

/** A member's puzzle in progress. */
export interface Attempt {
  puzzleId: string;
  kind: PuzzleKind;
  /** The daily puzzle's day (UTC, `2026-11-23`). */
  day?: string;
  /** Plies of the puzzle's line played so far: the member's moves and the bot's defences. */
  plies: number;
  /** Whether the member asked for a hint. */
  hint: boolean;
  startedAt: number;
}

/** A member's puzzles in a server: `{<guild>}:puzzle-member:<user>`. */
export interface MemberPuzzlesDoc {
  schema: 1;
  current: Attempt | null;
  /** The puzzles shown to the member lately (the last SEEN_KEPT), not shown again while others are left. */
  seen: string[];
}

export interface PuzzleStandingRow {
  id: string;
  name: string;
  /** Glicko-2 puzzle rating, apart from the game ratings. */
  rating: Rating;
  solved: number;
  failed: number;
  dailySolved: number;
  /** Daily puzzles this member solved first (without a hint). */
  dailyFirsts: number;
  /** Days in a row the member solved the daily puzzle, up to `lastDaily`. */
  streak: number;
  lastDaily: string | null;
}

/** A server's puzzle table and streak: `{<guild>}:puzzle-standings`. */
export interface PuzzleStandingsDoc {
  schema: 1;
  members: Record<string, PuzzleStandingRow>;
  /** Days in a row on which someone in the server solved the daily puzzle, up to `lastDay`. */
  server: { streak: number; lastDay: string | null; best: number };
}

/** A puzzle's own rating in a server: `{<guild>}:puzzle-rating:<id>`. */
export interface PuzzleRatingDoc {
  schema: 1;
  rating: Rating;
  solved: number;
  failed: number;
}

export interface DailySolver {
  id: string;
  name: string;
  at: number;
  hint: boolean;
}

/** A server's puzzle of the day: `{<guild>}:puzzle-daily:<day>`. */
export interface DailyDoc {
  schema: 1;
  day: string;
  puzzleId: string;
  solvers: DailySolver[];
  /** Members who failed it (one try a day). */
  failed: string[];
  /** The message the bot posted at the set hour. */
  posted?: { channelId: string; messageId: string | null };
}

/** Where and when a server's daily puzzle is posted: `{<guild>}:puzzle-setup`. */
export interface PuzzleSetup {
  schema: 1;
  channelId: string;
  variant: VariantId;
  /** The hour of the day (UTC, 0–23) the puzzle is posted. */
  hour: number;
  by: Player;
  at: number;
}

/** Every code a puzzle's outcome may carry: the puzzles' own, and the engine's for a move the rules refuse. */
export type PuzzleOutcomeCode = PuzzleFailureCode | RefusalCode;
export type PuzzleFailure = Failure<PuzzleOutcomeCode>;
export type PuzzleOutcome<T> = Outcome<T, PuzzleOutcomeCode>;

export const puzzleFailure = <T = never>(
  code: PuzzleOutcomeCode,
  params: FailureParams = {},
): PuzzleOutcome<T> => failure(code, params);

/** A puzzle as shown: where it stands, and its rating now. */
export interface ShownPuzzle {
  puzzle: Puzzle;
  variant: VariantId;
  /** The position after the plies played so far. */
  game: Game;
  attempt: Attempt;
  rating: number;
}

/** How a finished attempt changed the member's puzzle rating. */
export interface RatingChange {
  before: number;
  after: number;
}

export interface MoveResult extends ShownPuzzle {
  status: 'continue' | 'solved' | 'failed';
  /** The member's move as played (on a failure, the wrong move). */
  played: PlayedMove;
  /** The bot's defence, when the puzzle goes on. */
  defence?: PlayedMove;
  /** On a failure: the move that wins, and the whole line from the start. */
  winningMove?: string;
  change?: RatingChange;
  /** The daily puzzle: whether this member is its first solver, and the server's streak. */
  daily?: { first: boolean; serverStreak: number; memberStreak: number };
}
