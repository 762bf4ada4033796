/**
 * A guild's games in progress and open challenges, as /games reads them: only the guild's, only
 * games still going and challenges still open, never more than the bound, and in the order the
 * list shows them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game } from '../../src/engine/index.ts';
import { inListOrder, MAX_LISTED } from '../../src/game/listing.ts';
import { type ActiveGame, GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const ann: Player = { id: '1', name: 'Ann' };
const bob: Player = { id: '2', name: 'Bob' };
const cat: Player = { id: '3', name: 'Cat' };
const HOUR = 3_600_000;

describe.each(['redis', 'memory'] as const)('listing a guild’s games on the %s store', (kind) => {
  const opened: Store[] = [];
  afterAll(async () => {
    for (const store of opened) await store.close().catch(() => {});
  });
  let clock = 1_000_000;
  async function service() {
    const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return new GameService(store, { now: () => clock, challengeTtlMs: HOUR });
  }
  const start = (
    games: GameService,
    guildId: string,
    channelId: string,
    players = { attackers: ann, defenders: bob },
  ) =>
    games.lifecycle.startGame({ guildId, channelId, players, game: new Game('brandubh'), perMoveMs: HOUR });

  it('the guild’s games going on, not another guild’s, not one that ended', async () => {
    const games = await service();
    for (const channel of ['10', '11', '12']) expect((await start(games, 'g1', channel)).ok).toBe(true);
    expect((await start(games, 'g2', '20')).ok).toBe(true);
    await games.play.resign({ guildId: 'g1', channelId: '11' }, ann);
    const listed = await games.listing.games('g1');
    expect(listed.items.map((active) => active.channelId).sort()).toEqual(['10', '12']);
    expect(listed.unread).toBe(0);
  });

  it('open challenges only: not one answered or expired, the soonest to expire first', async () => {
    const games = await service();
    const challenge = (channelId: string, challenger: Player, opponent: Player) =>
      games.challenges.make({
        guildId: 'g1',
        channelId,
        challenger,
        opponent,
        variant: 'brandubh',
        side: 'random',
        thread: false,
      });
    const first = await challenge('30', ann, bob);
    clock += 60_000;
    const second = await challenge('31', bob, cat);
    const declined = await challenge('32', cat, ann);
    if (!first.ok || !second.ok || !declined.ok) throw new Error('not made');
    await games.challenges.decline('g1', declined.value.id, ann);
    expect((await games.listing.challenges('g1')).items.map((one) => one.id)).toEqual([
      first.value.id,
      second.value.id,
    ]);
    clock += HOUR - 30_000;
    expect((await games.listing.challenges('g1')).items.map((one) => one.id)).toEqual([second.value.id]);
  });

  it(`reads at most ${MAX_LISTED} games, and counts the rest`, async () => {
    const games = await service();
    const channels = Array.from({ length: MAX_LISTED + 7 }, (_, i) => String(1000 + i));
    for (let at = 0; at < channels.length; at += 50)
      await Promise.all(channels.slice(at, at + 50).map((channel) => start(games, 'g3', channel)));
    const listed = await games.listing.games('g3');
    expect(listed.items).toHaveLength(MAX_LISTED);
    expect(listed.unread).toBe(7);
  }, 30_000);
});

describe('the order of a list of games', () => {
  const game = (channelId: string, turnOf: Player, other: Player, deadline: number | null, startedAt = 0) =>
    ({
      channelId,
      players: { attackers: turnOf, defenders: other },
      game: { turn: 'attackers' },
      clock: deadline === null ? null : { deadline },
      startedAt,
    }) as unknown as ActiveGame;

  it('the server’s: least time left first, games without a clock last, oldest first among equals', () => {
    const games = [
      game('a', ann, bob, null, 5),
      game('b', bob, ann, 300),
      game('c', cat, bob, 100),
      game('d', ann, cat, null, 1),
    ];
    expect(inListOrder(games).map((one) => one.channelId)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('a member’s: only theirs, those where it is their turn first, each by time left', () => {
    const games = [
      game('waits-soon', bob, ann, 100),
      game('mine-late', ann, bob, 900),
      game('not-hers', bob, cat, 50),
      game('mine-untimed', ann, cat, null),
      game('mine-soon', ann, cat, 200),
      game('waits-untimed', cat, ann, null),
    ];
    expect(inListOrder(games, ann.id).map((one) => one.channelId)).toEqual([
      'mine-soon',
      'mine-late',
      'mine-untimed',
      'waits-soon',
      'waits-untimed',
    ]);
  });
});
