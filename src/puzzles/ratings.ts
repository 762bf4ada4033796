/**
 * Ratings and what a finished attempt changes: each finished attempt is one Glicko-2 game between
 * the member and the puzzle (solved scores 1, solved after a hint ½, failed 0), counted in the
 * server's puzzle table, and for the daily puzzle in the day's solvers and the streaks.
 */
import { INITIAL, type Rating, rate } from '../core/glicko2.ts';
import type { Player } from '../core/players.ts';
import type { Store, Write } from '../store/index.ts';
import type { PuzzleCatalogue } from './catalogue.ts';
import { currentStreak, DAY_MS, dayOf, extended } from './days.ts';
import { puzzleKeys } from './keys.ts';
import type { Puzzle } from './puzzle-file.ts';
import type {
  Attempt,
  DailyDoc,
  MoveResult,
  PuzzleRatingDoc,
  PuzzleStandingRow,
  PuzzleStandingsDoc,
  RatingChange,
} from './types.ts';

/** A puzzle's first deviation: its rating comes from the search, surer than a new player's. */
const PUZZLE_RD = 200;

export class PuzzleRatings {
  constructor(
    private readonly store: Store,
    private readonly catalogue: PuzzleCatalogue,
    private readonly now: () => number,
  ) {}

  /** The puzzle's rating on the server: the catalogue's until members there have tried it. */
  async of(guildId: string, puzzle: Puzzle): Promise<number> {
    const read = await this.store.read<PuzzleRatingDoc>(puzzleKeys.rating(guildId, puzzle.id));
    return Math.round(read?.value.rating.rating ?? puzzle.rating);
  }

  /** Writes that count a set-aside attempt as failed, when the member had moved or taken a hint. */
  async abandonWrites(
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
  async finishWrites(
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
}
