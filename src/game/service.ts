/**
 * The game service: games, standings and the way in to challenges, Discord-free. Every change is
 * one atomic read-check-write through the store: two commands at the same instant (even from two
 * bot processes) apply exactly one, and the other is told the position changed. A move is
 * reported played only after it is committed.
 *
 * Each job lives in its own module; this class puts them together for the bot:
 * - challenges.ts: challenges made, answered, expired;
 * - lifecycle.ts: a game started directly or against the AI, and a moderator's abort;
 * - game-changes.ts with player-actions.ts: the one way a game in progress changes;
 * - records.ts: finished games, the table's last game, standings, reviews;
 * - rematch.ts, ai-turns.ts, sweeper.ts: a rematch, the AI's turns, the clocks;
 * - listing.ts: a server's games in progress and open challenges (/games).
 */
import { randomBytes } from 'node:crypto';
import type { GameReview } from '../analysis/review.ts';
import {
  type Game,
  type GameResult,
  loadGame,
  type PlayedMove,
  type Side,
  type VariantKey,
} from '../engine/index.ts';
import { type BackfillOptions, OpeningsBackfill } from '../openings/backfill.ts';
import { OpeningExplorer } from '../openings/explorer.ts';
import type { Store } from '../store/index.ts';
import { Tournaments } from '../tournament/service.ts';
import { AI_TURN_LEASE_MS, type AiTurn, claimAiTurns, holdAiTurn } from './ai-turns.ts';
import { type ChallengeInput, Challenges, type ExpiredChallenge, FIFTEEN_MINUTES } from './challenges.ts';
import { GameChanges } from './game-changes.ts';
import type { GameFeed } from './game-feed.ts';
import { type AiGameInput, GameLifecycle } from './lifecycle.ts';
import { GameListing, type Listed } from './listing.ts';
import {
  drawAcceptance,
  drawOffer,
  moreTime,
  playMove,
  resignation,
  undoAnswer,
  undoRequest,
} from './player-actions.ts';
import { type GameForRecord, GameRecords } from './records.ts';
import { type AiRematch, rematch } from './rematch.ts';
import { ServerVariants } from './server-variants.ts';
import { SideRecords } from './side-records.ts';
import type { MemberRecord, StandingRow } from './standings.ts';
import { type Suggestion, suggestMoves } from './suggestions.ts';
import { type SweepResult, sweepClocks } from './sweeper.ts';
import type { Table } from './table.ts';
import type { ActiveGame, ArchivedGame, Challenge, Outcome, Player, StartGameInput } from './types.ts';

export type { AiTurn } from './ai-turns.ts';
export type { ExpiredChallenge } from './challenges.ts';
export type { GameChanged, GameFeed } from './game-feed.ts';
export type { AiGameInput, AiLevel } from './lifecycle.ts';
export type { Listed } from './listing.ts';
export type { AiRematch } from './rematch.ts';
export type { SweepResult } from './sweeper.ts';
export type { Table } from './table.ts';
export type { ActiveGame, Challenge, Outcome, Player } from './types.ts';

export interface ServiceOptions {
  now?: () => number;
  challengeTtlMs?: number;
  newId?: () => string;
  random?: () => number;
  /** The opening tree's backfill of older games: batch size, claim, a hook after each batch. */
  openingsBackfill?: Omit<BackfillOptions, 'now'>;
  /** Told of every committed change of a game in progress (the web board's live updates). */
  feed?: GameFeed;
}

export class GameService {
  private readonly now: () => number;
  private readonly challenges: Challenges;
  private readonly changes: GameChanges;
  private readonly lifecycle: GameLifecycle;
  private readonly records: GameRecords;
  private readonly listing: GameListing;
  /** The server's own variants and its default (see server-variants.ts). */
  readonly variants: ServerVariants;
  /** A server's tournaments: sign-up, rounds, results (src/tournament/service.ts). */
  readonly tournaments: Tournaments;
  /** Ratings per side and each variant's side balance (see side-records.ts). */
  readonly sides: SideRecords;
  /** What the server's finished games played in their openings (src/openings). */
  readonly openings: OpeningExplorer;
  /** Counts games archived before the explorer into it, once per guild (src/openings/backfill.ts). */
  readonly openingsBackfill: OpeningsBackfill;

