/**
 * Puzzles for members: a private puzzle on demand, the server's puzzle of the day, hints, and the
 * puzzle table, kept in the store like everything else (they survive restarts). Every change is
 * one compare-and-set commit of the documents it read; a commit that lost a race only on a shared
 * document (the server's table, a puzzle's rating) is tried again.
 *
 * Ratings: each finished attempt is one Glicko-2 game between the member and the puzzle: solved
 * scores 1, solved after a hint ½, failed 0. Every key belongs to a server (see
 * src/store/hash-tags.ts), so a puzzle's rating is per server too: each server learns its own
 * puzzle ratings, from the catalogue's rating on. Members' puzzle ratings are per server and apart
 * from their game ratings.
 */
import { getVariant, type PlayedMove, type VariantId } from '../engine/index.ts';
import { INITIAL, type Rating, rate } from '../game/glicko2.ts';
import { ServerVariants } from '../game/server-variants.ts';
import type { Player } from '../game/types.ts';
import { inGuild } from '../store/hash-tags.ts';
import { type ScheduleChange, type Store, StoreUnavailableError, type Write } from '../store/index.ts';
import { PUZZLE_FAMILIES, type PuzzleCatalogue, puzzleGame, variantOfPuzzle } from './catalogue.ts';
import type { Puzzle } from './puzzle-file.ts';
import type {
  Attempt,
  DailyDoc,
  MemberPuzzlesDoc,
  MoveResult,
  PuzzleFailureCode,
  PuzzleOutcome,
  PuzzleRatingDoc,
  PuzzleSetup,
  PuzzleStandingRow,
  PuzzleStandingsDoc,
  RatingChange,
  ShownPuzzle,
} from './types.ts';

/** Every key the puzzles write, each of a server. The store adds its namespace. */
export const puzzleKeys = {
  member: (guildId: string, userId: string) => inGuild(guildId, `puzzle-member:${userId}`),
  standings: (guildId: string) => inGuild(guildId, 'puzzle-standings'),
  rating: (guildId: string, puzzleId: string) => inGuild(guildId, `puzzle-rating:${puzzleId}`),
  daily: (guildId: string, day: string) => inGuild(guildId, `puzzle-daily:${day}`),
  setup: (guildId: string) => inGuild(guildId, 'puzzle-setup'),
};

/** Servers (by id) by the time their daily puzzle is due to be posted: any process may claim one. */
export const DAILY_POSTS = 'schedule:daily-puzzles';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Attempts for a commit that lost a race on a shared document only. */
const RETRIES = 5;
/** How many recently shown puzzles a member is not shown again. */
const SEEN_KEPT = 400;
/** A new puzzle is drawn from the unseen ones nearest the member's rating. */
const NEAREST = 12;
/** A puzzle's first deviation: its rating comes from the search, surer than a new player's. */
const PUZZLE_RD = 200;

/** The UTC day of a time, `2026-11-23`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayBefore = (day: string): string => dayOf(dayStart(day) - DAY_MS);

/** The next time at `hour` o'clock UTC after `now`. */
export function nextPostAt(now: number, hour: number): number {
  const today = dayStart(dayOf(now)) + hour * 60 * 60 * 1000;
  return today > now ? today : today + DAY_MS;
}

/** A streak of days as it stands on `today`: broken when its last day is before yesterday. */
export function currentStreak(streak: number, lastDay: string | null, today: string): number {
  return lastDay === today || lastDay === dayBefore(today) ? streak : 0;
}

/** The streak after a solve on `day`. */
function extended(streak: number, lastDay: string | null, day: string): { streak: number; lastDay: string } {
  if (lastDay === day) return { streak, lastDay };
  if (lastDay && lastDay > day) return { streak, lastDay }; // an older day's puzzle, solved late
  return { streak: lastDay === dayBefore(day) ? streak + 1 : 1, lastDay: day };
}

const failure = <T>(code: PuzzleFailureCode | PuzzleFailure['code'], params: PuzzleFailure['params'] = {}) =>
  ({ ok: false, code, params }) as PuzzleOutcome<T>;
