/**
 * The store when no REDIS_URL is set: an in-memory keyv. Commits take a lock on each of their keys
 * (in a fixed order, so two commits never wait on each other in a circle), which makes the
 * read-compare-write atomic within this process. Nothing survives a restart.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Keyv } from 'keyv';
import { checkOneGuild, inGuild } from './hash-tags.ts';
import type { ClaimedEntry, CommitResult, ScheduleChange, Store, Stored, Write } from './types.ts';

export function createMemoryStore(namespace: string): Store {
  const keyv = new Keyv({ namespace });
  const locks = new Map<string, Promise<void>>();
  /** Keys written and not deleted, for counting (some may have expired since). */
  const written = new Set<string>();
  // Each schedule by name, then each guild's copy of it, as in Redis.
  const schedules = new Map<string, Map<string, Map<string, number>>>();
  const copiesOf = (name: string) => {
    let copies = schedules.get(name);
    if (!copies) {
      copies = new Map();
      schedules.set(name, copies);
    }
    return copies;
  };
  const scheduleOf = (name: string, group: string) => {
    const copies = copiesOf(name);
    let schedule = copies.get(group);
    if (!schedule) {
      schedule = new Map();
      copies.set(group, schedule);
    }
    return schedule;
  };

  async function lock(keys: string[]): Promise<() => void> {
    const releases: (() => void)[] = [];
    for (const key of [...new Set(keys)].sort()) {
      while (locks.has(key)) await locks.get(key);
      let release!: () => void;
      locks.set(key, new Promise<void>((resolve) => (release = resolve)));
      releases.push(() => {
        locks.delete(key);
        release();
      });
    }
    return () => {
      for (const release of releases) release();
    };
  }

  return {
    ephemeral: true,
    async read<T>(key: string): Promise<Stored<T> | null> {
      // A key that a commit is writing is read once the commit is done, never half-way.
      while (locks.has(key)) await locks.get(key);
      return ((await keyv.get<Stored<T>>(key)) as Stored<T> | undefined) ?? null;
    },
    async commit(writes: Write[], changes: ScheduleChange[] = []): Promise<CommitResult> {
      checkOneGuild(writes, changes);
      const unlock = await lock(writes.map((write) => write.key));
      try {
        for (const write of writes) {
          const current = (await keyv.get<Stored<unknown>>(write.key)) as Stored<unknown> | undefined;
          if ((current?.revision ?? 0) !== write.expectRevision) return { ok: false, conflict: write.key };
        }
        for (const write of writes) {
          if (write.value === null) {
            await keyv.delete(write.key);
            written.delete(write.key);
          } else {
            written.add(write.key);
            await keyv.set(
              write.key,
              { revision: write.expectRevision + 1, value: write.value },
              write.ttlMs,
            );
          }
        }
        for (const change of changes) {
          if (change.at === null) scheduleOf(change.schedule, change.group).delete(change.member);
          else scheduleOf(change.schedule, change.group).set(change.member, change.at);
        }
        return { ok: true };
      } finally {
        unlock();
      }
    },
    async claimDue(name: string, now: number, leaseMs: number, limit = 100): Promise<ClaimedEntry[]> {
      const due: ClaimedEntry[] = [];
      for (const [group, schedule] of copiesOf(name))
        for (const [member, at] of schedule) if (at <= now) due.push({ group, member, at });
      due.sort((a, b) => a.at - b.at);
      const claimed = due.slice(0, limit);
      for (const { group, member } of claimed) scheduleOf(name, group).set(member, now + leaseMs);
      return claimed;
    },
    async countAcrossGuilds(family: string) {
      let count = 0;
      for (const key of written)
        if (key.startsWith('{') && key.includes(`}:${family}:`) && (await keyv.has(key))) count++;
      return count;
    },
    async idsInGuild(guildId: string, family: string) {
      const prefix = inGuild(guildId, `${family}:`);
      const ids: string[] = [];
      let looked = 0;
      for (const key of [...written]) {
        if (!key.startsWith(prefix)) continue;
        // Each look reads the document: let the event loop go now and then, as Redis's SCAN does.
        if (++looked % 200 === 0) await yieldToLoop();
        if (await keyv.has(key)) ids.push(key.slice(prefix.length));
      }
      return ids;
    },
    async ping() {},
    async close() {
      await keyv.disconnect();
    },
  };
}
