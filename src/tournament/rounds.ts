/**
 * Opening a round, the driver's part that needs no Discord: claimed entries, each pairing's thread
 * and game noted as it is made (a process taking over after a crash goes on where the first
 * stopped), and the standings and final posts marked done.
 */

import { gameTimeControl } from '../core/time-controls.ts';
import { guarded } from '../core/transaction.ts';
import { Game, type Variant } from '../engine/index.ts';
import { variantOf } from '../game/server-variants.ts';
import type { ActiveGame } from '../game/types.ts';
import type { Store } from '../store/index.ts';
import { type Changed, TOURNAMENT_ROUNDS, type TournamentChanges } from './changes.ts';
import { failure, success, type TournamentOutcome } from './failures.ts';
import type { TournamentGames } from './games.ts';
import { type PairingPlace, withPairing } from './tournament.ts';
import type { TournamentDoc, TournamentEntry } from './types.ts';

/** A claimed entry comes back to any process after this long, if its claimer died. */
const OPENING_LEASE_MS = 120_000;

export class RoundOpenings {
  constructor(
    private readonly store: Store,
    private readonly changes: TournamentChanges,
    private readonly games: TournamentGames,
    private readonly now: () => number,
  ) {}

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
  ): Promise<TournamentOutcome<string>> {
    let kept = threadId;
    const changed = await this.changes.change(guildId, id, (doc) => {
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
  startPairingGame(guildId: string, id: string, place: PairingPlace): Promise<TournamentOutcome<ActiveGame>> {
    return guarded(async () => {
      const doc = await this.changes.get(guildId, id);
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
        ...gameTimeControl(doc.time),
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
      const noted = await this.changes.change(guildId, id, (current) => {
        const now = current.played[place.round - 1]?.pairings[place.index];
        if (!now || now.gameId) return success({ doc: current, unchanged: true });
        return success({ doc: withPairing(current, place, (p) => ({ ...p, gameId })) });
      });
      return noted.ok ? success(active) : noted;
    });
  }

  /** The round is open: every game started (or settled). Its entry goes in the same commit. */
  async roundOpened(
    guildId: string,
    id: string,
    round: number,
    entry: string,
  ): Promise<TournamentOutcome<Changed>> {
    return this.changes.change(
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
    await this.changes.change(guildId, id, (doc) =>
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
    await this.changes.change(guildId, id, (doc) => success({ doc: { ...doc, finalPosted: true } }), [
      { schedule: TOURNAMENT_ROUNDS, group: guildId, member: entry, at: null },
    ]);
  }

  /** The tournament's variant: the rule set it was made with. */
  variantOf(doc: TournamentDoc): Variant | null {
    return variantOf(doc.variant, doc.rules);
  }
}
