/**
 * Why the game service refuses, as stable codes: challenges, games in progress, a server's own
 * variants. The words are the catalogues' (src/i18n), by code.
 */
import type { StoreFailureCode } from '../core/outcome.ts';
import type { RefusalCode } from '../engine/index.ts';

/** Why the game service refused; the words are the `failures` catalogue's `service` section. */
export type GameFailureCode =
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
  /** A vacation begun by a member already away. */
  | 'already-away'
  /** A vacation ended by a member not away. */
  | 'not-away'
  /** A vacation begun with no vacation days left this year (`days`: the year's allowance). */
  | 'no-vacation-left'
  /** A server's vacation days set outside 0 to 365 (`days`). */
  | 'vacation-days-invalid'
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
  | 'no-game'
  | 'not-a-player'
  | 'not-your-turn'
  | 'stale'
  | 'position-changed'
  | 'busy'
  /** The bot is behind on its interactions: refused at once, before any work. */
  | 'overloaded'
  | StoreFailureCode
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
  | 'unknown-variant';

/** Every code a game's outcome may carry: the service's, and the engine's own for a move the rules refuse. */
export type GameOutcomeCode = GameFailureCode | RefusalCode;