type PuzzleFailure = Extract<PuzzleOutcome<never>, { ok: false }>;

/** FNV-1a: a fixed shuffle of the puzzles for each server's daily sequence. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const notation = (move: PlayedMove) => `${move.from}-${move.to}`;

export interface DailyView {
  day: string;
  puzzle: Puzzle;
  variant: VariantId;
  rating: number;
  solvers: DailyDoc['solvers'];
  failed: number;
  /** The asking member's part: not tried yet, under way, solved or failed. */
  status: 'new' | 'open' | 'solved' | 'failed';
  serverStreak: number;
}

export interface DuePost {
  guildId: string;
  setup: PuzzleSetup;
  day: string;
  puzzle: Puzzle;
  /** Already posted that day (the claim came again after the post was recorded): only reschedule. */
  posted: boolean;
}

export interface PuzzleTable {
  rows: (PuzzleStandingRow & { currentStreak: number })[];
  serverStreak: number;
  bestStreak: number;
}

export class Puzzles {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly serverVariants: ServerVariants;

  constructor(
    private readonly store: Store,
    readonly catalogue: PuzzleCatalogue,
    options: { now?: () => number; random?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.serverVariants = new ServerVariants(store, this.now);
  }

  /** The variants with puzzles. */
  variants(): VariantId[] {
    return this.catalogue.variants();
  }

  /** The puzzles a server gets when it names none: those of its default variant's board size. */
  async defaultVariant(guildId: string): Promise<VariantId | null> {
    const size = (await this.serverVariants.defaultFor(guildId)).size;
    const family = PUZZLE_FAMILIES.find(
      ({ variant }) => getVariant(variant).size === size && this.catalogue.has(variant),
    );
    return family?.variant ?? this.variants()[0] ?? null;
  }

  /** Whether `variant` names one with puzzles; the refusal lists those that have them. */
  private checkVariant(variant: string): PuzzleOutcome<VariantId> {
    if (this.catalogue.has(variant as VariantId)) return { ok: true, value: variant as VariantId };
    return failure('no-puzzles-for-variant', { variant, choices: this.variants().join(', ') });
  }

  // A member's puzzle

  /** The member's puzzle in progress, as it stands. */
  async current(guildId: string, userId: string): Promise<ShownPuzzle | null> {
    const read = await this.store.read<MemberPuzzlesDoc>(puzzleKeys.member(guildId, userId));
    const attempt = read?.value.current;
    const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
    if (!attempt || !puzzle) return null;
    return this.shown(puzzle, attempt, await this.puzzleRating(guildId, puzzle));
  }

  /**
   * A new puzzle for the member, of `variant` (or the server's), one they have not seen lately and
   * near their rating. A puzzle left unfinished after a move or a hint counts as failed.
   */
  start(
    guildId: string,
    player: Player,
    variant?: string,
  ): Promise<PuzzleOutcome<ShownPuzzle & { abandoned: Puzzle | null }>> {
    return this.transact([puzzleKeys.member(guildId, player.id)], async () => {
      let chosen: VariantId;
      if (variant !== undefined) {
        const checked = this.checkVariant(variant);
        if (!checked.ok) return checked;
        chosen = checked.value;
      } else {
        const fallback = await this.defaultVariant(guildId);
        if (!fallback) return failure('no-puzzles');
        chosen = fallback;
      }
      const memberRead = await this.store.read<MemberPuzzlesDoc>(puzzleKeys.member(guildId, player.id));
      const doc = memberRead?.value ?? { schema: 1, current: null, seen: [] };
      const standingsRead = await this.store.read<PuzzleStandingsDoc>(puzzleKeys.standings(guildId));
      const myRating = standingsRead?.value.members[player.id]?.rating.rating ?? INITIAL.rating;
      const puzzle = this.draw(chosen, doc.seen, myRating);
      const attempt: Attempt = {
        puzzleId: puzzle.id,
        kind: 'practice',
        plies: 0,
        hint: false,
        startedAt: this.now(),
      };
      const next: MemberPuzzlesDoc = {
        schema: 1,
        current: attempt,
        seen: [...doc.seen.filter((id) => id !== puzzle.id), puzzle.id].slice(-SEEN_KEPT),
      };
      const writes: Write[] = [
        {
          key: puzzleKeys.member(guildId, player.id),
          value: next,
          expectRevision: memberRead?.revision ?? 0,
        },
      ];
      const abandoned = await this.abandonWrites(guildId, player, doc.current, writes);
      const rating = await this.puzzleRating(guildId, puzzle);
      return { ok: true, value: { writes, value: { ...this.shown(puzzle, attempt, rating), abandoned } } };
    });
  }

  /** Plays the member's move; the bot answers with the defence, until the puzzle is solved or failed. */
  move(guildId: string, player: Player, text: string): Promise<PuzzleOutcome<MoveResult>> {
    const memberKey = puzzleKeys.member(guildId, player.id);
    return this.transact([memberKey], async () => {
      const memberRead = await this.store.read<MemberPuzzlesDoc>(memberKey);
      const attempt = memberRead?.value.current;
      const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
      if (!memberRead || !attempt || !puzzle) return failure('no-puzzle-open');
      const game = puzzleGame(puzzle, attempt.plies);
      const tried = game.tryPlay(text);
      if (!tried.ok) return failure(tried.refusal.code, { ...tried.refusal.params });
      const played = tried.move;
      const expected = puzzle.line[attempt.plies];
      let status: MoveResult['status'];
      let defence: PlayedMove | undefined;
      let shownGame = game;
      let plies = attempt.plies;
      if (notation(played) !== expected) {
        status = 'failed';
        // The board as it should have gone: the winning move played instead.
        shownGame = puzzleGame(puzzle, attempt.plies + 1);
      } else {
        plies++;
        if (plies === puzzle.line.length) status = 'solved';
        else {
          status = 'continue';
          defence = game.play(puzzle.line[plies]);
          plies++;
        }
      }
      const after: Attempt = { ...attempt, plies };
      const writes: Write[] = [];
      let change: RatingChange | undefined;
      let daily: MoveResult['daily'];
      if (status === 'continue') {
        writes.push({
          key: memberKey,
          value: { ...memberRead.value, current: after },
          expectRevision: memberRead.revision,
        });
      } else {
        writes.push({
          key: memberKey,
          value: { ...memberRead.value, current: null },
          expectRevision: memberRead.revision,
        });
        const score = status === 'failed' ? 0 : attempt.hint ? 0.5 : 1;
        const finished = await this.finishWrites(guildId, player, puzzle, attempt, score, writes);
        change = finished.change;
        daily = finished.daily;
      }
      const rating = await this.puzzleRating(guildId, puzzle);
      const result: MoveResult = {
        ...this.shown(puzzle, after, rating),
        game: shownGame,
        status,
        played,
        defence,
        winningMove: status === 'failed' ? expected : undefined,
        change,
        daily,
      };
      return { ok: true, value: { writes, value: result } };
    });
  }

  /** The piece to move next; the attempt is marked as helped (a solve then scores ½). */
  hint(guildId: string, userId: string): Promise<PuzzleOutcome<ShownPuzzle & { square: string }>> {
    const memberKey = puzzleKeys.member(guildId, userId);
    return this.transact([memberKey], async () => {
      const read = await this.store.read<MemberPuzzlesDoc>(memberKey);
      const attempt = read?.value.current;
      const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
      if (!read || !attempt || !puzzle) return failure('no-puzzle-open');
      const helped: Attempt = { ...attempt, hint: true };
      const square = puzzle.line[attempt.plies].split('-')[0];
      const writes: Write[] = attempt.hint
        ? []
        : [{ key: memberKey, value: { ...read.value, current: helped }, expectRevision: read.revision }];
      const value = { ...this.shown(puzzle, helped, await this.puzzleRating(guildId, puzzle)), square };
      return { ok: true, value: { writes, value } };
    });
  }

  // The puzzle of the day

  /**
   * The server's puzzle of the day, the same for everyone; the asking member's attempt at it
   * starts (their other puzzle is set aside, counted as failed after a move or a hint) unless
   * they solved or failed it already, or are at it.
   */
  daily(guildId: string, player: Player): Promise<PuzzleOutcome<DailyView>> {
    const memberKey = puzzleKeys.member(guildId, player.id);
    return this.transact([memberKey], async () => {
      const day = dayOf(this.now());
      const ensured = await this.ensureDaily(guildId, day);
      if (!ensured.ok) return ensured;
      const { doc, puzzle } = ensured.value;
      const memberRead = await this.store.read<MemberPuzzlesDoc>(memberKey);
      const member = memberRead?.value ?? { schema: 1, current: null, seen: [] };
      const current = member.current;
      let status: DailyView['status'];
      const writes: Write[] = [];
      if (doc.solvers.some((solver) => solver.id === player.id)) status = 'solved';
      else if (doc.failed.includes(player.id)) status = 'failed';
      else if (current?.kind === 'daily' && current.day === day) status = 'open';
      else {
        status = 'new';
        const attempt: Attempt = {
          puzzleId: puzzle.id,
          kind: 'daily',
          day,
          plies: 0,
          hint: false,
          startedAt: this.now(),
        };
        writes.push({
          key: memberKey,
          value: { ...member, current: attempt, seen: [...member.seen, puzzle.id].slice(-SEEN_KEPT) },
          expectRevision: memberRead?.revision ?? 0,
        });
        await this.abandonWrites(guildId, player, current, writes);
      }
      const view: DailyView = { ...(await this.viewOf(guildId, doc, puzzle)), status };
      return { ok: true, value: { writes, value: view } };
    });
  }

  /** The day's puzzle as everyone sees it (for the post), chosen on first sight. */
  async dailyView(guildId: string, day: string): Promise<Omit<DailyView, 'status'>> {
    const ensured = await this.ensureDaily(guildId, day);
    if (!ensured.ok) throw new Error(`no daily puzzle: ${ensured.code}`);
    return this.viewOf(guildId, ensured.value.doc, ensured.value.puzzle);
  }

  private async viewOf(guildId: string, doc: DailyDoc, puzzle: Puzzle): Promise<Omit<DailyView, 'status'>> {
    const standings = await this.store.read<PuzzleStandingsDoc>(puzzleKeys.standings(guildId));
    const server = standings?.value.server;
    return {
      day: doc.day,
      puzzle,
      variant: variantOfPuzzle(puzzle),
      rating: await this.puzzleRating(guildId, puzzle),
      solvers: doc.solvers,
      failed: doc.failed.length,
      serverStreak: server ? currentStreak(server.streak, server.lastDay, dayOf(this.now())) : 0,
    };
  }

  /** Reads the day's puzzle of the server, choosing it on first sight (every process chooses the same). */
  private async ensureDaily(
    guildId: string,
    day: string,
  ): Promise<PuzzleOutcome<{ doc: DailyDoc; puzzle: Puzzle }>> {
    const key = puzzleKeys.daily(guildId, day);
    for (let tries = 0; tries < RETRIES; tries++) {
      const read = await this.store.read<DailyDoc>(key);
      const known = read ? this.catalogue.find(read.value.puzzleId) : null;
      if (read && known) return { ok: true, value: { doc: read.value, puzzle: known } };
      const setup = (await this.store.read<PuzzleSetup>(puzzleKeys.setup(guildId)))?.value;
      const variant =
        setup && this.catalogue.has(setup.variant) ? setup.variant : await this.defaultVariant(guildId);
      if (!variant) return failure('no-puzzles');
      const puzzle = this.dailyPuzzle(guildId, variant, day);
      const doc: DailyDoc = { schema: 1, day, puzzleId: puzzle.id, solvers: [], failed: [] };
      // Kept a week: long enough to finish yesterday's puzzle, short enough to clean up after itself.
      const committed = await this.store.commit([
        { key, value: doc, expectRevision: read?.revision ?? 0, ttlMs: 7 * DAY_MS },
      ]);
      if (committed.ok) return { ok: true, value: { doc, puzzle } };
    }
    return failure('busy');
  }

  /** The server's puzzle on `day`: a fixed shuffle of the variant's puzzles, one a day, none twice in a row of them. */
  dailyPuzzle(guildId: string, variant: VariantId, day: string): Puzzle {
    const order = [...this.catalogue.of(variant)].sort(
      (a, b) => hash(`${guildId}:${a.id}`) - hash(`${guildId}:${b.id}`) || (a.id < b.id ? -1 : 1),
    );
    return order[Math.floor(dayStart(day) / DAY_MS) % order.length];
  }

  /** Moderators: post the daily puzzle to `channelId` at `hour` o'clock UTC, from `variant`'s puzzles. */
  setup(
    guildId: string,
    input: { channelId: string; variant: string; hour: number; by: Player },
  ): Promise<PuzzleOutcome<PuzzleSetup & { next: number }>> {
    const key = puzzleKeys.setup(guildId);
    return this.transact([key], async () => {
      const checked = this.checkVariant(input.variant);
      if (!checked.ok) return checked;
      if (!Number.isInteger(input.hour) || input.hour < 0 || input.hour > 23) return failure('bad-hour');
      const read = await this.store.read<PuzzleSetup>(key);
      const setup: PuzzleSetup = {
        schema: 1,
        channelId: input.channelId,
        variant: checked.value,
        hour: input.hour,
        by: { id: input.by.id, name: input.by.name },
        at: this.now(),
      };
      const next = nextPostAt(this.now(), input.hour);
      return {
        ok: true,
        value: {
          writes: [{ key, value: setup, expectRevision: read?.revision ?? 0 }],
          schedules: [{ schedule: DAILY_POSTS, group: guildId, member: guildId, at: next }],
          value: { ...setup, next },
        },
      };
    });
  }

  /** Moderators: no more daily posts (the daily puzzle stays, by `/puzzle daily`). */
  stop(guildId: string): Promise<PuzzleOutcome<PuzzleSetup>> {
    const key = puzzleKeys.setup(guildId);
    return this.transact([key], async () => {
      const read = await this.store.read<PuzzleSetup>(key);
      if (!read) return failure('no-daily-setup');
      return {
        ok: true,
        value: {
          writes: [{ key, value: null, expectRevision: read.revision }],
          schedules: [{ schedule: DAILY_POSTS, group: guildId, member: guildId, at: null }],
          value: read.value,
        },
      };
    });
  }

  async setupOf(guildId: string): Promise<PuzzleSetup | null> {
    return (await this.store.read<PuzzleSetup>(puzzleKeys.setup(guildId)))?.value ?? null;
  }

  /**
   * Claims the servers whose daily post is due (each goes to one process, by the store's claim);
   * call `postDone` for each once posted. A server without a setup any more is dropped here.
   */
  async claimDuePosts(leaseMs = 60_000, limit = 20): Promise<DuePost[]> {
    const claimed = await this.store.claimDue(DAILY_POSTS, this.now(), leaseMs, limit);
    const due: DuePost[] = [];
    for (const { group: guildId, member } of claimed) {
      const setup = await this.setupOf(guildId);
      if (!setup) {
        await this.store.commit([], [{ schedule: DAILY_POSTS, group: guildId, member, at: null }]);
        continue;
      }
      const day = dayOf(this.now());
      const ensured = await this.ensureDaily(guildId, day);
      if (!ensured.ok) continue; // the claim's lease ends and it is tried again
      due.push({
        guildId,
        setup,
        day,
        puzzle: ensured.value.puzzle,
        posted: Boolean(ensured.value.doc.posted),
      });
    }
    return due;
  }

  /** Records the day's post (null: the channel would not take it) and schedules the next one. */
  async postDone(due: DuePost, messageId: string | null): Promise<void> {
    const key = puzzleKeys.daily(due.guildId, due.day);
    const next = nextPostAt(
      Math.max(this.now(), dayStart(due.day) + due.setup.hour * 60 * 60 * 1000),
      due.setup.hour,
    );
    const schedules: ScheduleChange[] = [
      { schedule: DAILY_POSTS, group: due.guildId, member: due.guildId, at: next },
    ];
    for (let tries = 0; tries < RETRIES; tries++) {
      const read = await this.store.read<DailyDoc>(key);
      if (!read || read.value.posted) {
        await this.store.commit([], schedules);
        return;
      }
      const posted = { ...read.value, posted: { channelId: due.setup.channelId, messageId } };
      const committed = await this.store.commit(
        [{ key, value: posted, expectRevision: read.revision, ttlMs: 7 * DAY_MS }],
        schedules,
      );
      if (committed.ok) return;
    }
  }

  // The table

  async table(guildId: string): Promise<PuzzleTable> {
    const read = await this.store.read<PuzzleStandingsDoc>(puzzleKeys.standings(guildId));
    const today = dayOf(this.now());
    const rows = Object.values(read?.value.members ?? {})
      .map((row) => ({ ...row, currentStreak: currentStreak(row.streak, row.lastDaily, today) }))
      .sort(
        (a, b) => b.rating.rating - a.rating.rating || b.solved - a.solved || a.name.localeCompare(b.name),
      );
    const server = read?.value.server;
    return {
      rows,
      serverStreak: server ? currentStreak(server.streak, server.lastDay, today) : 0,
      bestStreak: server?.best ?? 0,
    };
  }

  // Helpers

  private shown(puzzle: Puzzle, attempt: Attempt, rating: number): ShownPuzzle {
    return {
      puzzle,
      variant: variantOfPuzzle(puzzle),
      game: puzzleGame(puzzle, attempt.plies),
      attempt,
      rating,
    };
  }

  /** One of the variant's puzzles the member has not seen lately, among those nearest their rating. */
  private draw(variant: VariantId, seen: string[], rating: number): Puzzle {
    const all = this.catalogue.of(variant);
    const recent = new Set(seen);
    const unseen = all.filter((puzzle) => !recent.has(puzzle.id));
    const pool = (unseen.length > 0 ? unseen : all)
      .map((puzzle) => ({ puzzle, distance: Math.abs(puzzle.rating - rating) }))
      .sort((a, b) => a.distance - b.distance || (a.puzzle.id < b.puzzle.id ? -1 : 1))
      .slice(0, NEAREST);
    return pool[Math.floor(this.random() * pool.length)].puzzle;
  }

  /** The puzzle's rating on the server: the catalogue's until members there have tried it. */
  private async puzzleRating(guildId: string, puzzle: Puzzle): Promise<number> {
    const read = await this.store.read<PuzzleRatingDoc>(puzzleKeys.rating(guildId, puzzle.id));
    return Math.round(read?.value.rating.rating ?? puzzle.rating);
  }

  /** Writes that count a set-aside attempt as failed, when the member had moved or taken a hint. */
  private async abandonWrites(
    guildId: string,
    player: Player,
    attempt: Attempt | null,
    writes: Write[],
  ): Promise<Puzzle | null> {
    if (!attempt || (attempt.plies === 0 && !attempt.hint)) return null;
    const puzzle = this.catalogue.find(attempt.puzzleId);
    if (!puzzle) return null;
    await this.finishWrites(guildId, player, puzzle, attempt, 0, writes);
    return puzzle;
  }

  /** The writes of a finished attempt: the member's and the puzzle's ratings, the counts, the day's solvers and streaks. */
  private async finishWrites(
    guildId: string,
    player: Player,
    puzzle: Puzzle,
    attempt: Attempt,
    score: number,
    writes: Write[],
  ): Promise<{ change: RatingChange; daily?: MoveResult['daily'] }> {
    const standingsRead = await this.store.read<PuzzleStandingsDoc>(puzzleKeys.standings(guildId));
    const standings: PuzzleStandingsDoc = standingsRead?.value ?? {
      schema: 1,
      members: {},
      server: { streak: 0, lastDay: null, best: 0 },
    };
    const ratingRead = await this.store.read<PuzzleRatingDoc>(puzzleKeys.rating(guildId, puzzle.id));
    const puzzleRating: Rating = ratingRead?.value.rating ?? {
      rating: puzzle.rating,
      rd: PUZZLE_RD,
      volatility: INITIAL.volatility,
      games: 0,
    };
    const before: PuzzleStandingRow = standings.members[player.id] ?? {
      id: player.id,
      name: player.name,
      rating: { ...INITIAL },
      solved: 0,
      failed: 0,
      dailySolved: 0,
      dailyFirsts: 0,
      streak: 0,
      lastDaily: null,
    };
    const row: PuzzleStandingRow = {
      ...before,
      name: player.name,
      rating: rate(before.rating, [{ opponent: puzzleRating, score }]),
      solved: before.solved + (score > 0 ? 1 : 0),
      failed: before.failed + (score > 0 ? 0 : 1),
    };
    let server = standings.server;
    let daily: MoveResult['daily'];
    if (attempt.kind === 'daily' && attempt.day) {
      const key = puzzleKeys.daily(guildId, attempt.day);
      const dayRead = await this.store.read<DailyDoc>(key);
      if (dayRead) {
        const doc = dayRead.value;
        let next: DailyDoc;
        let first = false;
        if (score > 0) {
          first = !attempt.hint && !doc.solvers.some((solver) => !solver.hint);
          next = {
            ...doc,
            solvers: [
              ...doc.solvers,
              { id: player.id, name: player.name, at: this.now(), hint: attempt.hint },
            ],
          };
          const mine = extended(row.streak, row.lastDaily, attempt.day);
          row.streak = mine.streak;
          row.lastDaily = mine.lastDay;
          row.dailySolved++;
          if (first) row.dailyFirsts++;
          const ours = extended(server.streak, server.lastDay, attempt.day);
          server = { streak: ours.streak, lastDay: ours.lastDay, best: Math.max(server.best, ours.streak) };
        } else next = { ...doc, failed: [...doc.failed, player.id] };
        writes.push({ key, value: next, expectRevision: dayRead.revision, ttlMs: 7 * DAY_MS });
        const today = dayOf(this.now());
        daily = {
          first,
          serverStreak: currentStreak(server.streak, server.lastDay, today),
          memberStreak: currentStreak(row.streak, row.lastDaily, today),
        };
      }
    }
    writes.push(
      {
        key: puzzleKeys.standings(guildId),
        value: { ...standings, members: { ...standings.members, [player.id]: row }, server },
        expectRevision: standingsRead?.revision ?? 0,
      },
      {
        key: puzzleKeys.rating(guildId, puzzle.id),
        value: {
          schema: 1,
          rating: rate(puzzleRating, [{ opponent: before.rating, score: 1 - score }]),
          solved: (ratingRead?.value.solved ?? 0) + (score > 0 ? 1 : 0),
          failed: (ratingRead?.value.failed ?? 0) + (score > 0 ? 0 : 1),
        } satisfies PuzzleRatingDoc,
        expectRevision: ratingRead?.revision ?? 0,
      },
    );
    return {
      change: { before: Math.round(before.rating.rating), after: Math.round(row.rating.rating) },
      daily,
    };
  }

  /**
   * Builds a commit from fresh reads and applies it; when it lost a race on a shared document only
   * (not one of `ownKeys`, the member's own), builds it again from new reads. A store that does not
   * answer is a refusal the member can read.
   */
  private async transact<T>(
    ownKeys: string[],
    build: () => Promise<PuzzleOutcome<{ writes: Write[]; schedules?: ScheduleChange[]; value: T }>>,
  ): Promise<PuzzleOutcome<T>> {
    try {
      for (let tries = 0; tries < RETRIES; tries++) {
        const built = await build();
        if (!built.ok) return built;
        const { writes, schedules, value } = built.value;
        if (writes.length === 0 && !schedules?.length) return { ok: true, value };
        const committed = await this.store.commit(writes, schedules);
        if (committed.ok) return { ok: true, value };
        if (ownKeys.includes(committed.conflict)) return failure('puzzle-changed');
      }
      return failure('busy');
    } catch (error) {
      if (error instanceof StoreUnavailableError)
        return failure(error.maybeApplied ? 'store-silent' : 'store-unavailable');
      throw error;
    }
  }
}
