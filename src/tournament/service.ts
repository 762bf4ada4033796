/**
 * Tournaments in the store, Discord-free: one document per tournament and an index per guild,
 * each changed by compare-and-set (a conflicting change is read again and retried), and two
 * schedules that any bot process may claim:
 *
 * Each guild has its own copy of each schedule: a claimed entry comes with its guild.
 *
 * - `schedule:tournament-results` (the game service adds `<tournament>|<game>` in the commit that
 *   ends a tournament game): the claimer records the result, keyed by the game, and in the same
 *   commit removes the entry and, when that completes the round, pairs the next one. Two games
 *   ending at once in two processes: one commit wins, the other reads again and sees the round
 *   complete, so a round is paired exactly once.
 * - `schedule:tournament-rounds` (`<tournament>|<round>`, or `|final`), added in the commit that
 *   pairs a round (or ends the tournament): the claimer posts the standings and opens the round's
 *   threads and games, recording each thread and game as it goes, so that a process that takes
 *   over after a crash goes on where the first stopped.
 */
import { randomBytes } from 'node:crypto';
import { decidedStart, Game, type Variant } from '../engine/index.ts';
import { SCHEDULES, TIME_CONTROLS, type TimeControl } from '../game/clock.ts';
import { guarded } from '../game/guarded.ts';
import { keys } from '../game/keys.ts';
import { variantOf } from '../game/server-variants.ts';
import { type ActiveGame, failure, type Outcome, type Player, success } from '../game/types.ts';
import type { ScheduleChange, Store, Write } from '../store/index.ts';
import type { TournamentGames } from './games.ts';
import {
  join,
  leave,
  MAX_NAME_LENGTH,
  MAX_SWISS_ROUNDS,
  type PairingPlace,
  type Progress,
  pendingPairing,
  recordForfeit,
  recordGame,
  start,
  withdraw,
  withPairing,
} from './tournament.ts';
import type { Format, Pairing, TournamentDoc, TournamentIndex } from './types.ts';

/** Rounds to open (`<tournament>|<round>`) and tournaments whose end is to be posted (`<tournament>|final`). */
export const TOURNAMENT_ROUNDS = 'schedule:tournament-rounds';
/** A claimed entry comes back to any process after this long, if its claimer died. */
const RESULT_LEASE_MS = 30_000;
const OPENING_LEASE_MS = 120_000;
/** Tries of a change that conflicted with another (a result, a join at the same instant). */
const RETRIES = 10;
/** The guild index keeps this many tournaments (the oldest ended ones go first). */
const INDEX_SIZE = 50;

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

/** A claimed schedule entry and the guild whose copy it came from. */
export interface TournamentEntry {
  guildId: string;
  entry: string;
}

/** A change's outcome: the document after it and what it set going. */
export interface Changed {
  doc: TournamentDoc;
  progress: Progress;
}

const noProgress = (): Progress => ({ completed: [], opened: null, finished: false });

export class Tournaments {
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(
    private readonly store: Store,
    private readonly games: TournamentGames,
    options: { now?: () => number; newId?: () => string } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
  }

  // Reading

  async get(guildId: string, id: string): Promise<TournamentDoc | null> {
    return (await this.store.read<TournamentDoc>(keys.tournament(guildId, id)))?.value ?? null;
  }

  async list(guildId: string): Promise<TournamentIndex['tournaments']> {
    return (await this.store.read<TournamentIndex>(keys.tournaments(guildId)))?.value.tournaments ?? [];
  }

  /**
   * The tournament a command means: the one named (by name or id); else the one of this channel
   * (or of the channel this thread is in), one under way first; else the guild's only one under
   * way; else its latest.
   */
  resolve(
    guildId: string,
    where: { named?: string | null; channelId: string; parentId?: string | null },
  ): Promise<Outcome<TournamentDoc>> {
    return guarded(async () => {
      const all = [...(await this.list(guildId))].sort((a, b) => b.createdAt - a.createdAt);
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
      const doc = entry ? await this.get(guildId, entry.id) : null;
      return doc ? success(doc) : failure('no-tournament', { name: where.named?.slice(0, 60) ?? '' });
    });
  }

  // Sign-up

