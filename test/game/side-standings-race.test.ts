/**
 * Two results committed at the same instant in one guild: both count in the ratings per side and
 * in the side balance, on Redis through two connections and in memory.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { gatedTogether } from '../support/gated-store.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const cat: Player = { id: '300', name: 'Cat' };
const dan: Player = { id: '400', name: 'Dan' };

describe.each(['redis', 'memory'] as const)('side standings on the %s store', (kind) => {
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }

  it('two games of one guild ending at the same instant: neither result is lost', async () => {
    const store = await openStore();
    const guildId = `g${randomBytes(4).toString('hex')}`;
    const setup = new GameService(store);
    const tables = [
      { guildId, channelId: 'one' },
      { guildId, channelId: 'two' },
    ];
    await setup.lifecycle.startGame({
      ...tables[0],
      players: { attackers: ann, defenders: bob },
      game: new Game('fetlar'),
    });
    await setup.lifecycle.startGame({
      ...tables[1],
      players: { attackers: cat, defenders: dan },
      game: new Game('fetlar'),
    });
    expect((await setup.play.move(tables[1], cat, 'd1-d3')).ok).toBe(true);

    // Both read the standings before either commits: one commit conflicts, reads again and lands.
    const other = kind === 'redis' ? await openStore() : store;
    const [one, two] = gatedTogether([store, other], 2);
    const results = await Promise.all([
      new GameService(one).play.resign(tables[0], bob),
      new GameService(two).play.resign(tables[1], cat),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);

    const sides = new GameService(other).sides;
    expect(await sides.balances(guildId)).toEqual([
      { variant: 'fetlar', games: 2, attackerWins: 1, defenderWins: 1, draws: 0, medianPlies: 0.5 },
    ]);
    const rating = async (player: Player) => (await sides.memberRatings(guildId, player.id))[0];
    expect((await rating(ann)).attackers?.value).toBeGreaterThan(1500);
    expect((await rating(bob)).defenders?.value).toBeLessThan(1500);
    expect((await rating(cat)).attackers?.value).toBeLessThan(1500);
    expect((await rating(dan)).defenders?.value).toBeGreaterThan(1500);
    // And the overall table has both results.
    expect((await setup.records.standings(guildId, 'fetlar')).map((row) => row.games)).toEqual([1, 1, 1, 1]);
  });
});
