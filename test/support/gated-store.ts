/** Stores that hold their commits back, so that racing commands all read before any writes. */
import type { Store } from '../../src/store/index.ts';

/**
 * The stores given, each holding its commits until `count` commits are waiting across all of
 * them, so that every racer reads before any writes.
 */
export function gatedTogether(stores: Store[], count: number): Store[] {
  let waiting = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return stores.map((store) => ({
    ephemeral: store.ephemeral,
    read: (key) => store.read(key),
    async commit(writes, schedules) {
      waiting++;
      if (waiting >= count) open();
      await gate;
      return store.commit(writes, schedules);
    },
    claimDue: (schedule, now, lease, limit) => store.claimDue(schedule, now, lease, limit),
    countAcrossGuilds: (family) => store.countAcrossGuilds(family),
    idsInGuild: (guildId, family) => store.idsInGuild(guildId, family),
    ping: () => store.ping(),
    close: () => store.close(),
  }));
}
export const gated = (store: Store, count: number): Store => gatedTogether([store], count)[0];
