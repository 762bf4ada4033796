/**
 * Tournaments in the store, Discord-free: one document per tournament and an index per guild,
 * each changed by compare-and-set (a conflicting change is read again and retried), and two
 * schedules that any bot process may claim:
 *
 * Each guild has its own copy of each schedule: a claimed entry comes with its guild.
 *
 * - `schedule:tournament-results` (the game service adds `<tournament>|<game>` in the commit that
 *   ends a tournament game): the claimer records the result, keyed by the game, and in the same
 *   commit removes the entry and, when that completes the round, pairs the next one. Two games
 *   ending at once in two processes: one commit wins, the other reads again and sees the round
 *   complete, so a round is paired exactly once.
 * - `schedule:tournament-rounds` (`<tournament>|<round>`, or `|final`), added in the commit that
 *   pairs a round (or ends the tournament): the claimer posts the standings and opens the round's
 *   threads and games, recording each thread and game as it goes, so that a process that takes
 *   over after a crash goes on where the first stopped.
 *
 * Each job lives in its own module; this class puts them together for the bot: changes.ts (the one
 * way a tournament changes), signup.ts (made, joined, started; which one a command means),
 * results.ts (results, withdrawals, forfeits, cancelling) and openings.ts (opening rounds).
 */
import { randomBytes } from 'node:crypto';
import type { Player } from '../core/players.ts';
import type { Variant } from '../engine/index.ts';
import type { GameService } from '../game/service.ts';
import type { ActiveGame } from '../game/types.ts';
import type { Store } from '../store/index.ts';
import { type Changed, TournamentChanges } from './changes.ts';
import type { TournamentOutcome } from './failures.ts';
import type { TournamentGames } from './games.ts';
import { RoundOpenings } from './openings.ts';
import { TournamentResults } from './results.ts';
import { type CreateInput, TournamentSignup } from './signup.ts';
import type { PairingPlace } from './tournament.ts';
import type { TournamentDoc, TournamentEntry, TournamentIndex } from './types.ts';

export { type Changed, TOURNAMENT_ROUNDS } from './changes.ts';
export type { CreateInput } from './signup.ts';
export type { TournamentEntry } from './types.ts';

export class Tournaments {
  private readonly changes: TournamentChanges;
  private readonly signup: TournamentSignup;
  private readonly results: TournamentResults;
  private readonly openings: RoundOpenings;

  constructor(
    store: Store,
    service: GameService,
    options: { now?: () => number; newId?: () => string } = {},
  ) {
    const now = options.now ?? Date.now;
    const newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
    const games: TournamentGames = {
      startGame: (input) => service.lifecycle.startGame(input),
      board: (table) => service.play.board(table),
      abortGame: (table) => service.lifecycle.abortGame(table),
      archived: (guildId, gameId) => service.records.archived(guildId, gameId),
    };
    this.changes = new TournamentChanges(store, now);
    this.signup = new TournamentSignup(store, this.changes, { now, newId });
    this.results = new TournamentResults(store, this.changes, games, now);
    this.openings = new RoundOpenings(store, this.changes, games, now);
  }

  // Reading

  get(guildId: string, id: string): Promise<TournamentDoc | null> {
    return this.changes.get(guildId, id);
  }

  list(guildId: string): Promise<TournamentIndex['tournaments']> {
    return this.changes.list(guildId);
  }

  /** The tournament a command means (see signup.ts). */
  resolve(
    guildId: string,
    where: { named?: string | null; channelId: string; parentId?: string | null },
  ): Promise<TournamentOutcome<TournamentDoc>> {
    return this.signup.resolve(guildId, where);
  }

  // Sign-up (see signup.ts)

  create(input: CreateInput): Promise<TournamentOutcome<TournamentDoc>> {
    return this.signup.create(input);
  }

  /** Notes the sign-up message, whose list and buttons change as members join. */
  recordSignupMessage(guildId: string, id: string, messageId: string): Promise<void> {
    return this.signup.recordSignupMessage(guildId, id, messageId);
  }