  constructor(
    private readonly store: Store,
    options: ServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    const newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
    const random = options.random ?? Math.random;
    this.changes = new GameChanges(store, this.now, newId, options.feed);
    this.lifecycle = new GameLifecycle(store, this.changes, { now: this.now, newId, random });
    this.records = new GameRecords(store, this.changes);
    this.listing = new GameListing(
      store,
      (stored, revision) => this.changes.activate(stored, revision),
      this.now,
    );
    this.variants = new ServerVariants(store, this.now);
    this.sides = new SideRecords(store);
    this.openings = new OpeningExplorer(store);
    this.openingsBackfill = new OpeningsBackfill(store, { ...options.openingsBackfill, now: this.now });
    this.tournaments = new Tournaments(store, this, { now: this.now, newId });
    this.challenges = new Challenges(
      store,
      {
        newGame: (input) => this.changes.newGame(input),
        activate: (stored, revision) => this.changes.activate(stored, revision),
      },
      { now: this.now, newId, random, challengeTtlMs: options.challengeTtlMs ?? FIFTEEN_MINUTES },
    );
  }

  /** The store and clock this service runs on, for the bot's parts that keep documents of their own (puzzles). */
  get storage(): { store: Store; now: () => number } {
    return { store: this.store, now: this.now };
  }

  // Challenges (see challenges.ts)

  async challenge(input: ChallengeInput): Promise<Outcome<Challenge>> {
    // A game stored over in the channel (see GameChanges.settle) ends now, leaving the channel
    // free; a store that fails here fails again in make(), which says so.
    if (!input.thread) await this.board(input).catch(() => null);
    return this.challenges.make(input);
  }

  challengeFor(guildId: string, id: string): Promise<Challenge | null> {
    return this.challenges.find(guildId, id);
  }

  /**
   * The challenged member accepts, or of an open challenge the first member to (within its rating
   * range); the game starts in `gameChannelId` (a new thread) or the challenge's channel.
   */
  acceptChallenge(
    guildId: string,
    id: string,
    user: Player,
    gameChannelId?: string,
  ): Promise<Outcome<{ challenge: Challenge; game: ActiveGame }>> {
    return this.challenges.accept(guildId, id, user, gameChannelId, (variant) =>
      this.records.rating(guildId, user.id, variant),
    );
  }

  declineChallenge(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.challenges.decline(guildId, id, user);
  }

  withdrawChallenge(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.challenges.withdraw(guildId, id, user);
  }

  /** Marks a pending challenge expired once its time is up. */
  expireChallenge(guildId: string, id: string): Promise<Outcome<Challenge>> {
    return this.challenges.expire(guildId, id);
  }

  /** Notes the message that shows a challenge, for whichever process expires it. */
  recordChallengeMessage(challenge: Challenge, messageId: string): Promise<void> {
    return this.challenges.recordMessage(challenge, messageId);
  }

  /**
   * Claims the challenges whose time is up (any process may; each goes to one) and marks them
   * expired; call `challengeExpiryDone` with each entry once its message is edited.
   */
  claimExpiredChallenges(limit?: number): Promise<ExpiredChallenge[]> {
    return this.challenges.claimExpired(limit);
  }

  challengeExpiryDone(guildId: string, entry: string): Promise<void> {
    return this.challenges.expiryDone(guildId, entry);
  }

  // A game's start and stop (see lifecycle.ts)

  /** Starts a game directly, without a challenge: for scripted positions (tests, puzzles) and tools. */
  startGame(input: StartGameInput): Promise<Outcome<ActiveGame>> {
    return this.lifecycle.startGame(input);
  }

  /** A game against the AI, started at once in the channel (refused when it has a game). */
  playAi(input: AiGameInput): Promise<Outcome<ActiveGame>> {
    return this.lifecycle.playAi(input);
  }

  /** A moderator stops the channel's game where it stands, without a result. */
  abortGame(table: Table): Promise<Outcome<{ game: ActiveGame }>> {
    return this.lifecycle.abortGame(table);
  }

  /** A rematch of a finished game, sides swapped (see rematch.ts). */
  rematch(
    table: Table,
    gameId: string,
    user: Player,
    locale?: string,
  ): Promise<Outcome<Challenge | AiRematch>> {
    return rematch(this, table, gameId, user, locale);
  }

  // The game in progress (see game-changes.ts and player-actions.ts)

  /** The game in progress at a table, or null. */
  board(table: Table): Promise<ActiveGame | null> {
    return this.changes.board(table);
  }

  /**
   * A move, timed at `at`: when the bot received it (a Fischer clock charges the mover up to
   * then, not for the bot's own work); `move` is null when the mover's time had run out.
   */
  move(
    table: Table,
    user: Player,
    text: string,
    at: number = this.now(),
    atPly?: number,
  ): Promise<
    Outcome<{ game: ActiveGame; move: PlayedMove | null; result: GameResult | null; nextGame?: ActiveGame }>
  > {
    return this.changes.change(table, user, { onTurnOnly: true, movedAt: at, atPly }, playMove(text, at));
  }

