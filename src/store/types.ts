/** The store's contract: keyed JSON documents with revisions, and an atomic multi-key compare-and-set. */

export interface Stored<T> {
  value: T;
  /** Counts the writes to this key; 0 is never stored (it means "absent" in a write's expectation). */
  revision: number;
}

export interface Write {
  key: string;
  /** The new value; null deletes the key. */
  value: unknown | null;
  /** The revision the key must have for the commit to apply: 0 = the key must be absent. */
  expectRevision: number;
  /** Time to live in milliseconds. */
  ttlMs?: number;
}

/**
 * Adds (or moves) a member of a schedule to time `at`, or removes it (`at: null`). Each guild has
 * its own copy of each schedule (`group`: the guild's id), kept in the guild's hash slot so a
 * commit can change it with the guild's documents; `claimDue` finds the due members of every
 * guild's copy.
 */
export interface ScheduleChange {
  /** The schedule's name, e.g. `schedule:deadlines`. */
  schedule: string;
  /** The guild whose copy of the schedule this changes. */
  group: string;
  member: string;
  at: number | null;
}

/** A due member claimed from a schedule, with the guild whose copy it was in. */
export interface ClaimedEntry {
  group: string;
  member: string;
  at: number;
}

export type CommitResult = { ok: true } | { ok: false; conflict: string };

export interface Store {
  /** True when nothing survives a restart (the in-memory store). */
  readonly ephemeral: boolean;
  read<T>(key: string): Promise<Stored<T> | null>;
  /**
   * Applies every write, and the schedule changes with them, or nothing at all when any key's
   * revision differs from its expectation. Every key and schedule group of one commit must belong
   * to one guild (see hash-tags.ts); a commit that mixes guilds throws CrossSlotError.
   */
  commit(writes: Write[], schedules?: ScheduleChange[]): Promise<CommitResult>;
  /**
   * Returns the members of a schedule, across every guild's copy, that are due at `now` (at most
   * `limit`), each with its guild, and moves each to
   * `now + leaseMs`, atomically: when several processes claim at once, each due member goes to
   * exactly one of them. The claimer removes the member when it has dealt with it (a schedule
   * change with `at: null`); if it dies first, the member falls due again when the lease ends.
   */
  claimDue(schedule: string, now: number, leaseMs: number, limit?: number): Promise<ClaimedEntry[]>;
  /**
   * How many keys of a family (`game`) all guilds hold together. Redis counts by scanning every
   * master, at most once a minute for all processes (the count is shared through Redis); in
   * between it answers the last count, or null before there is one.
   */
  countAcrossGuilds(family: string): Promise<number | null>;
  /**
   * The ids of one guild's documents of a family (`archive` gives each `{<guild>}:archive:<id>` as
   * `<id>`), in no order. Redis scans for them (SCAN, in batches, never blocking the server), so it
   * is for rare work such as a backfill, not for answering a command.
   */
  idsInGuild(guildId: string, family: string): Promise<string[]>;
  /** Resolves when the store answers (Redis: PING); rejects with StoreUnavailableError when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The store could not be reached, or did not answer in time. Nothing is ever half-written (a
 * commit applies whole or not at all), but a commit that was sent and then got no answer may have
 * applied: `maybeApplied` says so, and the caller must not tell the player "nothing was changed".
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  /** True when a commit reached Redis and no answer came back: it may have been applied. */
  readonly maybeApplied: boolean;

  constructor(message: string, { maybeApplied = false }: { maybeApplied?: boolean } = {}) {
    super(message);
    this.maybeApplied = maybeApplied;
  }
}