  join(guildId: string, id: string, player: Player): Promise<TournamentOutcome<Changed>> {
    return this.signup.join(guildId, id, player);
  }

  leave(guildId: string, id: string, playerId: string): Promise<TournamentOutcome<Changed>> {
    return this.signup.leave(guildId, id, playerId);
  }

  /** The organiser (or a member who may manage events) starts it: round 1 is paired, to be opened. */
  start(guildId: string, id: string, by: Player, mayManage: boolean): Promise<TournamentOutcome<Changed>> {
    return this.signup.start(guildId, id, by, mayManage);
  }

  // Results, withdrawals, forfeits, the end (see results.ts)

  /** Claims ended tournament games (each goes to one process); record each with `recordResult`. */
  claimResults(limit = 20): Promise<TournamentEntry[]> {
    return this.results.claimResults(limit);
  }

  /** Records a claimed game's result in its tournament, once, and settles the entry in the same commit. */
  recordResult(
    guildId: string,
    entry: string,
  ): Promise<{
    changed: Changed | null;
    aborted: boolean;
    undecided?: { doc: TournamentDoc; threadId: string };
  }> {
    return this.results.recordResult(guildId, entry);
  }

  /** The member leaves (before the start: drops out of the sign-up); their game under way is forfeited. */
  withdraw(
    guildId: string,
    id: string,
    playerId: string,
    how: 'withdrew' | 'removed',
    by?: Player,
    mayManage = false,
  ): Promise<TournamentOutcome<Changed>> {
    return this.results.withdraw(guildId, id, playerId, how, by, mayManage);
  }

  /** The organiser forfeits a stalled game: the member named loses it, their opponent scores the point. */
  forfeit(
    guildId: string,
    id: string,
    loserId: string,
    by: Player,
    mayManage: boolean,
  ): Promise<TournamentOutcome<Changed & { place: PairingPlace }>> {
    return this.results.forfeit(guildId, id, loserId, by, mayManage);
  }

  /** The organiser calls it off: games under way end without a result, nothing more is paired. */
  cancel(guildId: string, id: string, by: Player, mayManage: boolean): Promise<TournamentOutcome<Changed>> {
    return this.results.cancel(guildId, id, by, mayManage);
  }

  // Opening rounds (see openings.ts)

  /** Claims rounds to open and ends to post: `<tournament>|<round>` or `<tournament>|final`. */
  claimOpenings(limit = 5): Promise<TournamentEntry[]> {
    return this.openings.claimOpenings(limit);
  }

  /** An opening entry dealt with (or pointless: the tournament gone or cancelled). */
  openingDone(guildId: string, entry: string): Promise<void> {
    return this.openings.openingDone(guildId, entry);
  }

  /** Notes a pairing's thread; when another process noted one first, that one is returned. */
  recordThread(
    guildId: string,
    id: string,
    place: PairingPlace,
    threadId: string,
  ): Promise<TournamentOutcome<string>> {
    return this.openings.recordThread(guildId, id, place, threadId);
  }

  /** Starts a pairing's game in its thread (or finds it there, started already) and notes it. */
  startPairingGame(guildId: string, id: string, place: PairingPlace): Promise<TournamentOutcome<ActiveGame>> {
    return this.openings.startPairingGame(guildId, id, place);
  }

  /** The round is open: every game started (or settled). Its entry goes in the same commit. */
  roundOpened(
    guildId: string,
    id: string,
    round: number,
    entry: string,
  ): Promise<TournamentOutcome<Changed>> {
    return this.openings.roundOpened(guildId, id, round, entry);
  }

  /** The standings after every round up to `round` are posted. */
  standingsPosted(guildId: string, id: string, round: number): Promise<void> {
    return this.openings.standingsPosted(guildId, id, round);
  }

  /** The final standings are posted; the entry goes in the same commit. */
  finalPosted(guildId: string, id: string, entry: string): Promise<void> {
    return this.openings.finalPosted(guildId, id, entry);
  }

  /** The tournament's variant: the rule set it was made with. */
  variantOf(doc: TournamentDoc): Variant | null {
    return this.openings.variantOf(doc);
  }
}
