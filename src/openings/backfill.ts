/**
 * Counts a guild's games archived before the opening explorer into its opening tree, once.
 *
 * Which games: every commit that archives a game since the explorer also counts it in the tree
 * and marks the archived game `openingsCounted` (commit-plan.ts). So the games to count are
 * exactly the archived ones without that mark (aborted ones and ones set up from another position
 * aside, as in the live counting), a set that no longer grows: no clock or cut-off time is
 * compared, so processes whose clocks disagree cannot count a game twice.
 *
 * Once: the guild's marker (`{guild}:opening-backfill`) holds a cursor, the last game id counted,
 * the ids taken in sorted order. Each batch commits the counts of its games together with the
 * cursor moved past them, expecting the marker's revision as read: a batch is counted whole or not
 * at all, and two processes working at once (or one that lost its claim) cannot both commit the
 * same batch. A crash leaves the cursor after the last batch committed; the next run goes on
 * from there. The claim (`owner`, `leaseUntil`, renewed with each batch) only keeps two processes
 * from doing the same work: correctness rests on the cursor's compare-and-set alone.
 *
 * When: lazily, on a guild's first /openings (see `start`), by the process that answers it, in the
 * background, in batches of BATCH games with the event loop let go between them.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { failure } from '../core/outcome.ts';
import { commit, transaction } from '../core/transaction.ts';
import type { Game, Side } from '../engine/index.ts';
import { loadGame } from '../engine/index.ts';
import { keys } from '../game/keys.ts';
import { ABORTED, type ArchivedGame } from '../game/types.ts';
import type { Store, Write } from '../store/index.ts';
import { inGuild } from '../store/index.ts';
import { countedGame, type OpeningNode, type OpeningStep, openingKey, openingSteps } from './tree.ts';

/** Games read, counted and committed together; small enough that one batch's work is short. */
export const BATCH = 25;
/** How long a claim holds without a batch committed; another process may take over after it. */
export const LEASE_MS = 30_000;
/** Games loaded between two yields to the event loop. */
const GAMES_BETWEEN_YIELDS = 10;
/** Tries at one batch while games ending live change the same nodes. */
const BATCH_ATTEMPTS = 10;

/** The guild's backfill, as the store keeps it. */
export interface BackfillMarker {
  schema: 1;
  /** Every game archived before the explorer has been counted. */
  done: boolean;
  /** The last game id (in sorted order) counted or passed over; null before the first batch. */
  after: string | null;
  /** Games the backfill counted so far. */
  counted: number;
  /** The process working on it, and until when its claim holds. */
  owner: string;
  leaseUntil: number;
}

export const backfillKey = (guildId: string) => inGuild(guildId, 'opening-backfill');

export type BackfillState = 'done' | 'counting';

export interface BackfillOptions {
  now?: () => number;
  batch?: number;
  leaseMs?: number;
  /** Called after each batch committed (tests stop a run there, as a crash would). */
  afterBatch?: (guildId: string, marker: BackfillMarker) => void | Promise<void>;
}

export class OpeningsBackfill {
  /** This process's (or this instance's) name in the claim. */
  readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<string, Promise<void>>();
  private readonly finished = new Set<string>();
  private readonly now: () => number;
  private readonly batch: number;
  private readonly leaseMs: number;