  create(input: CreateInput): Promise<Outcome<TournamentDoc>> {
    return guarded(async () => {
      const name = input.name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
      if (name.length === 0 || name.length > MAX_NAME_LENGTH)
        return failure('tournament-name-invalid', { max: MAX_NAME_LENGTH });
      if (input.rounds !== null && input.format !== 'swiss') return failure('tournament-rounds-swiss-only');
      if (input.double && input.format !== 'round-robin')
        return failure('tournament-double-round-robin-only');
      const decided = decidedStart({ variant: input.variant });
      if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
      const now = this.now();
      const doc: TournamentDoc = {
        schema: 1,
        id: this.newId(),
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
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const index = await this.store.read<TournamentIndex>(keys.tournaments(input.guildId));
        const entries = index?.value.tournaments ?? [];
        const busy = entries.some(
          (e) => e.channelId === input.channelId && (e.status === 'signup' || e.status === 'running'),
        );
        if (busy) return failure('tournament-channel-busy');
        const committed = await this.store.commit([
          { key: keys.tournament(doc.guildId, doc.id), value: doc, expectRevision: 0 },
          indexWrite(input.guildId, index, doc),
        ]);
        if (committed.ok) return success(doc);
      }
      return failure('tournament-changed');
    });
  }

  /** Notes the sign-up message, whose list and buttons change as members join. */
  async recordSignupMessage(guildId: string, id: string, messageId: string): Promise<void> {
    await this.change(guildId, id, (doc) => success({ doc: { ...doc, signupMessageId: messageId } }));
  }

  join(guildId: string, id: string, player: Player): Promise<Outcome<Changed>> {
    return this.change(guildId, id, (doc) => {
      const joined = join(doc, player);
      return joined.ok ? success({ doc: joined.value }) : joined;
    });
  }

  leave(guildId: string, id: string, playerId: string): Promise<Outcome<Changed>> {
    return this.change(guildId, id, (doc) => {
      const left = leave(doc, playerId);
      return left.ok ? success({ doc: left.value }) : left;
    });
  }

  /** The organiser (or a member who may manage events) starts it: round 1 is paired, to be opened. */
  start(guildId: string, id: string, by: Player, mayManage: boolean): Promise<Outcome<Changed>> {
    return this.change(guildId, id, (doc) => {
      if (doc.organiser.id !== by.id && !mayManage) return failure('tournament-not-organiser');
      return start(doc);
    });
  }

