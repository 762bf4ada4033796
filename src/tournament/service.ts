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
 * Each job lives in its own module, built here once on the games (src/app.ts builds this); callers
 * use the parts: changes (changes.ts, the one way a tournament changes), signup (signup.ts: made,
 * joined, started; which one a command means), results (results.ts: results, withdrawals, forfeits,
 * cancelling) and rounds (rounds.ts: opening rounds).
 */
import { randomBytes } from 'node:crypto';
import type { GameService } from '../game/service.ts';
import type { Store } from '../store/index.ts';
import { TournamentChanges } from './changes.ts';
import type { TournamentGames } from './games.ts';
import { TournamentResults } from './results.ts';
import { RoundOpenings } from './rounds.ts';
import { TournamentSignup } from './signup.ts';

export { type Changed, TOURNAMENT_ROUNDS } from './changes.ts';
export type { CreateInput } from './signup.ts';
export type { TournamentEntry } from './types.ts';

export class Tournaments {
  /** The one way a tournament changes, and its reads (changes.ts). */
  readonly changes: TournamentChanges;
  /** Made, joined, started; which tournament a command means (signup.ts). */
  readonly signup: TournamentSignup;
  /** Results, withdrawals, forfeits, cancelling (results.ts). */
  readonly results: TournamentResults;
  /** Opening rounds: threads, games, posts (rounds.ts). */
  readonly rounds: RoundOpenings;

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
    this.rounds = new RoundOpenings(store, this.changes, games, now);
  }
}
