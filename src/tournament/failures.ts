/**
 * Why a tournament refuses, as stable codes, and what its changes answer: its own refusals, and
 * the game service's it passes on (a pairing's game that could not start). The words are the
 * `failures` catalogue's `service` section, beside the games' (src/i18n/failures.ts).
 */
import {
  failure as coreFailure,
  success as coreSuccess,
  type Failure,
  type FailureParams,
  type Outcome,
} from '../core/outcome.ts';
import type { GameOutcomeCode } from '../game/failures.ts';

export type TournamentFailureCode =
  | 'no-tournament'
  | 'tournament-ambiguous'
  /** A tournament named in another channel than the one the command was used in (`channelId`). */
  | 'tournament-elsewhere'
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

/** Every code a tournament's outcome may carry. */
export type TournamentOutcomeCode = TournamentFailureCode | GameOutcomeCode;
export type TournamentFailure = Failure<TournamentOutcomeCode>;
export type TournamentOutcome<T> = Outcome<T, TournamentOutcomeCode>;

export const success = <T>(value: T): TournamentOutcome<T> => coreSuccess(value);
export const failure = <T = never>(
  code: TournamentOutcomeCode,
  params: FailureParams = {},
): TournamentOutcome<T> => coreFailure(code, params);
