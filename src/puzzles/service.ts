/**
 * Puzzles for members: a private puzzle on demand, the server's puzzle of the day, hints, and the
 * puzzle table, kept in the store like everything else (they survive restarts). Every change is
 * one compare-and-set commit of the documents it read; a commit that lost a race only on a shared
 * document (the server's table, a puzzle's rating) is tried again (transact.ts).
 *
 * Every key belongs to a server (see src/store/hash-tags.ts), so a puzzle's rating is per server
 * too: each server learns its own puzzle ratings, from the catalogue's rating on. Members' puzzle
 * ratings are per server and apart from their game ratings.
 *
 * Each job lives in its own module, built here once (src/app.ts builds this); callers use the parts:
 * - puzzle-variants.ts: which variants have puzzles;
 * - attempts.ts: a member's own puzzle, its moves and hints;
 * - daily.ts and daily-posts.ts: the puzzle of the day and its post;
 * - ratings.ts: ratings, counts and streaks after an attempt; puzzle-table.ts: the table;
 * - personal.ts and personal-service.ts: a member's own mistakes as puzzles, by spaced repetition.
 */
import { ServerVariants } from '../game/server-variants.ts';
import type { Store } from '../store/index.ts';
import { PuzzleAttempts } from './attempts.ts';
import type { PuzzleCatalogue } from './catalogue.ts';
import { DailyPuzzles } from './daily.ts';
import { DailyPosts } from './daily-posts.ts';
import { PersonalPuzzles } from './personal-service.ts';
import { type PuzzleTable, puzzleTable } from './puzzle-table.ts';
import { PuzzleVariants } from './puzzle-variants.ts';
import { PuzzleRatings } from './ratings.ts';

export type { DailyView } from './daily.ts';
export { DAILY_POSTS, type DuePost } from './daily-posts.ts';
export { currentStreak, dayOf, nextPostAt } from './days.ts';
export { puzzleKeys } from './keys.ts';
export type { PuzzleTable } from './puzzle-table.ts';

export class Puzzles {
  private readonly now: () => number;
  /** The variants with puzzles, and a server's default among them (puzzle-variants.ts). */
  readonly puzzleVariants: PuzzleVariants;
  /** A member's attempt at a puzzle: started, moved, hinted (attempts.ts). */
  readonly attempts: PuzzleAttempts;
  /** The day's puzzle of a server (daily.ts). */
  readonly days: DailyPuzzles;
  /** The daily post: set up, stopped, claimed when due, recorded (daily-posts.ts). */
  readonly posts: DailyPosts;
  /** A member's own mistakes as puzzles. */
  readonly personal: PersonalPuzzles;

  constructor(
    private readonly store: Store,
    readonly catalogue: PuzzleCatalogue,
    options: { now?: () => number; random?: () => number; variants?: ServerVariants } = {},
  ) {
    const now = options.now ?? Date.now;
    const random = options.random ?? Math.random;
    this.now = now;
    // The server's own variants are the game module's (src/app.ts passes them); alone, read the same documents.
    this.puzzleVariants = new PuzzleVariants(catalogue, options.variants ?? new ServerVariants(store, now));
    const ratings = new PuzzleRatings(store, catalogue, now);
    this.attempts = new PuzzleAttempts(store, catalogue, this.puzzleVariants, ratings, { now, random });
    this.days = new DailyPuzzles(store, catalogue, this.puzzleVariants, ratings, now);
    this.posts = new DailyPosts(store, this.puzzleVariants, this.days, now);
    this.personal = new PersonalPuzzles(store, now);
  }
  // The table (see puzzle-table.ts)

  table(guildId: string): Promise<PuzzleTable> {
    return puzzleTable(this.store, guildId, this.now);
  }
}
