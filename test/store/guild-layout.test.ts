import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { keys } from '../../src/game/keys.ts';
import { createStore, inGuild, type LayoutReport, type Store } from '../../src/store/index.ts';
import { tournamentKeys } from '../../src/tournament/keys.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const opened: Store[] = [];
const admins: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close().catch(() => {});
  for (const admin of admins.splice(0)) await admin.close().catch(() => {});
});

function redisClient() {
  return createClient({ url: testRedisUrl });
}
type Admin = ReturnType<typeof redisClient>;

async function admin(): Promise<Admin> {
  const client = redisClient();
  await client.connect();
  admins.push(client);
  return client;
}

/** A document as the store of layout 1 wrote it (keyv's format: the revision beside the value). */
const payload = (value: unknown, revision = 1) =>
  JSON.stringify({ value: { revision, value }, expires: null });

/** A Redis holding what layout 1 kept for two guilds: a game with its clock, a finished game, a challenge, a tournament, puzzles. */
async function seedLayoutOne(redis: Admin, namespace: string): Promise<void> {
  const at = (key: string) => `${namespace}::${key}`;
  const documents: Record<string, unknown> = {
    'game:c1': { schema: 3, id: 'g1', guildId: 'G', channelId: 'c1', ply: 3 },
    'archive:a1': { schema: 3, id: 'a1', guildId: 'G', channelId: 'c1' },
    'last:c1': { schema: 1, gameId: 'a1' },
    'review:a1': { schema: 1, plies: 4 },
    'standings:G': { schema: 1, rows: ['ann'] },
    'variants:G': { schema: 1, variants: [] },
    'challenge:ch1': { schema: 1, id: 'ch1', guildId: 'H', channelId: 'c2' },
    'pending:c2:u1': { schema: 1, challengeId: 'ch1' },
    'tournament:t1': { schema: 1, id: 't1', guildId: 'H' },
    'tournaments:H': { schema: 1, tournaments: ['t1'] },
    'puzzle-member:G:u1': { schema: 1, solved: 2 },
    'puzzle-daily:G:2026-11-23': { schema: 1, solvers: [] },
    'puzzle-rating:p1': { schema: 1, rating: 1500 },
    // Names a game that is gone: nothing to move it to.
    'review:gone': { schema: 1 },
  };
  for (const [key, value] of Object.entries(documents)) await redis.set(at(key), payload(value));
  await redis.pExpire(at('challenge:ch1'), 600_000);
  await redis.zAdd(at('schedule:deadlines'), [
    { score: 100, value: 'c1|g1|3' },
    { score: 150, value: 'gone|x|1' },
  ]);
  await redis.zAdd(at('schedule:challenge-expiry'), { score: 200, value: 'ch1' });
  await redis.zAdd(at('schedule:tournament-rounds'), { score: 300, value: 't1|2' });
  await redis.zAdd(at('schedule:daily-puzzles'), { score: 400, value: 'G' });
}

async function openStore(namespace: string, reports: LayoutReport[]): Promise<Store> {
  const store = await createStore({
    redisUrl: testRedisUrl,
    namespace,
    onLayoutMigrated: (report) => reports.push(report),
  });
  opened.push(store);
  return store;
}

