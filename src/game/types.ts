/** The service's plain data: what it stores and what it answers. */

import type { RatingRange } from '../core/glicko2.ts';
import {
  type Failure as CoreFailure,
  type Outcome as CoreOutcome,
  failure as coreFailure,
  success as coreSuccess,
  type FailureParams,
} from '../core/outcome.ts';
import type { Player } from '../core/players.ts';
import type { FischerControl, TimeControl } from '../core/time-controls.ts';
import type { Game, Side, VariantKey } from '../engine/index.ts';
import type { Clock } from './clock.ts';
import type { GameOutcomeCode } from './failures.ts';

/** A refusal of the game service or of the engine. */
export type Failure = CoreFailure<GameOutcomeCode>;
/** What the game service answers: its value, or a refusal by its code (see failures.ts). */
export type Outcome<T> = CoreOutcome<T, GameOutcomeCode>;

export const success = <T>(value: T): Outcome<T> => coreSuccess(value);
export const failure = <T = never>(code: GameOutcomeCode, params: FailureParams = {}): Outcome<T> =>
  coreFailure(code, params);

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

export interface Challenge {
  schema: 1;
  id: string;
  guildId: string;
  channelId: string;
  challenger: Player;
  /** The member challenged; null in an open challenge until someone accepts it (then whoever did). */
  opponent: Player | null;
  /** An open challenge (anyone may accept): the ratings in the variant it is open to, either bound optional. */
  open?: RatingRange;
  variant: VariantKey;
  /** A server variant's rule set as an OpenTafl rules string, as it was when the challenge was made. */
  rules?: string;
  /** The challenger's side, or random (drawn when the challenge is accepted). */
  side: Side | 'random';
  thread: boolean;
  /** Time per move; absent in challenges stored before clocks existed (no limit). */
  time?: TimeControl;
  /** A two-game match with sides swapped. */
  match?: boolean;
  /** A casual game: it counts for nothing in the ratings and standings (absent: rated). */
  casual?: true;
  /** The challenger's Discord locale: the challenge's message is in their language, and so is its expiry. */
  locale?: string;
  /** Expired by the expiry schedule, whose claimer edits the message (a late click updates it itself). */
  expiredBySchedule?: boolean;
  /** An open challenge the AI (level normal) takes when nobody has accepted it by `expiresAt`: how long it waits. */
  botAfterMs?: number;
  /** Taken by the AI when nobody accepted it: the expiry schedule's claimer edits the message, as for an expiry. */
  takenByBot?: true;
  createdAt: number;
  expiresAt: number;
  status: ChallengeStatus;
}

/** The two-game match of the armed-king rules: sides swapped for the second game. */
export interface MatchState {
  id: string;
  game: 1 | 2;
  /** Set for game 2: how game 1 went (the winner's player id, null for a draw, and how many moves they made). */
  first?: { players: Record<Side, Player>; winner: string | null; winnerMoves: number };
}

/** A game in progress as stored under its channel's key. */
export interface StoredGame {
  schema: 1;
  id: string;
  guildId: string;
  channelId: string;
  players: Record<Side, Player>;
  /** serializeGame() of the engine: variant, moves and any declared end. */
  record: string;
  drawOfferedBy: Side | null;
  /** A side asking to take back the last move, with the ply count it asked at. */
  undoRequest?: { by: Side; ply: number } | null;
  /** The time control's state for the turn in progress; absent or null without a time limit. */
  clock?: Clock | null;
  /**
   * The time per move the game was started with (null: no limit). Unlike the clock it stays when
   * the game ends, so a rematch keeps it; absent in games stored before it was kept.
   */
  perMoveMs?: number | null;
  /** A Fischer clock's main time and increment, kept when the game ends (absent: no Fischer clock). */
  fischer?: FischerControl | null;
  /**
   * With a Fischer clock: the mover's time left after each ply (increment included), for
   * /history, /export and replays. Entries from a game's first position on, one a ply.
   */
  timesLeft?: number[];
  match?: MatchState | null;
  /** In a game against the AI: its side and level. */
  ai?: { side: Side; level: 'easy' | 'normal' | 'hard' } | null;
  /** A game of a tournament's round: when it ends, its result is reported to the tournament. */
  tournament?: { id: string; round: number } | null;
  /** A casual game: its end leaves every rating and standing as it was (absent: rated). */
  casual?: true;
  /** The players away on vacation (their ids): their turns' clocks stand (vacation-clock.ts). Absent: none. */
  away?: string[];
  startedAt: number;
  updatedAt: number;
}

/** A member's vacation in a guild, as stored. */
export interface VacationDoc {
  schema: 1;
  /** The calendar year (UTC) `usedMs` counts for. */
  year: number;
  /** Time away already ended this year. */
  usedMs: number;
  /** When the vacation in progress began; null when the member is not away. */
  since: number | null;
}

/** A game in progress, loaded: the engine's Game with who plays it. */
export interface ActiveGame {
  id: string;
  guildId: string;
  channelId: string;
  variant: VariantKey;
  players: Record<Side, Player>;
  game: Game;
  drawOfferedBy: Side | null;
  undoRequest: { by: Side; ply: number } | null;
  clock: Clock | null;
  /** On a Fischer clock: its main time and increment, and the mover's time left after each ply. */
  fischer?: { control: FischerControl; timesLeft: number[] } | null;
  match: MatchState | null;
  ai: { side: Side; level: 'easy' | 'normal' | 'hard' } | null;
  tournament: { id: string; round: number } | null;
  /** A casual game: it counts for nothing in the ratings and standings. */
  casual: boolean;
  /** The players away on vacation (their ids), whose clocks stand on their turns. */
  away: string[];
  startedAt: number;
  /** The store revision this was loaded at. */
  revision: number;
}

/** A finished game, kept by id. */
export interface ArchivedGame extends StoredGame {
  endedAt: number;
  winner: Side | null;
  reason: string;
  /**
   * Set by the commit that archived the game when that commit also counted it in the opening
   * tree (or found nothing to count there). Absent on games archived before the explorer: the
   * backfill counts those (src/openings/backfill.ts), and only those.
   */
  openingsCounted?: true;
}

/** A game started directly, without a challenge (see GameService.startGame). */
export interface StartGameInput {
  guildId: string;
  channelId: string;
  players: Record<Side, Player>;
  game: Game;
  perMoveMs?: number | null;
  /** A Fischer clock instead of a time per move. */
  fischer?: FischerControl | null;
  /** A game against the AI: its side and level. */
  ai?: StoredGame['ai'];
  /** Game 1 of a two-game match, sides swapped for game 2. */
  match?: boolean;
  /** A tournament's game: its result is reported to the tournament when it ends. */
  tournament?: StoredGame['tournament'];
  /** A casual game, not rated (a tournament's game is always rated). */
  casual?: boolean;
}

/** The archive's reason for a game a moderator aborted: ended without a result. */
export const ABORTED = 'aborted';
