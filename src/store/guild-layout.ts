/**
 * The move to keys tagged by guild (layout 2, see hash-tags.ts), run when a store opens on a Redis
 * that still holds keys of layout 1 (`tafl::game:<channel>`, `tafl::schedule:deadlines`, ...). One
 * process migrates, under a lock key renewed while it works; the others wait for the layout mark.
 * Each old key is copied to its new name only when that is absent, then deleted, so a migration
 * cut short by a crash is finished by the next one and nothing is moved twice. Old and new
 * versions of the bot must not run at once (docs/operations.md says so).
 */
import { inGuild } from './hash-tags.ts';

/** The layout this code reads and writes. */
export const LAYOUT = 2;
const LOCK_MS = 30_000;
const WAIT_FOR_OTHER_MS = 10 * 60_000;

/** Document families whose key ends with the guild's id (`standings:<guild>`), or has it second (`puzzle-member:<guild>:<member>`). */
const GUILD_IN_KEY = new Set([
  'standings',
  'variants',
  'tournaments',
  'puzzle-member',
  'puzzle-standings',
  'puzzle-daily',
  'puzzle-setup',
]);
/** Document families whose value carries `guildId`. */
const GUILD_IN_VALUE = new Set(['game', 'challenge', 'archive', 'tournament']);

/** What the migration needs of Redis: raw commands routed by key, and scans of every master. */
export interface LayoutRedis {
  command(key: string, args: string[]): Promise<unknown>;
  /** The keys matching a pattern, in batches, on every master. */
  scan(match: string): AsyncIterable<string[]>;
}

export interface LayoutReport {
  /** Documents moved to their guild's keys. */
  moved: number;
  /** Schedule entries moved to their guild's copy of the schedule. */
  entries: number;
  /** Old keys and entries that named nothing any more (a game gone, say): deleted. */
  dropped: number;
}

/**
 * Brings the store's keys to LAYOUT, or waits while another process does. `lowerRegistry` lowers
 * a schedule's registry for a guild's moved entries (ScheduleRegistry.lowerGuild).
 */
