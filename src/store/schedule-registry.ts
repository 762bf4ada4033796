/**
 * Finding due schedule entries across guilds, in Redis. Each guild keeps its own copy of each
 * schedule in its hash slot (`{<guild>}:schedule:deadlines`), so a commit changes it atomically with
 * the guild's documents. The registry of a schedule (`schedule:deadlines:guilds`, a slot of its
 * own) holds the guilds whose copy has entries, each scored no later than its copy's earliest.
 *
 * - A commit that adds an entry lowers the guild's registry score (`ZADD LT`) before and after it.
 * - A claim takes the due guilds from the registry (moving them to a short lease, as entries are
 *   claimed), claims the due entries of each guild's copy (exactly once: one script on one key),
 *   then settles each guild's registry score to its copy's earliest entry, or removes the guild
 *   when the copy is empty, unless a commit lowered it meanwhile.
 * - The registry is early, never late, except when a process dies between a commit and its second
 *   `ZADD`: once a minute one process scans every guild's copies and lowers the registry to them.
 */
import { inGuild } from './hash-tags.ts';
import type { ClaimedEntry, ScheduleChange } from './types.ts';

/** How long a guild taken from the registry is kept out of other claims while its copy is claimed. */
const REGISTRY_LEASE_MS = 10_000;
/** How often the registry is rebuilt from the guilds' copies (by one process at a time). */
export const RECONCILE_EVERY_MS = 60_000;

/** KEYS[1]: a sorted set. ARGV: now, limit, lease end. Returns the due members with their times, moved to the lease end. */
export const CLAIM_DUE = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
return due
`;

/**
 * KEYS[1]: a registry. ARGV: guild, the lease score it was claimed with, its copy's earliest entry
 * ('' when empty). Untouched since the claim: set to the earliest, or removed. Lowered by a commit
 * meanwhile: only lowered further.
 */
const SETTLE = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
elseif ARGV[3] ~= '' then
  redis.call('ZADD', KEYS[1], 'LT', ARGV[3], ARGV[1])
end
return 0
`;

/** What the registry needs of Redis: scripts and commands routed by key, and scans of every master. */
export interface RegistryRedis {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  command(key: string, args: string[]): Promise<unknown>;
  /** The keys matching a pattern (and of a type), in batches, on every master. */
  scan(match: string, type?: string): AsyncIterable<string[]>;
}

export class ScheduleRegistry {
  private lastReconcile = 0;

  constructor(
    private readonly redis: RegistryRedis,
    /** The key as stored: the namespace in front. */
    private readonly rawKey: (key: string) => string,
  ) {}

  /** A guild's copy of a schedule, as stored. */
  copyKey(schedule: string, group: string): string {
    return this.rawKey(inGuild(group, schedule));
  }

  private registryKey(schedule: string): string {
    return this.rawKey(`${schedule}:guilds`);
  }

  /** Lowers the registry to every entry the changes add; entries removed are settled by claims. */
  lower(changes: readonly ScheduleChange[]): Promise<unknown> {
    const earliest = new Map<string, { group: string; schedule: string; at: number }>();
    for (const { schedule, group, at } of changes) {
      if (at === null) continue;
      const id = `${schedule}\n${group}`;
      const known = earliest.get(id);
      if (!known || at < known.at) earliest.set(id, { group, schedule, at });
    }
    return Promise.all(
      [...earliest.values()].map(({ group, schedule, at }) => this.lowerGuild(schedule, group, at)),
    );
  }

  /** Lowers (or adds) a guild in a schedule's registry to `at`, never raising it. */
  lowerGuild(schedule: string, group: string, at: number): Promise<unknown> {
    const registry = this.registryKey(schedule);
    return this.redis.command(registry, ['ZADD', registry, 'LT', String(at), group]);
  }

  async claim(schedule: string, now: number, leaseMs: number, limit: number): Promise<ClaimedEntry[]> {
    const registry = this.registryKey(schedule);
    const leaseEnd = now + REGISTRY_LEASE_MS;
    const guilds = (await this.redis.eval(CLAIM_DUE, {
      keys: [registry],
      arguments: [String(now), String(limit), String(leaseEnd)],
    })) as string[];
    const claimed: ClaimedEntry[] = [];
    for (let i = 0; i < guilds.length; i += 2) {
      const group = guilds[i];
      const copy = this.copyKey(schedule, group);
      const room = limit - claimed.length;
      if (room > 0) {
        const due = (await this.redis.eval(CLAIM_DUE, {
          keys: [copy],
          arguments: [String(now), String(room), String(now + leaseMs)],
        })) as string[];
        for (let j = 0; j < due.length; j += 2)
          claimed.push({ group, member: due[j], at: Number(due[j + 1]) });
      }
      // Claimed entries now sit at their lease end: if this process dies, they fall due then.
      const first = (await this.redis.command(copy, ['ZRANGE', copy, '0', '0', 'WITHSCORES'])) as string[];
      await this.redis.eval(SETTLE, {
        keys: [registry],
        arguments: [group, String(leaseEnd), first.length === 2 ? String(first[1]) : ''],
      });
    }
    return claimed;
  }

  /**
   * At most once a minute across all processes (a lock key): lowers every registry to the earliest
   * entry of each guild's copy, so an entry whose registry update was lost is found within a minute.
   * Returns how many copies it looked at, or null when it was not this process's turn. Goes by the
   * wall clock, not a claim's `now`.
   */
  async reconcileIfDue(): Promise<number | null> {
    const now = Date.now();
    if (now - this.lastReconcile < RECONCILE_EVERY_MS) return null;
    this.lastReconcile = now;
    const lock = this.rawKey('schedules:reconciling');
    const taken = await this.redis.command(lock, [
      'SET',
      lock,
      String(now),
      'NX',
      'PX',
      String(RECONCILE_EVERY_MS),
    ]);
    if (taken !== 'OK') return null;
    return this.reconcile();
  }

  /** Lowers every registry to the earliest entry of each guild's copy; returns how many copies it saw. */
  async reconcile(): Promise<number> {
    const prefix = this.rawKey('{');
    let seen = 0;
    for await (const batch of this.redis.scan(`${prefix}*}:schedule:*`, 'zset')) {
      for (const copy of batch) {
        const close = copy.indexOf('}', prefix.length);
        if (close < 0) continue;
        const group = copy.slice(prefix.length, close);
        const schedule = copy.slice(close + 2);
        const first = (await this.redis.command(copy, ['ZRANGE', copy, '0', '0', 'WITHSCORES'])) as string[];
        if (first.length !== 2) continue;
        await this.lowerGuild(schedule, group, Number(first[1]));
        seen++;
      }
    }
    return seen;
  }
}
