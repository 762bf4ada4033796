/**
 * Every commit is one atomic script, and Redis Cluster runs a script only when all the keys it
 * names hash to one slot. So every key the bot keeps belongs to a guild and carries the guild's id
 * as its hash tag (`{<guild>}:game:<channel>`): a commit touches one guild, hence one slot. The
 * stores refuse a commit that mixes tags, on a single Redis and in memory too, so a key layout
 * that would break on a cluster fails every test, not only the cluster's.
 */
import type { ScheduleChange, Write } from './types.ts';

/** A key of a guild: its id as the hash tag, then the rest (`{<guild>}:<rest>`). */
export function inGuild(guildId: string, rest: string): string {
  return `{${guildId}}:${rest}`;
}

/** The hash tag of a key as Redis reads it: between the first `{` and the next `}`, when not empty. */
export function hashTagOf(key: string): string | null {
  const open = key.indexOf('{');
  if (open < 0) return null;
  const close = key.indexOf('}', open + 1);
  if (close < 0 || close === open + 1) return null;
  return key.slice(open + 1, close);
}

/** A programming error: one commit named keys of two guilds (Redis Cluster would refuse it: CROSSSLOT). */
export class CrossSlotError extends Error {
  override name = 'CrossSlotError';
}

/** Throws CrossSlotError when a commit's keys and schedules name two guilds, or a key has no tag. */
export function checkOneGuild(writes: readonly Write[], changes: readonly ScheduleChange[]): void {
  let guild: string | null = null;
  const meet = (tag: string | null, what: string) => {
    if (tag === null) throw new CrossSlotError(`${what} has no guild hash tag`);
    if (guild !== null && tag !== guild)
      throw new CrossSlotError(`one commit touches guilds ${guild} and ${tag} (${what})`);
    guild = tag;
  };
  for (const write of writes) meet(hashTagOf(write.key), `key ${write.key}`);
  for (const change of changes) meet(change.group, `schedule ${change.schedule}`);
}
