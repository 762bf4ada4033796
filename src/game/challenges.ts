/**
 * Challenges: a member challenges another in a channel, who accepts (the game starts in the same
 * commit), declines or lets it expire, or the challenger withdraws it. One pending challenge per
 * member and channel. Every change is a compare-and-set, so two answers at once apply exactly one.
 *
 * A pending challenge has an entry in the expiry schedule (in the store, beside the deadlines and
 * the AI's turns): whichever bot process claims it when it falls due marks the challenge expired
 * and edits its message, after a restart too. The entry is the challenge's id, and once the
 * message is posted, the id with the message's (`<challenge>|<message>`): the message is known to
 * any process without a write to the challenge itself, so posting it never races an answer.
 *
 * An open challenge may ask for the AI as its fallback (`botAfterMs`): it then expires after that
 * time, and the claimer of its expiry starts the game against the AI instead, in one commit with the
 * challenge marked accepted by the bot, so a member's acceptance just before wins and a second
 * claim changes nothing.
 */

import type { RatingRange } from '../core/glicko2.ts';
import type { Player } from '../core/players.ts';
import type { FischerControl } from '../core/time-controls.ts';
import { DEFAULT_TIME_CONTROL, gameTimeControl, type TimeControl } from '../core/time-controls.ts';
import { guarded } from '../core/transaction.ts';
import {
  decidedStart,
  Game,
  getVariant,
  isVariantId,
  otherSide,
  type Side,
  type Variant,
  type VariantId,
  type VariantKey,
  writeOpenTaflRules,
} from '../engine/index.ts';
import type { ScheduleChange, Store, Write } from '../store/index.ts';
import { rescheduled, SCHEDULES } from './clock.ts';
import type { GameChanged } from './game-feed.ts';
import { keys } from './keys.ts';
import { variantOf } from './server-variants.ts';
import type { Table } from './table.ts';
import { type ActiveGame, type Challenge, failure, type Outcome, type StoredGame, success } from './types.ts';

/** Marks a member's pending challenge in a channel (one at a time). */
interface PendingMarker {
  schema: 1;
  challengeId: string;
}

/** A member's open challenges (some may since have been answered or expired: only pending ones count). */
interface OpenChallenges {
  schema: 1;
  ids: string[];
}

/** The highest rating an open challenge's range names (`max-rating`'s bound): a range without a top ends there. */
export const MAX_RATING = 4000;

/** The most open challenges a member has at once (across the server's channels). */
export const OPEN_CHALLENGE_LIMIT = 3;

export const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** A challenge record outlives its answer by a day, so late clicks get a clear answer. */
export const CHALLENGE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Attempts at a compare-and-set on a challenge that others may change at the same instant. */
export const ATTEMPTS = 3;

/** A change to a guild's expiry schedule: an entry set to its time, or removed. */
export const expiryEntry = (guildId: string, member: string, at: number | null): ScheduleChange => ({
  schedule: SCHEDULES.challengeExpiry,
  group: guildId,
  member,
  at,
});

export interface ChallengeInput {
  guildId: string;
  channelId: string;
  challenger: Player;
  /** The member challenged; absent for an open challenge, which any member may accept. */
  opponent?: Player & { bot?: boolean };
  /** An open challenge: the ratings (in its variant) it is open to; without one, open to everyone. */
  ratingRange?: RatingRange;
  /** A built-in variant, or a server's own (whose rules the challenge keeps). */
  variant: VariantId | Variant;
  side: Side | 'random';
  thread: boolean;
  /** Time per move or a Fischer clock (default one day per move). */
  time?: TimeControl;
  /** A two-game match with sides swapped. */
  match?: boolean;
  /** A casual game: not rated (default: rated). */
  casual?: boolean;
  /** The challenger's Discord locale, for the message when the challenge expires. */
  locale?: string;
  /** An open challenge: the AI (level normal) plays it when nobody accepts within this time. */
  botAfterMs?: number;
}

export interface NewGame {
  guildId: string;
  channelId: string;
  players: Record<Side, Player>;
  game: Game;
  perMoveMs?: number | null;
  fischer?: FischerControl | null;
  casual?: boolean;
}

/**
 * What challenges need of the games: a new game's record, a stored game as loaded, the channel's
 * game read (which ends one stored over: see GameChanges.settle), and a member's rating.
 */
