import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import type { Player } from '../../src/core/players.ts';
import { Game, getVariant } from '../../src/engine/index.ts';
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

describe.each(['redis', 'memory'] as const)('the opening tree on the %s store', (kind) => {
  const guild = `g${randomBytes(4).toString('hex')}`;

  it('counts two games that end at the same instant, both: the later commit reads the tree again', async () => {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    const tables = ['c1', 'c2'].map((channelId) => ({ guildId: guild, channelId }));
    const { games: starter, openings } = createApp(store);
    for (const [i, table] of tables.entries()) {
      const game = new Game('brandubh');
      game.play('d2-b2');
      game.play(i === 0 ? 'c4-c6' : 'e4-e6');
      const started = await starter.lifecycle.startGame({
        ...table,
        players: { attackers: ann, defenders: bob },
        game,
      });
      expect(started.ok).toBe(true);
    }
    // Both read the tree before either commits: the second commit conflicts on the start's node.
    const [one, two] = gatedTogether([store, store], 2).map((gatedStore) => createApp(gatedStore).games);
    const ended = await Promise.all([one.play.resign(tables[0], ann), two.play.resign(tables[1], bob)]);
    expect(ended.map((outcome) => outcome.ok)).toEqual([true, true]);

    const start = await openings.explore(guild, getVariant('brandubh'), []);
    if (!start.ok) throw new Error(start.code);
    expect(start.value.node).toEqual({
      schema: 1,
      games: { attackers: 1, draws: 0, defenders: 1 },
      moves: { 'd2-b2': { attackers: 1, draws: 0, defenders: 1 } },
    });
    const after = await openings.explore(guild, getVariant('brandubh'), ['d2-b2']);
    if (!after.ok) throw new Error(after.code);
    expect(after.value.node?.moves).toEqual({
      'c4-c6': { attackers: 0, draws: 0, defenders: 1 },
      'e4-e6': { attackers: 1, draws: 0, defenders: 0 },
    });
    // Another guild's tree is its own.
    const elsewhere = await openings.explore(`${guild}x`, getVariant('brandubh'), []);
    expect(elsewhere.ok && elsewhere.value.node).toBeNull();
  });
});