export async function migrateToGuildKeys(
  redis: LayoutRedis,
  namespace: string,
  lowerRegistry: (schedule: string, group: string, at: number) => Promise<unknown>,
): Promise<LayoutReport | null> {
  const mark = `${namespace}::layout`;
  const lock = `${namespace}::layout:migrating`;
  const started = Date.now();
  for (;;) {
    if (Number(await redis.command(mark, ['GET', mark])) >= LAYOUT) return null;
    const me = `${process.pid}-${Math.random()}`;
    if ((await redis.command(lock, ['SET', lock, me, 'NX', 'PX', String(LOCK_MS)])) === 'OK') {
      const renew = setInterval(() => {
        redis.command(lock, ['PEXPIRE', lock, String(LOCK_MS)]).catch(() => {});
      }, LOCK_MS / 3);
      try {
        const report = await migrate(redis, namespace, lowerRegistry);
        await redis.command(mark, ['SET', mark, String(LAYOUT)]);
        return report;
      } finally {
        clearInterval(renew);
        await redis.command(lock, ['DEL', lock]).catch(() => {});
      }
    }
    if (Date.now() - started > WAIT_FOR_OTHER_MS)
      throw new Error('another process has been migrating the Redis key layout for 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Where the guild of an old key or schedule entry is learnt from. */
interface Guilds {
  ofChannel: Map<string, string>;
  ofGame: Map<string, string>;
  ofChallenge: Map<string, string>;
  ofTournament: Map<string, string>;
  /** Guilds with puzzle keys: each gets a copy of the puzzles' ratings, which were shared. */
  withPuzzles: Set<string>;
}

async function migrate(
  redis: LayoutRedis,
  namespace: string,
  lowerRegistry: (schedule: string, group: string, at: number) => Promise<unknown>,
): Promise<LayoutReport> {
  const prefix = `${namespace}::`;
  const report: LayoutReport = { moved: 0, entries: 0, dropped: 0 };
  const old: string[] = [];
  const guilds: Guilds = {
    ofChannel: new Map(),
    ofGame: new Map(),
    ofChallenge: new Map(),
    ofTournament: new Map(),
    withPuzzles: new Set(),
  };
  for await (const batch of redis.scan(`${prefix}*`))
    for (const raw of batch) {
      const key = raw.slice(prefix.length);
      if (key.startsWith('{')) learnFromNewKey(key, guilds);
      else if (!/^(layout|schedules:|stats:)/.test(key) && !key.endsWith(':guilds')) old.push(key);
    }
  const documents = old.filter((key) => !key.startsWith('schedule:'));
  const values = new Map<string, { raw: string; value: Record<string, unknown> | null }>();
  for (const key of documents) {
    const raw = (await redis.command(prefix + key, ['GET', prefix + key])) as string | null;
    if (raw !== null) values.set(key, { raw, value: documentValue(raw) });
  }
  for (const [key, { value }] of values) learnFromOldDocument(key, value, guilds);

  for (const [key, { raw, value }] of values) {
    const targets = newKeysOf(key, value, guilds);
    const ttl = targets.length > 0 ? Number(await redis.command(prefix + key, ['PTTL', prefix + key])) : 0;
    const expiry = ttl > 0 ? ['PX', String(ttl)] : [];
    for (const target of targets)
      await redis.command(prefix + target, ['SET', prefix + target, raw, 'NX', ...expiry]);
    await redis.command(prefix + key, ['DEL', prefix + key]);
    if (targets.length > 0) report.moved++;
    else report.dropped++;
  }

  for (const schedule of old.filter((key) => key.startsWith('schedule:'))) {
    const raw = prefix + schedule;
    const entries = (await redis.command(raw, ['ZRANGE', raw, '0', '-1', 'WITHSCORES'])) as string[];
    for (let i = 0; i < entries.length; i += 2) {
      const [member, at] = [entries[i], entries[i + 1]];
      const group = guildOfEntry(schedule, member, guilds);
      if (group !== null) {
        const copy = prefix + inGuild(group, schedule);
        await redis.command(copy, ['ZADD', copy, 'NX', at, member]);
        await lowerRegistry(schedule, group, Number(at));
        report.entries++;
      } else report.dropped++;
      await redis.command(raw, ['ZREM', raw, member]);
    }
  }
  return report;
}

function documentValue(raw: string): Record<string, unknown> | null {
  try {
    const stored = JSON.parse(raw) as { value?: { value?: unknown } };
    const value = stored.value?.value;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A key already moved (by a migration cut short) still tells whose its channel, game or tournament is. */
function learnFromNewKey(key: string, guilds: Guilds): void {
  const close = key.indexOf('}');
  const guild = key.slice(1, close);
  const [family, id] = key.slice(close + 2).split(':');
  if (family === 'game' && id) guilds.ofChannel.set(id, guild);
  if (family === 'archive' && id) guilds.ofGame.set(id, guild);
  if (family === 'challenge' && id) guilds.ofChallenge.set(id, guild);
  if (family === 'tournament' && id) guilds.ofTournament.set(id, guild);
  if (family?.startsWith('puzzle-')) guilds.withPuzzles.add(guild);
}

function learnFromOldDocument(key: string, value: Record<string, unknown> | null, guilds: Guilds): void {
  const [family, first] = key.split(':');
  if (GUILD_IN_KEY.has(family) && family.startsWith('puzzle-')) guilds.withPuzzles.add(first);
  const guild = text(value?.guildId);
  if (!guild || !GUILD_IN_VALUE.has(family)) return;
  const channel = text(value?.channelId);
  if (channel) guilds.ofChannel.set(channel, guild);
  if (family === 'game' || family === 'archive') guilds.ofGame.set(text(value?.id) ?? first, guild);
  if (family === 'challenge') guilds.ofChallenge.set(text(value?.id) ?? first, guild);
  if (family === 'tournament') guilds.ofTournament.set(text(value?.id) ?? first, guild);
}

/** The keys an old document moves to: one, none (it names nothing known), or one per guild (puzzle ratings). */
function newKeysOf(key: string, value: Record<string, unknown> | null, guilds: Guilds): string[] {
  const parts = key.split(':');
  const [family, first] = parts;
  const one = (guild: string | null | undefined) => (guild ? [inGuild(guild, key)] : []);
  if (GUILD_IN_KEY.has(family)) {
    // `standings:<guild>` → `{<guild>}:standings`; `puzzle-member:<guild>:<member>` → `{<guild>}:puzzle-member:<member>`.
    const rest = [family, ...parts.slice(2)].join(':');
    return first ? [inGuild(first, rest)] : [];
  }
  if (GUILD_IN_VALUE.has(family)) return one(text(value?.guildId));
  if (family === 'pending')
    return one(guilds.ofChallenge.get(text(value?.challengeId) ?? '') ?? guilds.ofChannel.get(first));
  if (family === 'last')
    return one(guilds.ofGame.get(text(value?.gameId) ?? '') ?? guilds.ofChannel.get(first));
  if (family === 'review') return one(guilds.ofGame.get(first));
  if (family === 'puzzle-rating') return [...guilds.withPuzzles].map((guild) => inGuild(guild, key));
  return [];
}

/** The guild of an old schedule entry, from its member's format. */
function guildOfEntry(schedule: string, member: string, guilds: Guilds): string | null {
  const [first] = member.split('|');
  switch (schedule) {
    case 'schedule:deadlines':
    case 'schedule:reminders':
    case 'schedule:ai-turns':
      return guilds.ofChannel.get(first) ?? null;
    case 'schedule:challenge-expiry':
      return guilds.ofChallenge.get(first) ?? null;
    case 'schedule:tournament-results':
    case 'schedule:tournament-rounds':
      return guilds.ofTournament.get(first) ?? null;
    case 'schedule:daily-puzzles':
      return first || null;
    default:
      return null;
  }
}