  resign(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; result: GameResult; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, resignation);
  }

  /** Offers a draw; if the opponent's offer is open, this agrees it. */
  offerDraw(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; agreed: boolean; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, drawOffer);
  }

  /** Accepts the opponent's open draw offer (the button carries the game id, so an old button cannot act on a new game). */
  acceptDraw(
    table: Table,
    user: Player,
    gameId?: string,
  ): Promise<Outcome<{ game: ActiveGame; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, drawAcceptance(gameId));
  }

  /** Autocomplete for /move: none for non-players or a player not on turn. */
  async suggestMoves(table: Table, userId: string, typed: string): Promise<Suggestion[]> {
    const active = await this.board(table);
    if (!active || active.game.isGameOver() || active.players[active.game.turn].id !== userId) return [];
    return suggestMoves(active.game, typed);
  }

  /** Asks the opponent to take back the last move. */
  requestUndo(table: Table, user: Player): Promise<Outcome<{ game: ActiveGame; ply: number }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, undoRequest);
  }

  /** The opponent answers an undo request; `ply` is the ply count the request was made at. */
  answerUndo(
    table: Table,
    user: Player,
    gameId: string,
    ply: number,
    accept: boolean,
  ): Promise<Outcome<{ game: ActiveGame; undone: string | null }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, undoAnswer(gameId, ply, accept));
  }

  // Time control

  /**
   * A player gives their opponent more time (see `moreTime` in player-actions.ts), in the game
   * `gameId` when given (a button's): the clock and its deadline change in one commit.
   */
  giveMoreTime(
    table: Table,
    user: Player,
    gameId?: string,
  ): Promise<Outcome<{ game: ActiveGame; given: number; to: Side }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, moreTime(gameId, this.now()));
  }

  /** Ends the games whose player on turn ran out of time and finds the players to remind (sweeper.ts). */
  sweep(limit = 50): Promise<SweepResult> {
    return sweepClocks(
      this.store,
      (table, extraSchedules, apply) =>
        this.changes.change(table, 'clock', { onTurnOnly: false, extraSchedules }, apply),
      this.now(),
      limit,
    );
  }

  /** Games where it is the AI's turn, claimed for this process for `leaseMs` (see ai-turns.ts). */
  claimAiTurns(leaseMs = AI_TURN_LEASE_MS, limit = 1): Promise<AiTurn[]> {
    return claimAiTurns(this.store, (table) => this.board(table), this.now(), leaseMs, limit);
  }

  /** Keeps a claimed AI turn this process's for another `leaseMs` while it thinks. */
  holdAiTurn(turn: AiTurn, leaseMs = AI_TURN_LEASE_MS): Promise<void> {
    return holdAiTurn(this.store, turn, this.now(), leaseMs);
  }

  // A server's games (see listing.ts)

  /** The guild's games in progress (at most MAX_LISTED read; the rest counted), in no order. */
  gamesInProgress(guildId: string): Promise<Listed<ActiveGame>> {
    return this.listing.games(guildId);
  }

  /** The guild's challenges waiting for an answer, the soonest to expire first. */
  openChallenges(guildId: string): Promise<Listed<Challenge>> {
    return this.listing.challenges(guildId);
  }

  // Records (see records.ts)

  /** The table's game in progress, or else the last one that ended there, for /export and /history. */
  gameForRecord(table: Table): Promise<GameForRecord | null> {
    return this.records.gameForRecord(table);
  }

  standings(guildId: string, variant?: VariantKey): Promise<StandingRow[]> {
    return this.records.standings(guildId, variant);
  }

  memberRecord(guildId: string, userId: string, variant?: VariantKey): Promise<MemberRecord | null> {
    return this.records.memberRecord(guildId, userId, variant);
  }

  /** An archived game's moves, loaded into the engine. */
  gameOf(archived: ArchivedGame): Game {
    return loadGame(archived.record);
  }

  /** The review /analyze made of a finished game, or null. */
  review(guildId: string, gameId: string): Promise<GameReview | null> {
    return this.records.review(guildId, gameId);
  }

  /** Keeps a finished game's review; the first kept stays. */
  saveReview(guildId: string, gameId: string, review: GameReview): Promise<void> {
    return this.records.saveReview(guildId, gameId, review);
  }

  /** A finished game of the guild, by its id (another guild's game is not found). */
  archived(guildId: string, gameId: string): Promise<ArchivedGame | null> {
    return this.records.archived(guildId, gameId);
  }
}