describe('moving layout 1 keys to the guild layout', () => {
  it('moves every document and schedule entry to its guild, once, even with two processes opening at once', async () => {
    const namespace = `tafl-layout-${randomBytes(4).toString('hex')}`;
    const redis = await admin();
    await seedLayoutOne(redis, namespace);
    const reports: LayoutReport[] = [];
    const [store, other] = await Promise.all([openStore(namespace, reports), openStore(namespace, reports)]);
    expect(reports).toEqual([{ moved: 13, entries: 4, dropped: 2 }]);

    expect((await store.read(keys.game('G', 'c1')))?.value).toMatchObject({ id: 'g1', channelId: 'c1' });
    expect((await other.read(keys.archive('G', 'a1')))?.value).toMatchObject({ id: 'a1' });
    expect((await store.read(keys.lastGame('G', 'c1')))?.value).toEqual({ schema: 1, gameId: 'a1' });
    expect((await store.read(keys.review('G', 'a1')))?.value).toEqual({ schema: 1, plies: 4 });
    expect((await store.read(keys.standings('G')))?.value).toEqual({ schema: 1, rows: ['ann'] });
    expect((await store.read(keys.serverVariants('G')))?.revision).toBe(1);
    expect((await store.read(keys.challenge('H', 'ch1')))?.value).toMatchObject({ id: 'ch1' });
    expect((await store.read(keys.pendingChallenge('H', 'c2', 'u1')))?.value).toEqual({
      schema: 1,
      challengeId: 'ch1',
    });
    expect((await store.read(tournamentKeys.tournament('H', 't1')))?.value).toMatchObject({ id: 't1' });
    expect((await store.read(tournamentKeys.index('H')))?.value).toEqual({ schema: 1, tournaments: ['t1'] });
    expect((await store.read(inGuild('G', 'puzzle-member:u1')))?.value).toEqual({ schema: 1, solved: 2 });
    expect((await store.read(inGuild('G', 'puzzle-daily:2026-11-23')))?.revision).toBe(1);
    // Puzzle ratings were shared by all servers: each server with puzzles starts from them.
    expect((await store.read(inGuild('G', 'puzzle-rating:p1')))?.value).toEqual({ schema: 1, rating: 1500 });
    // A time to live is kept.
    expect(await redis.pTTL(`${namespace}::${keys.challenge('H', 'ch1')}`)).toBeGreaterThan(500_000);

    expect(await store.claimDue('schedule:deadlines', 1000, 60_000)).toEqual([
      { group: 'G', member: 'c1|g1|3', at: 100 },
    ]);
    expect(await other.claimDue('schedule:challenge-expiry', 1000, 60_000)).toEqual([
      { group: 'H', member: 'ch1', at: 200 },
    ]);
    expect(await store.claimDue('schedule:tournament-rounds', 1000, 60_000)).toEqual([
      { group: 'H', member: 't1|2', at: 300 },
    ]);
    expect(await store.claimDue('schedule:daily-puzzles', 1000, 60_000)).toEqual([
      { group: 'G', member: 'G', at: 400 },
    ]);

    // Nothing of layout 1 is left, and a later start moves nothing.
    const left = (await redis.keys(`${namespace}::*`)).filter((key) => !key.includes('{'));
    expect(left.sort()).toEqual(
      [
        `${namespace}::layout`,
        `${namespace}::schedule:challenge-expiry:guilds`,
        `${namespace}::schedule:daily-puzzles:guilds`,
        `${namespace}::schedule:deadlines:guilds`,
        `${namespace}::schedule:tournament-rounds:guilds`,
        `${namespace}::schedules:reconciling`,
      ].sort(),
    );
    await openStore(namespace, reports);
    expect(reports).toHaveLength(1);
    await redis.del(await redis.keys(`${namespace}::*`));
  });

  it('finishes a migration cut short: keys already moved are kept, not overwritten', async () => {
    const namespace = `tafl-layout-${randomBytes(4).toString('hex')}`;
    const redis = await admin();
    await seedLayoutOne(redis, namespace);
    // As a crash leaves it: the game already moved (and played on: revision 2), its old key and entry still there.
    await redis.set(
      `${namespace}::${keys.game('G', 'c1')}`,
      payload({ id: 'g1', guildId: 'G', channelId: 'c1', ply: 4 }, 2),
    );
    await redis.del(`${namespace}::game:c1`);
    const reports: LayoutReport[] = [];
    const store = await openStore(namespace, reports);
    expect(reports[0]?.entries).toBe(4);
    expect(await store.read(keys.game('G', 'c1'))).toMatchObject({ revision: 2, value: { ply: 4 } });
    // The deadline's guild is learnt from the moved game's key.
    expect(await store.claimDue('schedule:deadlines', 1000, 60_000)).toEqual([
      { group: 'G', member: 'c1|g1|3', at: 100 },
    ]);
    await redis.del(await redis.keys(`${namespace}::*`));
  });
});
