/**
 * What is kept of games, for reading: finished games by id, the table's game for /export and
 * /history, the guild's standings, and the reviews /analyze made.
 */
import { accuracyOf, type GameReview } from '../analysis/review.ts';
import { INITIAL } from '../core/glicko2.ts';
import { success } from '../core/outcome.ts';
import type { Player } from '../core/players.ts';
import type { FischerControl } from '../core/time-controls.ts';
import { commit, transaction } from '../core/transaction.ts';
import { type Game, loadGame, type Side, type VariantKey } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { type AccuracyTallyDoc, averageAccuracy, emptyTally, withReviewedGame } from './accuracy-tally.ts';
import type { Clock } from './clock.ts';
import type { LastGameMarker } from './commit-plan.ts';
import { type RunningFischer, runningFischer } from './fischer.ts';
import type { GameChanges } from './game-changes.ts';
import { keys } from './keys.ts';
import { type MemberRecord, memberRecord, type StandingRow, type StandingsDoc, table } from './standings.ts';
import type { Table } from './table.ts';
import { ABORTED, type ArchivedGame } from './types.ts';

/** Tries at keeping a review while other reviews of the guild change the accuracy tally. */
const SAVE_ATTEMPTS = 8;

/** A table's game as /export and /history show it. */
export interface GameForRecord {
  /** The game's id: `archived(guildId, id)` finds it once it has ended. */
  id: string;
  guildId: string;
  game: Game;
  players: Record<Side, Player>;
  finished: boolean;
  aborted: boolean;
  startedAt: number;
  /** A Fischer clock's main time and increment, the times left after each ply, and the turn's clock while it runs. */
  fischer: { control: FischerControl; timesLeft: number[]; running: RunningFischer | null } | null;
  /** While the game goes on: its clock, an open draw offer or take-back request, and the AI's side. */
  live: {
    /** The stored game's revision: it only grows, through moves and moves taken back alike. */
    revision: number;
    clock: Clock | null;
    drawOfferedBy: Side | null;
    undoRequest: { by: Side; ply: number } | null;
    ai: { side: Side } | null;
  } | null;
}

export class GameRecords {
  constructor(
    private readonly store: Store,
    private readonly changes: GameChanges,
  ) {}

  /**
   * The table's game in progress, or else the last one that ended there, for /export and
   * /history; `aborted` when a moderator ended it without a result.
   */
  async gameForRecord(table: Table): Promise<GameForRecord | null> {
    const active = await this.changes.board(table);
    if (active)
      return {
        id: active.id,
        guildId: active.guildId,
        game: active.game,
        players: active.players,
        finished: false,
        aborted: false,
        startedAt: active.startedAt,
        fischer: active.fischer ? { ...active.fischer, running: runningFischer(active.clock) } : null,
        live: {
          revision: active.revision,
          clock: active.clock,
          drawOfferedBy: active.drawOfferedBy,
          undoRequest: active.undoRequest,
          ai: active.ai,
        },
      };
    const last = await this.store.read<LastGameMarker>(keys.lastGame(table.guildId, table.channelId));
    const archived = last ? await this.archived(table.guildId, last.value.gameId) : null;
    if (!archived) return null;
    return {
      id: archived.id,
      guildId: archived.guildId,
      game: loadGame(archived.record),
      players: archived.players,
      finished: true,
      aborted: archived.reason === ABORTED,
      startedAt: archived.startedAt,
      fischer: archived.fischer
        ? { control: archived.fischer, timesLeft: archived.timesLeft ?? [], running: null }
        : null,
      live: null,
    };
  }

  async standings(guildId: string, variant?: VariantKey): Promise<StandingRow[]> {
    const read = await this.store.read<StandingsDoc>(keys.standings(guildId));
    return read ? table(read.value, variant) : [];
  }

  /** A member's Glicko-2 rating in a variant (the starting rating before their first rated game). */
  async rating(guildId: string, userId: string, variant: VariantKey): Promise<number> {
    const read = await this.store.read<StandingsDoc>(keys.standings(guildId));
    return read?.value.ratings?.[`${variant}|${userId}`]?.rating ?? INITIAL.rating;
  }

  async memberRecord(guildId: string, userId: string, variant?: VariantKey): Promise<MemberRecord | null> {
    const [read, tally] = await Promise.all([
      this.store.read<StandingsDoc>(keys.standings(guildId)),
      this.store.read<AccuracyTallyDoc>(keys.accuracy(guildId)),
    ]);
    const record = read ? memberRecord(read.value, userId, variant) : null;
    const accuracy = tally && averageAccuracy(tally.value, userId, variant);
    return record && accuracy ? { ...record, accuracy } : record;
  }

  /** The review /analyze made of a finished game, or null. */
  async review(guildId: string, gameId: string): Promise<GameReview | null> {
    return (await this.store.read<GameReview>(keys.review(guildId, gameId)))?.value ?? null;
  }

  /**
   * Keeps a finished game's review, and adds its players' accuracies to their tallies in the same
   * commit; the first kept stays (a review of a finished game never changes, nor counts twice).
   * An aborted game's review is kept but counts for no one, as in the standings.
   */
  async saveReview(guildId: string, gameId: string, review: GameReview): Promise<void> {
    const reviewKey = keys.review(guildId, gameId);
    const archived = await this.archived(guildId, gameId);
    if (!archived || archived.reason === ABORTED) {
      await this.store.commit([{ key: reviewKey, value: review, expectRevision: 0 }]);
      return;
    }
    const game = loadGame(archived.record);
    await transaction(this.store, {
      tries: SAVE_ATTEMPTS,
      outage: 'throw',
      build: async () => {
        const tally = await this.store.read<AccuracyTallyDoc>(keys.accuracy(guildId));
        return commit(
          [
            { key: reviewKey, value: review, expectRevision: 0 },
            {
              key: keys.accuracy(guildId),
              value: withReviewedGame(tally?.value ?? emptyTally(), {
                variant: game.variant.id,
                players: archived.players,
                accuracy: accuracyOf(review, game.variant),
              }),
              expectRevision: tally?.revision ?? 0,
            },
          ],
          undefined,
        );
      },
      // Kept already by another process: the tally counts the game once either way.
      onConflict: async () => ((await this.store.read(reviewKey)) ? success(undefined) : undefined),
      exhausted: () => success(undefined),
    });
  }

  /** A finished game of the guild, by its id (another guild's game is not found). */
  async archived(guildId: string, gameId: string): Promise<ArchivedGame | null> {
    return (await this.store.read<ArchivedGame>(keys.archive(guildId, gameId)))?.value ?? null;
  }
}
