/** A tournament's stored form: one document, changed by compare-and-set. */
import type { Player } from '../core/players.ts';
import type { TimeControl } from '../core/time-controls.ts';
import type { Side, VariantKey } from '../engine/index.ts';

export type Format = 'round-robin' | 'swiss';
export const FORMATS: readonly Format[] = ['round-robin', 'swiss'];
export const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';

export interface Entrant extends Player {
  /** The order of joining, from 0: the seeding. */
  seed: number;
  /** Withdrew, or was removed by the organiser: their remaining games are forfeited. */
  withdrawn?: 'withdrew' | 'removed';
}

/** What a pairing came to: each side's points, and how. */
export interface PairingResult {
  attackers: number;
  defenders: number;
  how: 'played' | 'forfeit' | 'bye';
  /** The finished game's archived reason (resignation, timeout, …) when played. */
  reason?: string;
}

export interface Pairing {
  /** Player ids; `defenders` null: a bye for `attackers`. */
  attackers: string;
  defenders: string | null;
  /** The public thread the game is played in, once opened. */
  threadId?: string;
  /** The game, once started; results are recorded by it, once. */
  gameId?: string;
  result?: PairingResult;
}

export interface Round {
  number: number;
  /**
   * `opening`: paired, its threads and games being opened (the tournament-rounds schedule holds it
   * until they are); `playing`: every game started; `complete`: every pairing has a result.
   */
  status: 'opening' | 'playing' | 'complete';
  pairings: Pairing[];
  /** Its start was posted (the pairings with their threads). */
  announced?: boolean;
  /** The standings after it were posted. */
  standingsPosted?: boolean;
}

export interface TournamentDoc {
  schema: 1;
  id: string;
  guildId: string;
  /** The channel of the sign-up message, where the games' threads open and the standings are posted. */
  channelId: string;
  signupMessageId?: string;
  name: string;
  variant: VariantKey;
  /** A server variant's rules string, as it was when the tournament was made. */
  rules?: string;
  /** The variant's name, for messages. */
  variantName: string;
  format: Format;
  /** Swiss: as asked (or the default); round robin: set at the start, from the field. */
  rounds: number;
  /** A Swiss's rounds as asked at creation (null: by the field's size), kept for the start. */
  roundsAsked?: number | null;
  double: boolean;
  time: TimeControl;
  organiser: Player;
  status: TournamentStatus;
  players: Entrant[];
  /** Round robin: the whole schedule, by seed, fixed at the start. */
  schedule?: { attackers: number; defenders: number | null }[][];
  played: Round[];
  /** Swiss ended before its rounds were all played: nobody was left to pair without a repeat. */
  endedEarly?: boolean;
  /** The final standings were posted. */
  finalPosted?: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The guild's tournaments, for finding one by name or channel. */
export interface TournamentIndex {
  schema: 1;
  tournaments: { id: string; name: string; channelId: string; status: TournamentStatus; createdAt: number }[];
}

export type { Side };

/** A claimed schedule entry and the guild whose copy it came from. */
export interface TournamentEntry {
  guildId: string;
  entry: string;
}
