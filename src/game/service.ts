/**
 * The game module, Discord-free: games, standings and challenges. Every change is one atomic
 * read-check-write through the store: two commands at the same instant (even from two bot
 * processes) apply exactly one, and the other is told the position changed. A move is reported
 * played only after it is committed.
 *
 * This file builds the module's parts, once, on one store and clock; callers use the parts:
 * - challenges (challenges.ts): made and answered; expiries (challenge-expiries.ts): expired, or
 *   taken by the AI;
 * - lifecycle (lifecycle.ts): a game started directly or against the AI, and a moderator's abort;
 * - play (play.ts, on game-changes.ts and player-actions.ts): the one way a game in progress changes;
 * - records (records.ts): finished games, the table's last game, standings, reviews;
 * - listing (listing.ts): a server's games in progress and open challenges (/games);
 * - due (due-turns.ts): clocks run out, reminders, the AI's turns;
 * - vacations (vacations.ts): members away, their clocks standing on their turns;
 * - variants (server-variants.ts), sides (side-records.ts); and a rematch (rematch.ts), which
 *   takes from several parts.
 */
import { randomBytes } from 'node:crypto';
import type { Player } from '../core/players.ts';
import type { Store } from '../store/index.ts';
import { ChallengeExpiries } from './challenge-expiries.ts';
import { Challenges, FIFTEEN_MINUTES, type GameMaker } from './challenges.ts';
import type { EndOfGameCount } from './commit-plan.ts';
import { DueTurns } from './due-turns.ts';
import { GameChanges } from './game-changes.ts';
import type { GameFeed } from './game-feed.ts';
import { GameLifecycle } from './lifecycle.ts';
import { GameListing } from './listing.ts';
import { GamePlay } from './play.ts';
import { GameRecords } from './records.ts';
import { type AiRematch, rematch } from './rematch.ts';
import { ServerVariants } from './server-variants.ts';
import { SideRecords } from './side-records.ts';
import type { Table } from './table.ts';
import type { Challenge, Outcome } from './types.ts';
import { Vacations } from './vacations.ts';

export type { AiTurn } from './ai-turns.ts';
export type { ExpiredChallenge } from './challenge-expiries.ts';
export type { GameChanged, GameFeed } from './game-feed.ts';
export type { AiGameInput, AiLevel } from './lifecycle.ts';
export type { Listed } from './listing.ts';
export type { AiRematch } from './rematch.ts';
export type { SweepResult } from './sweeper.ts';
export type { Table } from './table.ts';
export type { ActiveGame, Challenge, Outcome } from './types.ts';

export interface ServiceOptions {
  now?: () => number;
  challengeTtlMs?: number;
  newId?: () => string;
  random?: () => number;
  /** Told of every committed change of a game in progress (the web board's live updates). */
  feed?: GameFeed;
  /** What else every game with a result is counted in, in the commit that ends it (the opening tree). */
  endOfGameCount?: EndOfGameCount;
}

export class GameService {
  readonly challenges: Challenges;
  /** Challenges whose time is up: expired, or taken by the AI (challenge-expiries.ts). */
  readonly expiries: ChallengeExpiries;
  readonly lifecycle: GameLifecycle;
  readonly play: GamePlay;
  readonly records: GameRecords;
  readonly listing: GameListing;
  readonly due: DueTurns;
  /** The server's own variants and its default (see server-variants.ts). */
  readonly variants: ServerVariants;
  /** Ratings per side and each variant's side balance (see side-records.ts). */
  readonly sides: SideRecords;
  /** Members away: their clocks stand on their turns (vacations.ts). */
  readonly vacations: Vacations;

  constructor(store: Store, options: ServiceOptions = {}) {
    const now = options.now ?? Date.now;
    const newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
    const random = options.random ?? Math.random;
    const changes = new GameChanges(store, now, newId, options.feed, options.endOfGameCount);
    this.lifecycle = new GameLifecycle(store, changes, { now, newId, random });
    this.play = new GamePlay(changes, now);
    this.records = new GameRecords(store, changes);
    this.listing = new GameListing(store, (stored, revision) => changes.activate(stored, revision), now);
    this.due = new DueTurns(store, changes, now);
    this.variants = new ServerVariants(store, now);
    this.sides = new SideRecords(store);
    this.vacations = new Vacations(store, changes, this.listing, now);
    const maker: GameMaker = {
      newGame: (input) => changes.newGame(input),
      publish: (change) => changes.publish(change),
      activate: (stored, revision) => changes.activate(stored, revision),
      board: (table) => changes.board(table),
      rating: (guildId, userId, variant) => this.records.rating(guildId, userId, variant),
    };
    this.challenges = new Challenges(store, maker, {
      now,
      newId,
      random,
      challengeTtlMs: options.challengeTtlMs ?? FIFTEEN_MINUTES,
    });
    this.expiries = new ChallengeExpiries(store, this.challenges, maker, { now, newId });
  }

  /** A rematch of a finished game, sides swapped (see rematch.ts). */
  rematch(
    table: Table,
    gameId: string,
    user: Player,
    locale?: string,
  ): Promise<Outcome<Challenge | AiRematch>> {
    return rematch(
      {
        archived: (guildId, id) => this.records.archived(guildId, id),
        playAi: (input) => this.lifecycle.playAi(input),
        challenge: (input) => this.challenges.make(input),
      },
      table,
      gameId,
      user,
      locale,
    );
  }
}
