/**
 * A member's own puzzle: one drawn on demand, near their rating and not seen lately, played move
 * by move against the bot's defence, with a hint on request.
 */
import { INITIAL } from '../core/glicko2.ts';
import type { Player } from '../core/players.ts';
import { commit } from '../core/transaction.ts';
import type { PlayedMove, VariantId } from '../engine/index.ts';
import type { Store, Write } from '../store/index.ts';
import { type PuzzleCatalogue, puzzleGame, variantOfPuzzle } from './catalogue.ts';
import { puzzleKeys } from './keys.ts';
import type { Puzzle } from './puzzle-file.ts';
import type { PuzzleVariants } from './puzzle-variants.ts';
import type { PuzzleRatings } from './ratings.ts';
import { transact } from './transact.ts';
import {
  type Attempt,
  type MemberPuzzlesDoc,
  type MoveResult,
  type PuzzleOutcome,
  type PuzzleStandingsDoc,
  puzzleFailure,
  type RatingChange,
  type ShownPuzzle,
} from './types.ts';

/** How many recently shown puzzles a member is not shown again. */
export const SEEN_KEPT = 400;
/** A new puzzle is drawn from the unseen ones nearest the member's rating. */
const NEAREST = 12;

const notation = (move: PlayedMove) => `${move.from}-${move.to}`;

export class PuzzleAttempts {
  constructor(
    private readonly store: Store,
    private readonly catalogue: PuzzleCatalogue,
    private readonly variants: PuzzleVariants,
    private readonly ratings: PuzzleRatings,
    private readonly clock: { now: () => number; random: () => number },
  ) {}

  /** The member's puzzle in progress, as it stands. */
  async current(guildId: string, userId: string): Promise<ShownPuzzle | null> {
    const read = await this.store.read<MemberPuzzlesDoc>(puzzleKeys.member(guildId, userId));
    const attempt = read?.value.current;
    const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
    if (!attempt || !puzzle) return null;
    return this.shown(puzzle, attempt, await this.ratings.of(guildId, puzzle));
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
    return transact(this.store, [puzzleKeys.member(guildId, player.id)], async () => {
      let chosen: VariantId;
      if (variant !== undefined) {
        const checked = this.variants.check(variant);
        if (!checked.ok) return checked;
        chosen = checked.value;
      } else {
        const fallback = await this.variants.defaultFor(guildId);
        if (!fallback) return puzzleFailure('no-puzzles');
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
        startedAt: this.clock.now(),
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
      const abandoned = await this.ratings.abandonWrites(guildId, player, doc.current, writes);
      const rating = await this.ratings.of(guildId, puzzle);
      return commit(writes, { ...this.shown(puzzle, attempt, rating), abandoned });
    });
  }

  /** Plays the member's move; the bot answers with the defence, until the puzzle is solved or failed. */
  move(guildId: string, player: Player, text: string): Promise<PuzzleOutcome<MoveResult>> {
    const memberKey = puzzleKeys.member(guildId, player.id);
    return transact(this.store, [memberKey], async () => {
      const memberRead = await this.store.read<MemberPuzzlesDoc>(memberKey);
      const attempt = memberRead?.value.current;
      const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
      if (!memberRead || !attempt || !puzzle) return puzzleFailure('no-puzzle-open');
      const game = puzzleGame(puzzle, attempt.plies);
      const tried = game.tryPlay(text);
      if (!tried.ok) return puzzleFailure(tried.refusal.code, { ...tried.refusal.params });
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
        const finished = await this.ratings.finishWrites(guildId, player, puzzle, attempt, score, writes);
        change = finished.change;
        daily = finished.daily;
      }
      const rating = await this.ratings.of(guildId, puzzle);
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
      return commit(writes, result);
    });
  }

  /** The piece to move next; the attempt is marked as helped (a solve then scores ½). */
  hint(guildId: string, userId: string): Promise<PuzzleOutcome<ShownPuzzle & { square: string }>> {
    const memberKey = puzzleKeys.member(guildId, userId);
    return transact(this.store, [memberKey], async () => {
      const read = await this.store.read<MemberPuzzlesDoc>(memberKey);
      const attempt = read?.value.current;
      const puzzle = attempt ? this.catalogue.find(attempt.puzzleId) : null;
      if (!read || !attempt || !puzzle) return puzzleFailure('no-puzzle-open');
      const helped: Attempt = { ...attempt, hint: true };
      const square = puzzle.line[attempt.plies].split('-')[0];
      const writes: Write[] = attempt.hint
        ? []
        : [{ key: memberKey, value: { ...read.value, current: helped }, expectRevision: read.revision }];
      const value = { ...this.shown(puzzle, helped, await this.ratings.of(guildId, puzzle)), square };
      return commit(writes, value);
    });
  }

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
    return pool[Math.floor(this.clock.random() * pool.length)].puzzle;
  }
}
