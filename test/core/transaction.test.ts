import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { failure, type Outcome, success } from '../../src/core/outcome.ts';
import { commit, guarded, READ_AGAIN, transaction } from '../../src/core/transaction.ts';
import { createStore, inGuild, type Store, StoreUnavailableError } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

interface Tally {
  count: number;
}

describe.each(['redis', 'memory'] as const)('a transaction on the %s store', (kind) => {
  const guild = `g${randomBytes(4).toString('hex')}`;
  const key = () => inGuild(guild, `tally:${randomBytes(4).toString('hex')}`);
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }
  /** Another process's change of the tally, committed between a try's read and its commit. */
  async function rivalAdds(store: Store, at: string, added: number): Promise<void> {
    const read = await store.read<Tally>(at);
    const committed = await store.commit([
      { key: at, value: { count: (read?.value.count ?? 0) + added }, expectRevision: read?.revision ?? 0 },
    ]);
    expect(committed.ok).toBe(true);
  }
  /** A change that adds one to the tally at `at`; `meanwhile` runs after each try's read. */
  const addOne =
    (store: Store, at: string, tries: { count: number }, meanwhile: () => Promise<void> = async () => {}) =>
    async () => {
      tries.count++;
      const read = await store.read<Tally>(at);
      await meanwhile();
      const count = (read?.value.count ?? 0) + 1;
      return commit([{ key: at, value: { count }, expectRevision: read?.revision ?? 0 }], count);
    };

  it('builds again from fresh reads after a lost race, and commits', async () => {
    const store = await openStore();
    const at = key();
    const tries = { count: 0 };
    const outcome = await transaction(store, {
      tries: 3,
      build: addOne(store, at, tries, () =>
        tries.count === 1 ? rivalAdds(store, at, 10) : Promise.resolve(),
      ),
      exhausted: () => failure('busy'),
    });
    expect(outcome).toEqual(success(11));
    expect(tries.count).toBe(2);
    expect((await store.read<Tally>(at))?.value).toEqual({ count: 11 });
  });

  it('answers a refusal as it is, writing nothing', async () => {
    const store = await openStore();
    const at = key();
    let built = 0;
    const outcome = await transaction(store, {
      tries: 3,
      build: async () => {
        built++;
        return failure('not-yours', { name: 'Ann' });
      },
      exhausted: () => failure('busy'),
    });
    expect(outcome).toEqual(failure('not-yours', { name: 'Ann' }));
    expect(built).toBe(1);
    expect(await store.read(at)).toBeNull();
  });

  it('ends at a lost race its change says another try would not help, without building again', async () => {
    const store = await openStore();
    const at = key();
    const tries = { count: 0 };
    const lostOn: string[] = [];
    const outcome = await transaction(store, {
      tries: 3,
      build: addOne(store, at, tries, () => rivalAdds(store, at, 10)),
      onConflict: (conflict, lost) => {
        lostOn.push(`${conflict} ${lost}`);
        return conflict === at ? failure('changed') : undefined;
      },
      exhausted: () => failure('busy'),
    });
    expect(outcome).toEqual(failure('changed'));
    expect(tries.count).toBe(1);
    expect(lostOn).toEqual([`${at} 1`]);
  });

  it('answers the last try’s failure once every try lost its race', async () => {
    const store = await openStore();
    const at = key();
    const tries = { count: 0 };
    const outcome = await transaction(store, {
      tries: 4,
      build: addOne(store, at, tries, () => rivalAdds(store, at, 10)),
      exhausted: () => failure('busy'),
    });
    expect(outcome).toEqual(failure('busy'));
    expect(tries.count).toBe(4);
    // Only the rival's changes were written.
    expect((await store.read<Tally>(at))?.value).toEqual({ count: 40 });
  });

  it('builds again when a try reads again itself, and answers without a commit when there is nothing to write', async () => {
    const store = await openStore();
    let commits = 0;
    const counting: Store = {
      ...store,
      commit: (writes, schedules) => {
        commits++;
        return store.commit(writes, schedules);
      },
    };
    let built = 0;
    const outcome = await transaction(counting, {
      tries: 3,
      build: async () => (++built < 3 ? READ_AGAIN : commit([], 'as it was')),
      exhausted: () => failure('busy'),
    });
    expect(outcome).toEqual(success('as it was'));
    expect(built).toBe(3);
    expect(commits).toBe(0);
  });

  describe('a store that does not answer', () => {
    /** The store with its reads or its commits failing as Redis's do when it does not answer. */
    function silent(store: Store, on: 'read' | 'commit'): Store {
      return on === 'read'
        ? { ...store, read: () => Promise.reject(new StoreUnavailableError('no answer')) }
        : {
            ...store,
            commit: () => Promise.reject(new StoreUnavailableError('no answer', { maybeApplied: true })),
          };
    }
    const change = (store: Store) => ({
      tries: 3,
      build: addOne(store, key(), { count: 0 }),
      exhausted: (): Outcome<number, 'busy'> => failure('busy'),
    });

    it('is `store-unavailable` when nothing was written, `store-silent` when a commit may have been', async () => {
      const store = await openStore();
      const unread = silent(store, 'read');
      const uncommitted = silent(store, 'commit');
      expect(await transaction(unread, change(unread))).toEqual(failure('store-unavailable'));
      expect(await transaction(uncommitted, change(uncommitted))).toEqual(failure('store-silent'));
      expect(await guarded(() => unread.read('x').then(() => success(1)))).toEqual(
        failure('store-unavailable'),
      );
    });

    it('is the caller’s error when the change says so', async () => {
      const store = await openStore();
      const uncommitted = silent(store, 'commit');
      await expect(transaction(uncommitted, { ...change(uncommitted), outage: 'throw' })).rejects.toThrow(
        StoreUnavailableError,
      );
    });
  });
});
