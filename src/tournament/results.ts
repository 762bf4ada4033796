/**
 * Results as they come: an ended game recorded once in its tournament (the next round paired in
 * the same commit when it completes one), a withdrawal, an organiser's forfeit, a cancellation.
 */
import type { Player } from '../core/players.ts';
import { guarded } from '../core/transaction.ts';
import { SCHEDULES } from '../game/clock.ts';
import type { ScheduleChange, Store } from '../store/index.ts';
import type { Changed, TournamentChanges } from './changes.ts';
import { failure, success, type TournamentOutcome } from './failures.ts';
import type { TournamentGames } from './games.ts';
import { type PairingPlace, pendingPairing, recordForfeit, recordGame, withdraw } from './tournament.ts';
import type { Pairing, TournamentDoc, TournamentEntry } from './types.ts';

/** A claimed entry comes back to any process after this long, if its claimer died. */
const RESULT_LEASE_MS = 30_000;

export class TournamentResults {
  constructor(
    private readonly store: Store,
    private readonly changes: TournamentChanges,
    private readonly games: TournamentGames,
    private readonly now: () => number,
  ) {}

  /** Claims ended tournament games (each goes to one process); record each with `recordResult`. */
  async claimResults(limit = 20): Promise<TournamentEntry[]> {
    const claimed = await this.store.claimDue(
      SCHEDULES.tournamentResults,
      this.now(),
      RESULT_LEASE_MS,
      limit,
    );
    return claimed.map(({ group, member }) => ({ guildId: group, entry: member }));
  }

  /**
   * Records a claimed game's result in its tournament, once, and settles the entry in the same
   * commit. An aborted game records nothing (its organiser forfeits it, or not): `aborted` says so,
   * and `undecided` gives the tournament and the game's thread when its pairing still has no result
   * (a moderator's /abort, not a withdrawal, which forfeits the pairing itself).
   */
  async recordResult(
    guildId: string,
    entry: string,
  ): Promise<{
    changed: Changed | null;
    aborted: boolean;
    undecided?: { doc: TournamentDoc; threadId: string };
  }> {
    const [tournamentId, gameId] = entry.split('|');
    const done: ScheduleChange = {
      schedule: SCHEDULES.tournamentResults,
      group: guildId,
      member: entry,
      at: null,
    };
    const archived = gameId ? await this.games.archived(guildId, gameId) : null;
    if (!tournamentId || !archived?.tournament || archived.reason === 'aborted') {
      await this.store.commit([], [done]);
      if (archived?.reason !== 'aborted') return { changed: null, aborted: false };
      const doc = tournamentId ? await this.changes.get(guildId, tournamentId) : null;
      const pairing = doc?.played.flatMap((round) => round.pairings).find((p) => p.gameId === archived.id);
      return doc && pairing && !pairing.result
        ? { changed: null, aborted: true, undecided: { doc, threadId: archived.channelId } }
        : { changed: null, aborted: true };
    }
    const outcome = await this.changes.change(
      guildId,
      tournamentId,
      (doc) => {
        const {
          doc: next,
          recorded,
          progress,
        } = recordGame(doc, {
          id: archived.id,
          round: archived.tournament?.round ?? 0,
          players: { attackers: archived.players.attackers.id, defenders: archived.players.defenders.id },
          winner: archived.winner,
          reason: archived.reason,
        });
        return success({ doc: next, progress, unchanged: !recorded });
      },
      [done],
    );
    if (!outcome.ok) {
      // The tournament is gone: nothing to record it in.
      if (outcome.code === 'no-tournament') await this.store.commit([], [done]);
      else throw new Error(`could not record ${entry}: ${outcome.code}`);
      return { changed: null, aborted: false };
    }
    return { changed: outcome.value, aborted: false };
  }

