/** The service's plain data: what it stores and what it answers. */
import type { Game, RefusalCode, Side, VariantKey } from '../engine/index.ts';
import type { Clock, TimeControl } from './clock.ts';
import type { FischerControl } from './fischer.ts';

export interface Player {
  id: string;
  /** The name shown on the board and in messages (the member's display name when they joined the game). */
  name: string;
}

/** The particulars of a refusal, for telling it in the player's language. */
export type FailureParams = Readonly<Record<string, string | number | undefined>>;

/**
 * Why the game service refused, as a stable code; the words are the catalogues' (src/i18n), by
 * code. A move the rules refuse keeps the engine's own code.
 */
export type ServiceFailureCode =
  | 'self'
  | 'bot'
  | 'channel-busy'
  | 'already-pending'
  | 'not-challenged'
  /** An open challenge: its challenger cannot accept it. */
  | 'own-open-challenge'
  /** An open challenge taken by someone else first (`name`). */
  | 'open-taken'
  /** An open challenge not open to the member's rating (`rating`, `min`, `max`). */
  | 'open-rating'
  /** A member has as many open challenges as allowed (`limit`). */
  | 'open-limit'
  /** An open challenge cannot open a thread (two acceptances at once would open two). */
  | 'open-thread'
  | 'not-challenged-decline'
  | 'not-challenger'
  | 'channel-taken'
  | 'challenge-changed'
  | 'challenge-answered'
  | 'no-challenge'
  | 'answered'
  | 'not-expired'
  | 'expired'
  | 'accepted'
  | 'declined'
  | 'withdrawn'
  | 'ai-no-draw'
  /** More time in a game without a time limit. */
  | 'no-clock'
  /** More time with a time per move, asked by the player on turn (their opponent has no move running). */
  | 'more-time-own-turn'
  /** More time once the side to move's time is up. */
  | 'time-up'
  | 'ai-no-undo'
  | 'already-offered'
  | 'stale-draw-offer'
  | 'no-offer'
  | 'own-offer'
  | 'nothing-to-undo'
  | 'already-asked'
  | 'stale-undo'
  | 'own-request'
  | 'game-gone'
  | 'not-in-that-game'
  | 'challenge-elsewhere'
  | 'rematch-elsewhere'
  | 'tournament-elsewhere'
  | 'no-game'
  | 'not-a-player'
  | 'not-your-turn'
  | 'stale'
  | 'position-changed'
  | 'busy'
  /** The bot is behind on its interactions: refused at once, before any work. */
  | 'overloaded'
  | 'store-unavailable'
  | 'store-silent'
  | 'variant-name-invalid'
  | 'variant-name-built-in'
  | 'variant-rules-too-long'
  | 'variant-rules-invalid'
  | 'variant-exists'
  | 'variant-limit'
  | 'variant-start-decided'
  | 'start-decided'
  | 'no-server-variant'
  | 'variants-changed'
  | 'unknown-variant'
  | 'no-tournament'
  | 'tournament-ambiguous'
  | 'tournament-channel-busy'
  | 'tournament-changed'
  | 'tournament-not-organiser'
  | 'tournament-name-invalid'
  | 'tournament-rounds-swiss-only'
  | 'tournament-double-round-robin-only'
  | 'tournament-started'
  | 'tournament-joined'
  | 'tournament-full'
  | 'tournament-not-joined'
  | 'tournament-too-few'
  | 'tournament-no-game'
  | 'tournament-game-ended'
  | 'tournament-over'
  | 'tournament-withdrawn';
export type FailureCode = ServiceFailureCode | RefusalCode;

export type Failure = { ok: false; code: FailureCode; params: FailureParams };
export type Outcome<T> = { ok: true; value: T } | Failure;

export { otherSide } from '../engine/index.ts';

/** Which side a member plays in a game, or null when they are not one of its players. */
export function sideOf(players: Readonly<Record<Side, Player>>, memberId: string): Side | null {
  return players.attackers.id === memberId
    ? 'attackers'
    : players.defenders.id === memberId
      ? 'defenders'
      : null;
}

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T = never>(code: FailureCode, params: FailureParams = {}): Outcome<T> => ({
  ok: false,
  code,
  params,
});

/** The ratings an open challenge is open to (in its variant), either bound optional. */
export interface RatingRange {
  min?: number;
  max?: number;
}

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
  startedAt: number;
  updatedAt: number;
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
