/**
 * Data written by the bot of layout 1 (commit 9438090, keys without guild tags), read by this one:
 * the fixture is that version's own Redis keys, dumped as it left them (a game in progress with
 * its clock, a finished game with standings, a server variant, an open challenge, an AI game).
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.ts';
import { createStore, type LayoutReport, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { loadLayout1 } from './fixtures/layout-1.ts';

// The dump's clock moved to now: its open challenge and its clocks are as fresh as when dumped.
const fixture = loadLayout1(Date.now());
const [G, H] = ['900000000000000001', '900000000000000002'];
const ann = { id: '101', name: 'Ann' };
const namespace = `tafl-layout1-${randomBytes(4).toString('hex')}`;
const redis = createClient({ url: testRedisUrl });
let store: Store | undefined;
afterAll(async () => {
  await store?.close();
  const left = await redis.keys(`${namespace}::*`);
  if (left.length > 0) await redis.del(left);
  await redis.close();
});

it("continues layout 1's games, standings, variants, challenges and schedules after moving them", async () => {
  await redis.connect();
  for (const { key, type, value, entries, pttl } of fixture.keys) {
    const at = `${namespace}::${key}`;
    if (type === 'string' && value !== undefined) await redis.set(at, value, pttl > 0 ? { PX: pttl } : {});
    else if (type === 'zset' && entries) await redis.zAdd(at, entries);
  }
  const reports: LayoutReport[] = [];
  store = await createStore({ redisUrl: testRedisUrl, namespace, onLayoutMigrated: (r) => reports.push(r) });
  expect(reports).toEqual([{ moved: 8, entries: 6, dropped: 0 }]);
  let now = fixture.now + 1000;
  const service = new GameService(store, { now: () => now });

  const live = await service.play.board({ guildId: G, channelId: 'c-live' });
  expect(live?.game.history().map((move) => move.notation)).toEqual(['d1-d3', 'f4-c4']);
  expect((await service.play.board({ guildId: H, channelId: 'c-live' })) === null).toBe(true);
  const finished = await service.records.gameForRecord({ guildId: G, channelId: 'c-done' });
  expect(finished?.id).toBe('id2');
  expect(await service.records.archived(G, 'id2')).toMatchObject({ winner: 'attackers' });
  const standings = await service.records.standings(G);
  expect(standings.map((row) => [row.name, row.wins, row.losses])).toEqual([
    ['Bob', 1, 0],
    ['Ann', 0, 1],
  ]);
  expect((await service.variants.list(H)).variants.map((variant) => variant.name)).toEqual(['Little']);
  expect((await service.challenges.find(H, 'id3'))?.challenger.name).toBe('Cat');
  expect(await service.due.claimAiTurns()).toEqual([
    { guildId: H, channelId: 'c-ai', gameId: 'id4', ply: 0 },
  ]);

  // The open challenge is taken up, and its game starts.
  const accepted = await service.challenges.accept(H, 'id3', ann);
  expect(accepted.ok).toBe(true);
  expect(
    await service.play.move({ guildId: H, channelId: 'c-open' }, { id: '103', name: 'Cat' }, 'b4-b6'),
  ).toMatchObject({
    ok: true,
  });

  // The clocks run on: both games on the clock are lost on time once their hour is up, each once.
  now = fixture.now + 3_600_000 + 1;
  const swept = await service.due.sweep();
  expect(swept.timedOut.map((game) => game.channelId).sort()).toEqual(['c-ai', 'c-live']);
  expect((await service.due.sweep()).timedOut).toEqual([]);
  expect((await service.records.standings(G)).find((row) => row.name === 'Ann')?.losses).toBe(2);
});