  /** The member leaves (before the start: drops out of the sign-up); their game under way is forfeited. */
  withdraw(
    guildId: string,
    id: string,
    playerId: string,
    how: 'withdrew' | 'removed',
    by?: Player,
    mayManage = false,
  ): Promise<TournamentOutcome<Changed>> {
    return guarded(async () => {
      const doc = await this.changes.get(guildId, id);
      if (!doc) return failure('no-tournament', { name: '' });
      if (how === 'removed' && by && doc.organiser.id !== by.id && !mayManage)
        return failure('tournament-not-organiser');
      const stopped = await this.stopGame(doc, playerId);
      if (!stopped.ok && stopped.code !== 'tournament-game-ended') return stopped;
      return this.changes.change(guildId, id, (current) => withdraw(current, playerId, how));
    });
  }

  /** The organiser forfeits a stalled game: the member named loses it, their opponent scores the point. */
  forfeit(
    guildId: string,
    id: string,
    loserId: string,
    by: Player,
    mayManage: boolean,
  ): Promise<TournamentOutcome<Changed & { place: PairingPlace }>> {
    return guarded(async () => {
      const doc = await this.changes.get(guildId, id);
      if (!doc) return failure('no-tournament', { name: '' });
      if (doc.organiser.id !== by.id && !mayManage) return failure('tournament-not-organiser');
      if (doc.status !== 'running') return failure('tournament-over');
      if (!doc.players.some((player) => player.id === loserId)) return failure('tournament-not-joined');
      const stopped = await this.stopGame(doc, loserId);
      if (!stopped.ok) return stopped;
      let place: PairingPlace | null = null;
      const changed = await this.changes.change(guildId, id, (current) => {
        const forfeited = recordForfeit(current, loserId);
        if (!forfeited.ok) return forfeited;
        place = forfeited.value.place;
        return success({ doc: forfeited.value.doc, progress: forfeited.value.progress });
      });
      if (!changed.ok || !place) return changed.ok ? failure('tournament-no-game') : changed;
      return success({ ...changed.value, place });
    });
  }

  /** The organiser calls it off: games under way end without a result, nothing more is paired. */
  cancel(guildId: string, id: string, by: Player, mayManage: boolean): Promise<TournamentOutcome<Changed>> {
    return guarded(async () => {
      const cancelled = await this.changes.change(guildId, id, (doc) => {
        if (doc.organiser.id !== by.id && !mayManage) return failure('tournament-not-organiser');
        if (doc.status === 'finished' || doc.status === 'cancelled') return failure('tournament-over');
        return success({ doc: { ...doc, status: 'cancelled' } });
      });
      if (!cancelled.ok) return cancelled;
      const round = cancelled.value.doc.played.at(-1);
      for (const pairing of round?.pairings ?? []) {
        if (!pairing.result && pairing.threadId) await this.abortIfOurs(cancelled.value.doc, pairing);
      }
      return cancelled;
    });
  }

  /**
   * Ends the player's game under way without a result, so that it can be forfeited; when it has
   * just ended with a result of its own, that result is recorded instead and stands.
   */
  private async stopGame(doc: TournamentDoc, playerId: string): Promise<TournamentOutcome<null>> {
    const pending = pendingPairing(doc, playerId);
    if (!pending?.pairing.threadId) return success(null);
    const aborted = await this.abortIfOurs(doc, pending.pairing);
    if (aborted) return success(null);
    const gameId = pending.pairing.gameId;
    const archived = gameId ? await this.games.archived(doc.guildId, gameId) : null;
    if (archived && archived.reason !== 'aborted') {
      await this.recordResult(doc.guildId, `${doc.id}|${archived.id}`);
      return failure('tournament-game-ended');
    }
    return success(null);
  }

  /** Aborts the pairing's game if it is this tournament's and still under way; true when it did. */
  private async abortIfOurs(doc: TournamentDoc, pairing: Pairing): Promise<boolean> {
    if (!pairing.threadId) return false;
    const table = { guildId: doc.guildId, channelId: pairing.threadId };
    const active = await this.games.board(table);
    if (!active || active.tournament?.id !== doc.id) return false;
    if (pairing.gameId && active.id !== pairing.gameId) return false;
    return (await this.games.abortGame(table)).ok;
  }
}
