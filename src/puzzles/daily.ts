/**
 * The server's puzzle of the day, the same for every member: chosen on first sight by a fixed
 * shuffle (every process chooses the same), with its solvers, failures and the server's streak.
 */
import type { Player } from '../core/players.ts';
import { commit, transaction } from '../core/transaction.ts';
import type { VariantId } from '../engine/index.ts';
import type { Store, Write } from '../store/index.ts';
import { SEEN_KEPT } from './attempts.ts';
import { type PuzzleCatalogue, variantOfPuzzle } from './catalogue.ts';
import { currentStreak, DAY_MS, dayOf, dayStart } from './days.ts';
import { puzzleKeys } from './keys.ts';
import type { Puzzle } from './puzzle-file.ts';
import type { PuzzleVariants } from './puzzle-variants.ts';
import type { PuzzleRatings } from './ratings.ts';
import { RETRIES, transact } from './transact.ts';
import {
  type Attempt,
  type DailyDoc,
  type MemberPuzzlesDoc,
  type PuzzleOutcome,
  type PuzzleSetup,
  type PuzzleStandingsDoc,
  puzzleFailure,
} from './types.ts';

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

/** FNV-1a: a fixed shuffle of the puzzles for each server's daily sequence. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class DailyPuzzles {
  constructor(
    private readonly store: Store,
    private readonly catalogue: PuzzleCatalogue,
    private readonly variants: PuzzleVariants,
    private readonly ratings: PuzzleRatings,
    private readonly now: () => number,
  ) {}

  /**
   * The server's puzzle of the day, the same for everyone; the asking member's attempt at it
   * starts (their other puzzle is set aside, counted as failed after a move or a hint) unless
   * they solved or failed it already, or are at it.
   */
  daily(guildId: string, player: Player): Promise<PuzzleOutcome<DailyView>> {
    const memberKey = puzzleKeys.member(guildId, player.id);
    return transact(this.store, [memberKey], async () => {
      const day = dayOf(this.now());
      const ensured = await this.ensure(guildId, day);
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
        await this.ratings.abandonWrites(guildId, player, current, writes);
      }
      const view: DailyView = { ...(await this.viewOf(guildId, doc, puzzle)), status };
      return commit(writes, view);
    });
  }

  /** The day's puzzle as everyone sees it (for the post), chosen on first sight. */
  async dailyView(guildId: string, day: string): Promise<Omit<DailyView, 'status'>> {
    const ensured = await this.ensure(guildId, day);
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
      rating: await this.ratings.of(guildId, puzzle),
      solvers: doc.solvers,
      failed: doc.failed.length,
      serverStreak: server ? currentStreak(server.streak, server.lastDay, dayOf(this.now())) : 0,
    };
  }

  /** Reads the day's puzzle of the server, choosing it on first sight (every process chooses the same). */
  async ensure(guildId: string, day: string): Promise<PuzzleOutcome<{ doc: DailyDoc; puzzle: Puzzle }>> {
    const key = puzzleKeys.daily(guildId, day);
    return transaction(this.store, {
      tries: RETRIES,
      outage: 'throw',
      build: async () => {
        const read = await this.store.read<DailyDoc>(key);
        const known = read ? this.catalogue.find(read.value.puzzleId) : null;
        if (read && known) return commit([], { doc: read.value, puzzle: known });
        const setup = (await this.store.read<PuzzleSetup>(puzzleKeys.setup(guildId)))?.value;
        const variant =
          setup && this.catalogue.has(setup.variant)
            ? setup.variant
            : await this.variants.defaultFor(guildId);
        if (!variant) return puzzleFailure('no-puzzles');
        const puzzle = this.dailyPuzzle(guildId, variant, day);
        const doc: DailyDoc = { schema: 1, day, puzzleId: puzzle.id, solvers: [], failed: [] };
        // Kept a week: long enough to finish yesterday's puzzle, short enough to clean up after itself.
        return commit([{ key, value: doc, expectRevision: read?.revision ?? 0, ttlMs: 7 * DAY_MS }], {
          doc,
          puzzle,
        });
      },
      exhausted: () => puzzleFailure('busy'),
    });
  }

  /** The server's puzzle on `day`: a fixed shuffle of the variant's puzzles, one a day, none twice in a row of them. */
  dailyPuzzle(guildId: string, variant: VariantId, day: string): Puzzle {
    const order = [...this.catalogue.of(variant)].sort(
      (a, b) => hash(`${guildId}:${a.id}`) - hash(`${guildId}:${b.id}`) || (a.id < b.id ? -1 : 1),
    );
    return order[Math.floor(dayStart(day) / DAY_MS) % order.length];
  }
}
