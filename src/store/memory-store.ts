/**
 * The store when no REDIS_URL is set: an in-memory keyv. Commits take a lock on each of their keys
 * (in a fixed order, so two commits never wait on each other in a circle), which makes the
 * read-compare-write atomic within this process. Nothing survives a restart.
 */
import { Keyv } from 'keyv';
import type { CommitResult, ScheduleChange, Store, Stored, Write } from './types.ts';

export function createMemoryStore(namespace: string): Store {
  const keyv = new Keyv({ namespace });
  const locks = new Map<string, Promise<void>>();
  const schedules = new Map<string, Map<string, number>>();
  const scheduleOf = (name: string) => {
    let schedule = schedules.get(name);
    if (!schedule) {
      schedule = new Map();
      schedules.set(name, schedule);
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
      const unlock = await lock(writes.map((write) => write.key));
      try {
        for (const write of writes) {
          const current = (await keyv.get<Stored<unknown>>(write.key)) as Stored<unknown> | undefined;
          if ((current?.revision ?? 0) !== write.expectRevision) return { ok: false, conflict: write.key };
        }
        for (const write of writes) {
          if (write.value === null) await keyv.delete(write.key);
          else
            await keyv.set(
              write.key,
              { revision: write.expectRevision + 1, value: write.value },
              write.ttlMs,
            );
        }
        for (const change of changes) {
          if (change.at === null) scheduleOf(change.schedule).delete(change.member);
          else scheduleOf(change.schedule).set(change.member, change.at);
        }
        return { ok: true };
      } finally {
        unlock();
      }
    },
    async claimDue(name: string, now: number, leaseMs: number, limit = 100) {
      const due = [...scheduleOf(name).entries()]
        .filter(([, at]) => at <= now)
        .sort((a, b) => a[1] - b[1])
        .slice(0, limit);
      for (const [member] of due) scheduleOf(name).set(member, now + leaseMs);
      return due.map(([member, at]) => ({ member, at }));
    },
    async ping() {},
    async close() {
      await keyv.disconnect();
    },
  };
}
