/**
 * Challenges whose time is up, claimed by one process each from the guild's expiry schedule: marked
 * expired, or, for an open challenge that asked for it, taken by the AI (the game against it starts
 * in the same commit). The process then edits the challenge's message and says so (`expiryDone`).
 */
import type { Player } from '../core/players.ts';
import { gameTimeControl } from '../core/time-controls.ts';
import { commit, READ_AGAIN, transaction } from '../core/transaction.ts';
import { decidedStart, Game, otherSide, type Side } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { ATTEMPTS, CHALLENGE_KEPT_MS, type Challenges, expiryEntry, type GameMaker } from './challenges.ts';
import { rescheduled, SCHEDULES } from './clock.ts';
import { aiTurn, turnAlert } from './commit-plan.ts';
import { keys } from './keys.ts';
import { variantOf } from './server-variants.ts';
import { type ActiveGame, type Challenge, failure, type Outcome, success } from './types.ts';

/** How long a claimed expiry stays with its claimer (to edit the message) before another process may take it. */
const EXPIRY_LEASE_MS = 60_000;

/** A challenge whose time is up, claimed for this process: its message is to be edited. */
export interface ExpiredChallenge {
  challenge: Challenge;
  /** The message that shows it, in the challenge's channel; null when it was never known. */
  messageId: string | null;
  /** The schedule entry (in the challenge's guild's copy), for `expiryDone`. */
  entry: string;
  /** The AI took the open challenge (it is `accepted`): the game, whose first board is to be posted. */
  game?: ActiveGame;
}

export class ChallengeExpiries {
  constructor(
    private readonly store: Store,
    private readonly challenges: Challenges,
    private readonly games: GameMaker,
    private readonly options: { now: () => number; newId: () => string },
  ) {}

  async claimExpired(machine?: Player, limit = 50): Promise<ExpiredChallenge[]> {
    const now = this.options.now();
    const expired: ExpiredChallenge[] = [];
    const due = await this.store.claimDue(SCHEDULES.challengeExpiry, now, EXPIRY_LEASE_MS, limit);
    for (const { group: guildId, member: entry } of due) {
      const [id, messageId = null] = entry.split('|');
      const claimed = await transaction(this.store, {
        tries: ATTEMPTS,
        outage: 'throw',
        build: async () => {
          const read = await this.store.read<Challenge>(keys.challenge(guildId, id));
          const challenge = read?.value;
          const bySchedule =
            (challenge?.status === 'expired' && challenge.expiredBySchedule) ||
            (challenge?.status === 'accepted' && challenge.takenByBot);
          if (!read || !challenge || (challenge.status !== 'pending' && !bySchedule)) {
            // Gone, or answered (the answer updated the message, as does a click after the expiry).
            await this.expiryDone(guildId, entry);
            return commit([], null);
          }
          // Expired (or taken by the AI) by another claim: one without the message, or one that
          // stopped before editing it. Its first board, if any, is not posted again.
          if (bySchedule) return commit([], { challenge, messageId, entry });
          if (now < challenge.expiresAt)
            return commit([], null, [expiryEntry(guildId, entry, challenge.expiresAt)]);
          const taken =
            challenge.botAfterMs && machine ? await this.botGame(challenge, read.revision, machine) : null;
          // Not taken: answered at this very instant, so look again (null: the AI cannot play it, it expires).
          if (taken) return taken.ok ? commit([], { ...taken.value, messageId, entry }) : READ_AGAIN;
          const set = await this.challenges.setStatus(challenge, read.revision, 'expired', {
            bySchedule: true,
          });
          // Not set: answered at this very instant, so look again.
          return set.ok ? commit([], { challenge: set.value, messageId, entry }) : READ_AGAIN;
        },
        exhausted: () => success(null),
      });
      if (claimed.ok && claimed.value) expired.push(claimed.value);
    }
    return expired;
  }

  /**
   * The AI takes an open challenge nobody accepted: the game against it (level normal) starts in the
   * challenge's channel, in one commit with the challenge marked accepted by the bot; the expiry
   * entry stays until the claimer has edited the message. Null when the game cannot start there (a
   * game in the channel, a variant gone): the challenge then simply expires.
   */
  private async botGame(
    challenge: Challenge,
    revision: number,
    machine: Player,
  ): Promise<Outcome<{ challenge: Challenge; game: ActiveGame }> | null> {
    const { guildId, channelId } = challenge;
    // A game stored over in the channel ends now (see GameChanges.settle), leaving it free.
    await this.games.board(challenge).catch(() => null);
    const variant = variantOf(challenge.variant, challenge.rules);
    if (!variant || decidedStart({ variant }) || (await this.store.read(keys.game(guildId, channelId))))
      return null;
    const challengerSide = challenge.side === 'random' ? this.challenges.drawnSide() : challenge.side;
    const aiSide = otherSide(challengerSide);
    const players = { [challengerSide]: challenge.challenger, [aiSide]: machine } as Record<Side, Player>;
    const game = new Game({ variant });
    const stored = await this.games.newGame({
      guildId,
      channelId,
      players,
      game,
      ...gameTimeControl(challenge.time ?? 'none'),
      casual: challenge.casual === true,
    });
    stored.ai = { side: aiSide, level: 'normal' };
    if (challenge.match) stored.match = { id: this.options.newId(), game: 1 };
    const taken: Challenge = { ...challenge, opponent: machine, status: 'accepted', takenByBot: true };
    const now = this.options.now();
    const first = { turn: game.turn, ply: 0 };
    const committed = await this.store.commit(
      [
        {
          key: keys.challenge(guildId, challenge.id),
          value: taken,
          expectRevision: revision,
          ttlMs: CHALLENGE_KEPT_MS,
        },
        { key: keys.game(guildId, channelId), value: stored, expectRevision: 0 },
        ...(await this.challenges.clearPending(challenge)),
      ],
      [
        ...rescheduled(stored, null, { clock: stored.clock, ply: 0 }),
        ...aiTurn(stored, null, first, now),
        ...turnAlert(stored, null, first, now),
      ],
    );
    if (!committed.ok) return failure('challenge-changed');
    this.games.publish({ guildId, channelId, gameId: stored.id, ply: 0 });
    return success({ challenge: taken, game: this.games.activate(stored, 1) });
  }

  /** An expired challenge's message is dealt with: its entry leaves the guild's expiry schedule. */
  async expiryDone(guildId: string, entry: string): Promise<void> {
    await this.store.commit([], [expiryEntry(guildId, entry, null)]);
  }
}