export interface GameMaker {
  newGame(input: NewGame): Promise<StoredGame>;
  /** Tells the live boards that a game started at a table. */
  publish(change: GameChanged): void;
  activate(stored: StoredGame, revision: number): ActiveGame;
  board(table: Table): Promise<unknown>;
  rating(guildId: string, userId: string, variant: VariantKey): Promise<number>;
}

export class Challenges {
  constructor(
    private readonly store: Store,
    private readonly games: GameMaker,
    private readonly options: {
      now: () => number;
      newId: () => string;
      random: () => number;
      challengeTtlMs: number;
    },
  ) {}

  async make(input: ChallengeInput): Promise<Outcome<Challenge>> {
    // A game stored over in the channel (see GameChanges.settle) ends now, leaving the channel
    // free; a store that fails here fails again below, which says so.
    if (!input.thread) await this.games.board(input).catch(() => null);
    return guarded(async () => {
      const { opponent } = input;
      if (opponent?.id === input.challenger.id) return failure('self');
      if (opponent?.bot) return failure('bot');
      if (!opponent && input.thread) return failure('open-thread');
      if (!input.thread && (await this.store.read(keys.game(input.guildId, input.channelId)))) {
        return failure('channel-busy');
      }
      const pendingKey = keys.pendingChallenge(input.guildId, input.channelId, input.challenger.id);
      const pending = await this.store.read<PendingMarker>(pendingKey);
      if (pending) return failure('already-pending');
      const now = this.options.now();
      const botAfterMs = opponent ? undefined : input.botAfterMs;
      const ttlMs = botAfterMs ?? this.options.challengeTtlMs;
      const variant = typeof input.variant === 'string' ? getVariant(input.variant) : input.variant;
      const decided = decidedStart({ variant });
      if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
      const challenge: Challenge = {
        schema: 1,
        id: this.options.newId(),
        guildId: input.guildId,
        channelId: input.channelId,
        challenger: { id: input.challenger.id, name: input.challenger.name },
        opponent: opponent ? { id: opponent.id, name: opponent.name } : null,
        ...(opponent ? {} : { open: input.ratingRange ?? {} }),
        variant: variant.id,
        ...(isVariantId(variant.id) ? {} : { rules: writeOpenTaflRules(variant) }),
        side: input.side,
        thread: input.thread,
        time: input.time ?? DEFAULT_TIME_CONTROL,
        match: input.match ?? false,
        ...(input.casual ? { casual: true as const } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
        ...(botAfterMs ? { botAfterMs } : {}),
        createdAt: now,
        expiresAt: now + ttlMs,
        status: 'pending',
      };
      const counted = opponent ? [] : await this.openCounted(challenge);
      if (!Array.isArray(counted)) return counted;
      const committed = await this.store.commit(
        [
          ...counted,
          {
            key: keys.challenge(challenge.guildId, challenge.id),
            value: challenge,
            expectRevision: 0,
            ttlMs: ttlMs + CHALLENGE_KEPT_MS,
          },
          {
            key: pendingKey,
            value: { schema: 1, challengeId: challenge.id } satisfies PendingMarker,
            expectRevision: 0,
            ttlMs,
          },
        ],
        [expiryEntry(challenge.guildId, challenge.id, challenge.expiresAt)],
      );
      if (!committed.ok) return failure('already-pending');
      return success(challenge);
    });
  }

  /**
   * The write that counts a new open challenge among its challenger's, or the refusal when they
   * already have `OPEN_CHALLENGE_LIMIT` pending. Two made at once conflict on this document, so
   * the limit holds across processes.
   */
  private async openCounted(challenge: Challenge): Promise<Write[] | Outcome<never>> {
    const key = keys.openChallenges(challenge.guildId, challenge.challenger.id);
    const read = await this.store.read<OpenChallenges>(key);
    const now = this.options.now();
    const pending: string[] = [];
    for (const id of read?.value.ids ?? []) {
      const earlier = await this.find(challenge.guildId, id);
      if (earlier?.status === 'pending' && now < earlier.expiresAt) pending.push(id);
    }
    if (pending.length >= OPEN_CHALLENGE_LIMIT) return failure('open-limit', { limit: OPEN_CHALLENGE_LIMIT });
    return [
      {
        key,
        value: { schema: 1, ids: [...pending, challenge.id] } satisfies OpenChallenges,
        expectRevision: read?.revision ?? 0,
        ttlMs: challenge.expiresAt - challenge.createdAt + CHALLENGE_KEPT_MS,
      },
    ];
  }

  async find(guildId: string, id: string): Promise<Challenge | null> {
    return (await this.store.read<Challenge>(keys.challenge(guildId, id)))?.value ?? null;
  }

  /**
   * The challenged member accepts (any member but the challenger, whose rating is in its range,
   * an open challenge: the first to accept); the game starts in `gameChannelId` (a new thread) or
   * the challenge's channel. `rating` is the member's rating in the challenge's variant.
   */
  async accept(
    guildId: string,
    id: string,
    user: Player,
    gameChannelId?: string,
  ): Promise<Outcome<{ challenge: Challenge; game: ActiveGame }>> {
    return guarded(async () => {
      const answered = await this.answerable(guildId, id);
      if (!answered.ok) {
        const taken = answered.code === 'accepted' ? await this.find(guildId, id) : null;
        if (taken?.open && taken.opponent && taken.opponent.id !== user.id)
          return failure('open-taken', { name: taken.opponent.name });
        return answered;
      }
      const { challenge, revision } = answered.value;
      if (challenge.opponent === null) {
        if (challenge.challenger.id === user.id) return failure('own-open-challenge');
        const { min, max } = challenge.open ?? {};
        if (min !== undefined || max !== undefined) {
          const own = Math.round(await this.games.rating(guildId, user.id, challenge.variant));
          if ((min !== undefined && own < min) || (max !== undefined && own > max))
            return failure('open-rating', { rating: own, min: min ?? 0, max: max ?? MAX_RATING });
        }
      } else if (challenge.opponent.id !== user.id) return failure('not-challenged');
      const channelId = gameChannelId ?? challenge.channelId;
      if (await this.store.read(keys.game(guildId, channelId))) {
        return failure('channel-taken');
      }
      const variant = variantOf(challenge.variant, challenge.rules);
      if (!variant) return failure('unknown-variant', { variant: challenge.variant });
      const decided = decidedStart({ variant });
      if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
      const challengerSide = challenge.side === 'random' ? this.drawnSide() : challenge.side;
      const opponent = { id: user.id, name: user.name };
      const players = {
        [challengerSide]: challenge.challenger,
        [otherSide(challengerSide)]: opponent,
      } as Record<Side, Player>;
      const stored = await this.games.newGame({
        guildId: challenge.guildId,
        channelId,
        players,
        game: new Game({ variant }),
        ...gameTimeControl(challenge.time ?? 'none'),
        casual: challenge.casual === true,
      });
      if (challenge.match) stored.match = { id: this.options.newId(), game: 1 };
      const accepted: Challenge = { ...challenge, opponent, status: 'accepted' };
      const committed = await this.store.commit(
        [
          {
            key: keys.challenge(guildId, id),
            value: accepted,
            expectRevision: revision,
            ttlMs: CHALLENGE_KEPT_MS,
          },
          { key: keys.game(guildId, channelId), value: stored, expectRevision: 0 },
          ...(await this.clearPending(challenge)),
        ],
        [...rescheduled(stored, null, { clock: stored.clock, ply: 0 }), expiryEntry(guildId, id, null)],
      );
      if (!committed.ok) {
        // An open challenge someone else took at the same instant: say who, politely.
        const now = await this.find(guildId, id);
        if (challenge.opponent === null && now?.status === 'accepted' && now.opponent)
          return failure('open-taken', { name: now.opponent.name });
        return failure('challenge-changed');
      }
      this.games.publish({ guildId, channelId, gameId: stored.id, ply: 0 });
      return success({ challenge: accepted, game: this.games.activate(stored, 1) });
    });
  }

  /** A side drawn at random (a challenge for either side). */
  drawnSide(): Side {
    return this.options.random() < 0.5 ? 'attackers' : 'defenders';
  }

  async decline(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.closeChallenge(guildId, id, user, 'declined');
  }

  async withdraw(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.closeChallenge(guildId, id, user, 'withdrawn');
  }

  /** Marks a pending challenge expired once its time is up. */
  async expire(guildId: string, id: string): Promise<Outcome<Challenge>> {
    return guarded(async () => {
      const read = await this.store.read<Challenge>(keys.challenge(guildId, id));
      if (!read) return failure('no-challenge');
      if (read.value.status !== 'pending') return failure('answered');
      if (this.options.now() < read.value.expiresAt) return failure('not-expired');
      return this.setStatus(read.value, read.revision, 'expired');
    });
  }

  private async answerable(
    guildId: string,
    id: string,
  ): Promise<Outcome<{ challenge: Challenge; revision: number }>> {
    const read = await this.store.read<Challenge>(keys.challenge(guildId, id));
    if (!read) return failure('no-challenge');
    const challenge = read.value;
    if (challenge.status === 'pending' && this.options.now() >= challenge.expiresAt) {
      await this.setStatus(challenge, read.revision, 'expired');
      return failure('expired');
    }
    if (challenge.status !== 'pending') return failure(challenge.status);
    return success({ challenge, revision: read.revision });
  }

  private async closeChallenge(
    guildId: string,
    id: string,
    user: Player,
    status: 'declined' | 'withdrawn',
  ): Promise<Outcome<Challenge>> {
    return guarded(async () => {
      const answered = await this.answerable(guildId, id);
      if (!answered.ok) return answered;
      const { challenge, revision } = answered.value;
      if (status === 'declined' && challenge.opponent?.id !== user.id) {
        return failure('not-challenged-decline');
      }
      if (status === 'withdrawn' && challenge.challenger.id !== user.id) {
        return failure('not-challenger');
      }
      return this.setStatus(challenge, revision, status);
    });
  }

  /**
   * Sets an answer (or the expiry). The message of a challenge answered by a click is updated by
   * that click, so its expiry entry goes in the same commit (an entry that names the message too
   * is dropped when it falls due); the expiry schedule's claimer (`bySchedule`) keeps its entry
   * until it has edited the message.
   */
  async setStatus(
    challenge: Challenge,
    revision: number,
    status: Challenge['status'],
    { bySchedule = false } = {},
  ): Promise<Outcome<Challenge>> {
    const updated: Challenge = { ...challenge, status, ...(bySchedule ? { expiredBySchedule: true } : {}) };
    const committed = await this.store.commit(
      [
        {
          key: keys.challenge(challenge.guildId, challenge.id),
          value: updated,
          expectRevision: revision,
          ttlMs: CHALLENGE_KEPT_MS,
        },
        ...(await this.clearPending(challenge)),
      ],
      bySchedule ? [] : [expiryEntry(challenge.guildId, challenge.id, null)],
    );
    if (!committed.ok) return failure('challenge-answered');
    return success(updated);
  }

  /**
   * Notes the message that shows a challenge, so that whichever process expires it can edit it.
   * If the challenge expired before (its expiry found no message to edit), the new entry is due
   * at once and the next claim edits the message.
   */
  async recordMessage(challenge: Challenge, messageId: string): Promise<void> {
    await this.store.commit(
      [],
      [
        expiryEntry(challenge.guildId, challenge.id, null),
        expiryEntry(challenge.guildId, `${challenge.id}|${messageId}`, challenge.expiresAt),
      ],
    );
  }

  /**
   * Claims the challenges whose time is up from the expiry schedule and marks them expired, or,
   * for an open challenge with the AI as its fallback, starts the game against `machine` (the bot
   * as a player). Safe in every process at once: each entry goes to one claimer, and the status
   * changes by compare-and-set. Returns the challenges whose messages are to be edited; the caller calls
   * `expiryDone` once it has edited one. A claimer that stops before that leaves the entry to fall
   * due again when its lease ends, and the next claimer edits the message instead.
   */
  /** The write that frees the challenger to challenge again in that channel (if the marker is still theirs). */
  async clearPending(challenge: Challenge): Promise<Write[]> {
    const key = keys.pendingChallenge(challenge.guildId, challenge.channelId, challenge.challenger.id);
    const pending = await this.store.read<PendingMarker>(key);
    return pending && pending.value.challengeId === challenge.id
      ? [{ key, value: null, expectRevision: pending.revision }]
      : [];
  }
}