  constructor(
    private readonly store: Store,
    private readonly options: BackfillOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.batch = options.batch ?? BATCH;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /**
   * Whether the guild's older games are all counted; when not, starts counting them in the
   * background (unless this process is already at it) and answers at once.
   */
  async start(guildId: string): Promise<BackfillState> {
    if (this.finished.has(guildId)) return 'done';
    const marker = (await this.store.read<BackfillMarker>(backfillKey(guildId)))?.value;
    if (marker?.done) {
      this.finished.add(guildId);
      return 'done';
    }
    if (!this.running.has(guildId)) {
      const run = this.run(guildId)
        .then(() => {})
        // The next /openings tries again (a claim of this instance's own is taken back at once).
        .catch(() => {})
        .finally(() => this.running.delete(guildId));
      this.running.set(guildId, run);
    }
    return 'counting';
  }

  /** Resolves when this process's run for the guild (if any) has stopped. */
  async settled(guildId: string): Promise<void> {
    await this.running.get(guildId);
  }

  /**
   * Counts the guild's uncounted archived games, batch after batch from the marker's cursor, until
   * none is left (true) or another process holds the claim (false). Each batch's commit claims
   * the work again; when another process committed meanwhile, the marker is read again.
   */
  async run(guildId: string): Promise<boolean> {
    let ids: string[] | null = null;
    for (;;) {
      const read = await this.store.read<BackfillMarker>(backfillKey(guildId));
      const marker = read?.value ?? {
        schema: 1,
        done: false,
        after: null,
        counted: 0,
        owner: '',
        leaseUntil: 0,
      };
      if (marker.done) {
        this.finished.add(guildId);
        return true;
      }
      if (marker.owner !== this.owner && marker.leaseUntil > this.now()) return false;
      // Every archived game's id, once per run: games archived later come marked counted.
      ids ??= (await this.store.idsInGuild(guildId, 'archive')).sort(byCodeUnit);
      const start = marker.after === null ? 0 : firstAfter(ids, marker.after);
      const batch = ids.slice(start, start + this.batch);
      // Let the event loop go between batches: whatever else the process does runs first.
      await yieldToLoop();
      const next: BackfillMarker = {
        ...marker,
        after: batch.at(-1) ?? marker.after,
        done: start + batch.length >= ids.length,
        owner: this.owner,
        leaseUntil: this.now() + this.leaseMs,
      };
      const committed = await this.commitBatch(guildId, batch, next, read?.revision ?? 0);
      if (committed) await this.options.afterBatch?.(guildId, committed);
    }
  }

  /**
   * Counts a batch's games and moves the cursor past them, in one commit; retried while only the
   * tree's nodes conflict (games ending live). The marker as committed; null when another process
   * changed it meanwhile.
   */
  private async commitBatch(
    guildId: string,
    ids: readonly string[],
    next: BackfillMarker,
    markerRevision: number,
  ): Promise<BackfillMarker | null> {
    const markerKey = backfillKey(guildId);
    const archived = await Promise.all(
      ids.map((id) => this.store.read<ArchivedGame>(keys.archive(guildId, id))),
    );
    const games: GameToCount[] = [];
    for (const [i, read] of archived.entries()) {
      // Loading and replaying a game takes about half a millisecond: let the event loop go now and then.
      if (i > 0 && i % GAMES_BETWEEN_YIELDS === 0) await yieldToLoop();
      const counted = read ? toCount(guildId, read.value) : null;
      if (counted) games.push(counted);
    }
    const committed = await transaction(this.store, {
      tries: BATCH_ATTEMPTS,
      outage: 'throw',
      build: async () => {
        const nodeWrites = await this.countedNodes(games);
        await yieldToLoop();
        const marker = { ...next, counted: next.counted + games.length };
        return commit(
          [{ key: markerKey, value: marker, expectRevision: markerRevision }, ...nodeWrites],
          marker,
        );
      },
      onConflict: (key) => (key === markerKey ? failure('cursor-moved') : undefined),
      exhausted: () => {
        throw new Error(`the opening tree of guild ${guildId} kept changing during a backfill batch`);
      },
    });
    return committed.ok ? committed.value : null;
  }

  /** The writes that add `games` to the guild's tree, from its nodes as read now. */
  private async countedNodes(games: readonly GameToCount[]): Promise<Write[]> {
    const keysOf = new Set(games.flatMap((game) => game.steps.map((step) => game.keyOf(step.hash))));
    const read = await Promise.all([...keysOf].map((key) => this.store.read<OpeningNode>(key)));
    // Hundreds of nodes come back at once: their parsing and the counting below are two stretches.
    await yieldToLoop();
    const revisions = new Map([...keysOf].map((key, i) => [key, read[i]?.revision ?? 0]));
    const nodes = new Map([...keysOf].map((key, i) => [key, read[i]?.value ?? null]));
    for (const game of games) {
      const before = new Map(game.steps.map((step) => [step.hash, nodes.get(game.keyOf(step.hash)) ?? null]));
      for (const [hash, node] of countedGame(game.steps, game.winner, before))
        nodes.set(game.keyOf(hash), node);
    }
    return [...keysOf].map((key) => ({
      key,
      value: nodes.get(key),
      expectRevision: revisions.get(key) ?? 0,
    }));
  }
}

interface GameToCount {
  steps: OpeningStep[];
  winner: Side | null;
  keyOf: (hash: string) => string;
}

/** An archived game's opening to count, or null when the backfill leaves it out. */
function toCount(guildId: string, archived: ArchivedGame): GameToCount | null {
  if (archived.openingsCounted || archived.reason === ABORTED) return null;
  let game: Game;
  try {
    game = loadGame(archived.record);
  } catch {
    // A record this version cannot read (a variant gone, say) is passed over, as /replay would fail on it.
    return null;
  }
  const steps = openingSteps(game);
  if (steps.length === 0) return null;
  return {
    steps,
    winner: archived.winner,
    keyOf: (hash) => openingKey(guildId, game.variant.id, hash),
  };
}

/** Ids compared by code unit, the same order in every process (never by locale). */
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The index of the first id after `after` in sorted `ids`. */
function firstAfter(ids: readonly string[], after: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ids[mid] <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}
