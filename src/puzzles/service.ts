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
 * Each job lives in its own module; this class puts them together for the bot:
 * - puzzle-variants.ts: which variants have puzzles;
 * - attempts.ts: a member's own puzzle, its moves and hints;
 * - daily.ts and daily-posts.ts: the puzzle of the day and its post;
 * - ratings.ts: ratings, counts and streaks after an attempt; puzzle-table.ts: the table;
 * - personal.ts and personal-service.ts: a member's own mistakes as puzzles, by spaced repetition.
 */
import type { Player } from '../core/players.ts';
import type { VariantId } from '../engine/index.ts';
import { ServerVariants } from '../game/server-variants.ts';
import type { Store } from '../store/index.ts';
import { PuzzleAttempts } from './attempts.ts';
import type { PuzzleCatalogue } from './catalogue.ts';
import { DailyPuzzles, type DailyView } from './daily.ts';
import { DailyPosts, type DuePost } from './daily-posts.ts';
import { PersonalPuzzles } from './personal-service.ts';
import type { Puzzle } from './puzzle-file.ts';
import { type PuzzleTable, puzzleTable } from './puzzle-table.ts';
import { PuzzleVariants } from './puzzle-variants.ts';
import { PuzzleRatings } from './ratings.ts';
import type { MoveResult, PuzzleOutcome, PuzzleSetup, ShownPuzzle } from './types.ts';

export type { DailyView } from './daily.ts';
export { DAILY_POSTS, type DuePost } from './daily-posts.ts';
export { currentStreak, dayOf, nextPostAt } from './days.ts';
export { puzzleKeys } from './keys.ts';
export type { PuzzleTable } from './puzzle-table.ts';

export class Puzzles {
  private readonly now: () => number;
  private readonly puzzleVariants: PuzzleVariants;
  private readonly attempts: PuzzleAttempts;
  private readonly days: DailyPuzzles;
  private readonly posts: DailyPosts;
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

  /** The variants with puzzles. */
  variants(): VariantId[] {
    return this.puzzleVariants.all();
  }

  /** The puzzles a server gets when it names none: those of its default variant's board size. */
  defaultVariant(guildId: string): Promise<VariantId | null> {
    return this.puzzleVariants.defaultFor(guildId);
  }

  // A member's puzzle (see attempts.ts)

  /** The member's puzzle in progress, as it stands. */
  current(guildId: string, userId: string): Promise<ShownPuzzle | null> {
    return this.attempts.current(guildId, userId);
  }

  /** A new puzzle for the member, of `variant` (or the server's); one left unfinished after a move or a hint counts as failed. */
  start(
    guildId: string,
    player: Player,
    variant?: string,
  ): Promise<PuzzleOutcome<ShownPuzzle & { abandoned: Puzzle | null }>> {
    return this.attempts.start(guildId, player, variant);
  }

  /** Plays the member's move; the bot answers with the defence, until the puzzle is solved or failed. */
  move(guildId: string, player: Player, text: string): Promise<PuzzleOutcome<MoveResult>> {
    return this.attempts.move(guildId, player, text);
  }

  /** The piece to move next; the attempt is marked as helped (a solve then scores ½). */
  hint(guildId: string, userId: string): Promise<PuzzleOutcome<ShownPuzzle & { square: string }>> {
    return this.attempts.hint(guildId, userId);
  }

  // The puzzle of the day (see daily.ts and daily-posts.ts)

  /** The server's puzzle of the day, the same for everyone; the asking member's attempt at it starts. */
  daily(guildId: string, player: Player): Promise<PuzzleOutcome<DailyView>> {
    return this.days.daily(guildId, player);
  }

  /** The day's puzzle as everyone sees it (for the post), chosen on first sight. */
  dailyView(guildId: string, day: string): Promise<Omit<DailyView, 'status'>> {
    return this.days.dailyView(guildId, day);
  }

  /** The server's puzzle on `day`. */
  dailyPuzzle(guildId: string, variant: VariantId, day: string): Puzzle {
    return this.days.dailyPuzzle(guildId, variant, day);
  }

  /** Moderators: post the daily puzzle to `channelId` at `hour` o'clock UTC, from `variant`'s puzzles. */
  setup(
    guildId: string,
    input: { channelId: string; variant: string; hour: number; by: Player },
  ): Promise<PuzzleOutcome<PuzzleSetup & { next: number }>> {
    return this.posts.setup(guildId, input);
  }

  /** Moderators: no more daily posts (the daily puzzle stays, by `/puzzle daily`). */
  stop(guildId: string): Promise<PuzzleOutcome<PuzzleSetup>> {
    return this.posts.stop(guildId);
  }

  setupOf(guildId: string): Promise<PuzzleSetup | null> {
    return this.posts.setupOf(guildId);
  }

  /** Claims the servers whose daily post is due; call `postDone` for each once posted. */
  claimDuePosts(leaseMs = 60_000, limit = 20): Promise<DuePost[]> {
    return this.posts.claimDuePosts(leaseMs, limit);
  }

  /** Records the day's post (null: the channel would not take it) and schedules the next one. */
  postDone(due: DuePost, messageId: string | null): Promise<void> {
    return this.posts.postDone(due, messageId);
  }

  // The table (see puzzle-table.ts)

  table(guildId: string): Promise<PuzzleTable> {
    return puzzleTable(this.store, guildId, this.now);
  }
}
