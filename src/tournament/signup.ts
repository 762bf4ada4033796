/**
 * A tournament before its first round: made (one under way per channel), joined and left, and
 * started by its organiser; and which tournament a command means.
 */
import type { Player } from '../core/players.ts';
import type { TimeControl } from '../core/time-controls.ts';
import { commit, guarded, transaction } from '../core/transaction.ts';
import { decidedStart, type Variant } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { type Changed, indexWrite, RETRIES, type TournamentChanges } from './changes.ts';
import { failure, success, type TournamentOutcome } from './failures.ts';
import { tournamentKeys } from './keys.ts';
import { join, leave, MAX_NAME_LENGTH, MAX_SWISS_ROUNDS, start } from './tournament.ts';
import type { Format, TournamentDoc, TournamentIndex } from './types.ts';

export interface CreateInput {
  guildId: string;
  channelId: string;
  name: string;
  variant: Variant;
  /** A server variant's rules string. */
  rules?: string;
  format: Format;
  rounds: number | null;
  time: TimeControl;
  double: boolean;
  organiser: Player;
}

export class TournamentSignup {
  constructor(
    private readonly store: Store,
    private readonly changes: TournamentChanges,
    private readonly clock: { now: () => number; newId: () => string },
  ) {}

  /**
   * The tournament a command means: the one named (by name or id); else the one of this channel
   * (or of the channel this thread is in), one under way first; else the guild's only one under
   * way; else its latest.
   */
  resolve(
    guildId: string,
    where: { named?: string | null; channelId: string; parentId?: string | null },
  ): Promise<TournamentOutcome<TournamentDoc>> {
    return guarded(async () => {
      const all = [...(await this.changes.list(guildId))].sort((a, b) => b.createdAt - a.createdAt);
      const live = (entry: { status: string }) => entry.status === 'signup' || entry.status === 'running';
      const byLiveness = (entries: typeof all) => [
        ...entries.filter(live),
        ...entries.filter((e) => !live(e)),
      ];
      let entry: (typeof all)[number] | undefined;
      if (where.named) {
        const wanted = where.named.trim().toLowerCase();
        entry = byLiveness(all.filter((e) => e.id === where.named || e.name.toLowerCase() === wanted))[0];
        if (!entry) return failure('no-tournament', { name: where.named.slice(0, 60) });
      } else {
        entry = byLiveness(
          all.filter((e) => e.channelId === where.channelId || e.channelId === where.parentId),
        )[0];
        if (!entry) {
          const running = all.filter(live);
          if (running.length > 1) return failure('tournament-ambiguous');
          entry = running[0] ?? all[0];
        }
      }
      const doc = entry ? await this.changes.get(guildId, entry.id) : null;
      return doc ? success(doc) : failure('no-tournament', { name: where.named?.slice(0, 60) ?? '' });
    });
  }

  async create(input: CreateInput): Promise<TournamentOutcome<TournamentDoc>> {
    const name = input.name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
    if (name.length === 0 || name.length > MAX_NAME_LENGTH)
      return failure('tournament-name-invalid', { max: MAX_NAME_LENGTH });
    if (input.rounds !== null && input.format !== 'swiss') return failure('tournament-rounds-swiss-only');
    if (input.double && input.format !== 'round-robin') return failure('tournament-double-round-robin-only');
    const decided = decidedStart({ variant: input.variant });
    if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
    const now = this.clock.now();
    const doc: TournamentDoc = {
      schema: 1,
      id: this.clock.newId(),
      guildId: input.guildId,
      channelId: input.channelId,
      name,
      variant: input.variant.id,
      ...(input.rules ? { rules: input.rules } : {}),
      variantName: input.variant.name,
      format: input.format,
      rounds: input.rounds ?? 0,
      roundsAsked: input.rounds === null ? null : Math.min(Math.max(1, input.rounds), MAX_SWISS_ROUNDS),
      double: input.double,
      time: input.time,
      organiser: input.organiser,
      status: 'signup',
      players: [],
      played: [],
      createdAt: now,
      updatedAt: now,
    };
    return transaction(this.store, {
      tries: RETRIES,
      build: async () => {
        const index = await this.store.read<TournamentIndex>(tournamentKeys.index(input.guildId));
        const entries = index?.value.tournaments ?? [];
        const busy = entries.some(
          (e) => e.channelId === input.channelId && (e.status === 'signup' || e.status === 'running'),
        );
        if (busy) return failure('tournament-channel-busy');
        return commit(
          [
            { key: tournamentKeys.tournament(doc.guildId, doc.id), value: doc, expectRevision: 0 },
            indexWrite(input.guildId, index, doc),
          ],
          doc,
        );
      },
      exhausted: () => failure('tournament-changed'),
    });
  }

  /** Notes the sign-up message, whose list and buttons change as members join. */
  async recordSignupMessage(guildId: string, id: string, messageId: string): Promise<void> {
    await this.changes.change(guildId, id, (doc) => success({ doc: { ...doc, signupMessageId: messageId } }));
  }

  join(guildId: string, id: string, player: Player): Promise<TournamentOutcome<Changed>> {
    return this.changes.change(guildId, id, (doc) => {
      const joined = join(doc, player);
      return joined.ok ? success({ doc: joined.value }) : joined;
    });
  }

  leave(guildId: string, id: string, playerId: string): Promise<TournamentOutcome<Changed>> {
    return this.changes.change(guildId, id, (doc) => {
      const left = leave(doc, playerId);
      return left.ok ? success({ doc: left.value }) : left;
    });
  }

  /** The organiser (or a member who may manage events) starts it: round 1 is paired, to be opened. */
  start(guildId: string, id: string, by: Player, mayManage: boolean): Promise<TournamentOutcome<Changed>> {
    return this.changes.change(guildId, id, (doc) => {
      if (doc.organiser.id !== by.id && !mayManage) return failure('tournament-not-organiser');
      return start(doc);
    });
  }
}