  // Results

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
      const doc = tournamentId ? await this.get(guildId, tournamentId) : null;
      const pairing = doc?.played.flatMap((round) => round.pairings).find((p) => p.gameId === archived.id);
      return doc && pairing && !pairing.result
        ? { changed: null, aborted: true, undecided: { doc, threadId: archived.channelId } }
        : { changed: null, aborted: true };
    }
    const outcome = await this.change(
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

  // Withdrawals, forfeits, the end

  /** The member leaves (before the start: drops out of the sign-up); their game under way is forfeited. */
  withdraw(
    guildId: string,
    id: string,
    playerId: string,
    how: 'withdrew' | 'removed',
    by?: Player,
    mayManage = false,
  ): Promise<Outcome<Changed>> {
    return guarded(async () => {
      const doc = await this.get(guildId, id);
      if (!doc) return failure('no-tournament', { name: '' });
      if (how === 'removed' && by && doc.organiser.id !== by.id && !mayManage)
        return failure('tournament-not-organiser');
      const stopped = await this.stopGame(doc, playerId);
      if (!stopped.ok && stopped.code !== 'tournament-game-ended') return stopped;
      return this.change(guildId, id, (current) => withdraw(current, playerId, how));
    });
  }

  /** The organiser forfeits a stalled game: the member named loses it, their opponent scores the point. */
  forfeit(
    guildId: string,
    id: string,
    loserId: string,
    by: Player,
    mayManage: boolean,
  ): Promise<Outcome<Changed & { place: PairingPlace }>> {
    return guarded(async () => {
      const doc = await this.get(guildId, id);
      if (!doc) return failure('no-tournament', { name: '' });
      if (doc.organiser.id !== by.id && !mayManage) return failure('tournament-not-organiser');
      if (doc.status !== 'running') return failure('tournament-over');
      if (!doc.players.some((player) => player.id === loserId)) return failure('tournament-not-joined');
      const stopped = await this.stopGame(doc, loserId);
      if (!stopped.ok) return stopped;
      let place: PairingPlace | null = null;
      const changed = await this.change(guildId, id, (current) => {
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
  cancel(guildId: string, id: string, by: Player, mayManage: boolean): Promise<Outcome<Changed>> {
    return guarded(async () => {
      const cancelled = await this.change(guildId, id, (doc) => {
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
  private async stopGame(doc: TournamentDoc, playerId: string): Promise<Outcome<null>> {
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

  // Opening rounds (the driver's part that needs no Discord)

  /** Claims rounds to open and ends to post: `<tournament>|<round>` or `<tournament>|final`. */
  async claimOpenings(limit = 5): Promise<TournamentEntry[]> {
    const claimed = await this.store.claimDue(TOURNAMENT_ROUNDS, this.now(), OPENING_LEASE_MS, limit);
    return claimed.map(({ group, member }) => ({ guildId: group, entry: member }));
  }

  /** An opening entry dealt with (or pointless: the tournament gone or cancelled). */
  async openingDone(guildId: string, entry: string): Promise<void> {
    await this.store.commit([], [{ schedule: TOURNAMENT_ROUNDS, group: guildId, member: entry, at: null }]);
  }

  /** Notes a pairing's thread; when another process noted one first, that one is returned. */
  async recordThread(
    guildId: string,
    id: string,
    place: PairingPlace,
    threadId: string,
  ): Promise<Outcome<string>> {
    let kept = threadId;
    const changed = await this.change(guildId, id, (doc) => {
      const existing = doc.played[place.round - 1]?.pairings[place.index]?.threadId;
      if (existing) {
        kept = existing;
        return success({ doc, unchanged: true });
      }
      return success({ doc: withPairing(doc, place, (p) => ({ ...p, threadId })) });
    });
    return changed.ok ? success(kept) : changed;
  }

  /**
   * Starts a pairing's game in its thread, or finds it there when a process that stopped half-way
   * started it already (the thread's channel then refuses a second game), and notes it.
   */
  startPairingGame(guildId: string, id: string, place: PairingPlace): Promise<Outcome<ActiveGame>> {
    return guarded(async () => {
      const doc = await this.get(guildId, id);
      const pairing = doc?.played[place.round - 1]?.pairings[place.index];
      if (!doc || !pairing?.threadId || pairing.defenders === null) return failure('tournament-no-game');
      const players = new Map(doc.players.map((player) => [player.id, { id: player.id, name: player.name }]));
      const attackers = players.get(pairing.attackers);
      const defenders = players.get(pairing.defenders);
      if (!attackers || !defenders) return failure('tournament-no-game');
      const variant = this.variantOf(doc);
      if (!variant) return failure('unknown-variant', { variant: doc.variant });
      const started = await this.games.startGame({
        guildId: doc.guildId,
        channelId: pairing.threadId,
        players: { attackers, defenders },
        game: new Game({ variant }),
        perMoveMs: TIME_CONTROLS[doc.time],
        tournament: { id: doc.id, round: place.round },
      });
      let active: ActiveGame | null = started.ok ? started.value : null;
      if (!started.ok) {
        if (started.code !== 'channel-busy') return started;
        const there = await this.games.board({ guildId: doc.guildId, channelId: pairing.threadId });
        if (there?.tournament?.id !== doc.id || there.tournament.round !== place.round) return started;
        active = there;
      }
      if (!active) return failure('tournament-no-game');
      const gameId = active.id;
      const noted = await this.change(guildId, id, (current) => {
        const now = current.played[place.round - 1]?.pairings[place.index];
        if (!now || now.gameId) return success({ doc: current, unchanged: true });
        return success({ doc: withPairing(current, place, (p) => ({ ...p, gameId })) });
      });
      return noted.ok ? success(active) : noted;
    });
  }

  /** The round is open: every game started (or settled). Its entry goes in the same commit. */
  async roundOpened(guildId: string, id: string, round: number, entry: string): Promise<Outcome<Changed>> {
    return this.change(
      guildId,
      id,
      (doc) => {
        const found = doc.played[round - 1];
        if (!found) return success({ doc, unchanged: true });
        const status = found.status === 'opening' ? 'playing' : found.status;
        const played = doc.played.map((r) => (r.number === round ? { ...r, status, announced: true } : r));
        return success({ doc: { ...doc, played } });
      },
      [{ schedule: TOURNAMENT_ROUNDS, group: guildId, member: entry, at: null }],
    );
  }

  /** The standings after every round up to `round` are posted. */
  async standingsPosted(guildId: string, id: string, round: number): Promise<void> {
    await this.change(guildId, id, (doc) =>
      success({
        doc: {
          ...doc,
          played: doc.played.map((r) => (r.number <= round ? { ...r, standingsPosted: true } : r)),
        },
      }),
    );
  }

  /** The final standings are posted; the entry goes in the same commit. */
  async finalPosted(guildId: string, id: string, entry: string): Promise<void> {
    await this.change(guildId, id, (doc) => success({ doc: { ...doc, finalPosted: true } }), [
      { schedule: TOURNAMENT_ROUNDS, group: guildId, member: entry, at: null },
    ]);
  }

  /** The tournament's variant: the rule set it was made with. */
  variantOf(doc: TournamentDoc): Variant | null {
    return variantOf(doc.variant, doc.rules);
  }

  // The one way a tournament changes

  /**
   * Reads the tournament, applies `step`, and commits the document (with the guild's index when
   * its status changed, and the schedule entries its progress calls for) by compare-and-set,
   * reading again after a conflict. `unchanged` commits only `extraSchedules`.
   */
  private change<T extends { doc: TournamentDoc; progress?: Progress; unchanged?: boolean }>(
    guildId: string,
    id: string,
    step: (doc: TournamentDoc) => Outcome<T>,
    extraSchedules: ScheduleChange[] = [],
  ): Promise<Outcome<Changed & Omit<T, 'doc' | 'progress' | 'unchanged'>>> {
    return guarded(async () => {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const read = await this.store.read<TournamentDoc>(keys.tournament(guildId, id));
        if (!read) return failure('no-tournament', { name: '' });
        const stepped = step(read.value);
        if (!stepped.ok) return stepped;
        const { doc, progress = noProgress(), unchanged, ...rest } = stepped.value;
        if (unchanged) {
          if (extraSchedules.length > 0) await this.store.commit([], extraSchedules);
          return success({ ...rest, doc: read.value, progress });
        }
        const now = this.now();
        const next: TournamentDoc = { ...doc, updatedAt: now };
        const writes: Write[] = [
          { key: keys.tournament(guildId, id), value: next, expectRevision: read.revision },
        ];
        if (next.status !== read.value.status) {
          const index = await this.store.read<TournamentIndex>(keys.tournaments(guildId));
          writes.push(indexWrite(guildId, index, next));
        }
        const schedules = [...extraSchedules];
        const opening = (what: string | number): ScheduleChange => ({
          schedule: TOURNAMENT_ROUNDS,
          group: guildId,
          member: `${id}|${what}`,
          at: now,
        });
        if (progress.opened !== null) schedules.push(opening(progress.opened));
        if (progress.finished) schedules.push(opening('final'));
        const committed = await this.store.commit(writes, schedules);
        if (committed.ok) return success({ ...rest, doc: next, progress });
      }
      return failure('tournament-changed');
    });
  }
}

/** The guild index with this tournament's entry added or brought up to date. */
function indexWrite(
  guildId: string,
  read: { value: TournamentIndex; revision: number } | null,
  doc: TournamentDoc,
): Write {
  const entries = (read?.value.tournaments ?? []).filter((entry) => entry.id !== doc.id);
  entries.push({
    id: doc.id,
    name: doc.name,
    channelId: doc.channelId,
    status: doc.status,
    createdAt: doc.createdAt,
  });
  entries.sort((a, b) => a.createdAt - b.createdAt);
  while (entries.length > INDEX_SIZE) {
    const ended = entries.findIndex((entry) => entry.status === 'finished' || entry.status === 'cancelled');
    entries.splice(Math.max(ended, 0), 1);
  }
  return {
    key: keys.tournaments(guildId),
    value: { schema: 1, tournaments: entries } satisfies TournamentIndex,
    expectRevision: read?.revision ?? 0,
  };
}
