/**
 * Casual games: the end of one writes no standings at all (no rating, record or side balance
 * moves), a casual match stays casual into game 2, a rematch keeps it, and a tournament's game is
 * rated whatever it is asked.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game, serializeGame } from '../../src/engine/index.ts';
import { newStoredGame, planCommit } from '../../src/game/commit-plan.ts';
import { keys } from '../../src/game/keys.ts';
import { GameService } from '../../src/game/service.ts';
import type { StandingsDoc } from '../../src/game/standings.ts';
import type { StoredGame } from '../../src/game/types.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const ann: Player = { id: '1', name: 'Ann' };
const bob: Player = { id: '2', name: 'Bob' };

/** The defenders' king escapes at k1 with their move. */
const finishing = () => gameWith('fetlar', { king: 'k5', attackers: ['a5'] }, 'defenders');

function endOf(stored: StoredGame, game: Game) {
  const plyBefore = game.plyCount;
  game.play('k5-k1');
  const standings: StandingsDoc = { schema: 1, names: {}, tallies: {}, counted: [] };
  return planCommit({
    stored,
    revision: 3,
    game,
    plyBefore,
    drawOfferedBy: null,
    undoRequest: null,
    clock: null,
    now: 2_000,
    newId: () => 'game-2',
    ended: { lastGame: { value: null, revision: 0 }, standings: { value: standings, revision: 5 } },
  });
}

function storedOf(game: Game, casual: boolean, extra: Partial<StoredGame> = {}): StoredGame {
  const input = { guildId: 'g', channelId: 'c', players: { attackers: ann, defenders: bob }, game, casual };
  return { ...newStoredGame(input, { id: 'game-1', now: 1_000 }), record: serializeGame(game), ...extra };
}

describe('the end of a casual game', () => {
  it('is archived as any game, but writes no standings; a rated one writes them', () => {
    const casual = endOf(storedOf(finishing(), true), finishing());
    expect(casual.archived).toMatchObject({ winner: 'defenders', casual: true });
    expect(casual.writes.map((write) => write.key)).toEqual([
      keys.archive('g', 'game-1'),
      keys.lastGame('g', 'c'),
      keys.game('g', 'c'),
    ]);
    const rated = endOf(storedOf(finishing(), false), finishing());
    expect(rated.archived?.casual).toBeUndefined();
    expect(rated.writes.map((write) => write.key)).toContain(keys.standings('g'));
  });

  it('game 1 of a casual match: game 2 starts casual, and neither side rating moves', () => {
    const plan = endOf(storedOf(finishing(), true, { match: { id: 'm', game: 1 } }), finishing());
    expect(plan.nextGame).toMatchObject({ casual: true, match: { id: 'm', game: 2 } });
    expect(plan.writes.map((write) => write.key)).not.toContain(keys.standings('g'));
  });
});

describe.each(['redis', 'memory'] as const)('casual games in the service, on the %s store', (kind) => {
  const opened: Store[] = [];
  afterAll(async () => {
    for (const store of opened) await store.close().catch(() => {});
  });
  async function service() {
    const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return new GameService(store);
  }
  const table = () => ({ guildId: 'g1', channelId: `c${randomBytes(4).toString('hex')}` });

  it('a casual challenge starts a casual game, whose end leaves the standings as they were', async () => {
    const games = await service();
    const where = table();
    const made = await games.challenges.make({
      ...where,
      challenger: ann,
      opponent: bob,
      variant: 'brandubh',
      side: 'attackers',
      thread: false,
      casual: true,
    });
    expect(made).toMatchObject({ ok: true, value: { casual: true } });
    if (!made.ok) return;
    const accepted = await games.challenges.accept('g1', made.value.id, bob);
    expect(accepted.ok && accepted.value.game.casual).toBe(true);
    expect((await games.play.resign(where, ann)).ok).toBe(true);
    expect(await games.records.standings('g1')).toEqual([]);
    expect(await games.sides.balances('g1')).toEqual([]);
  });

  it('a rematch of a casual game is casual; a tournament’s game is rated even when asked otherwise', async () => {
    const games = await service();
    const where = table();
    const started = await games.lifecycle.startGame({
      ...where,
      players: { attackers: ann, defenders: bob },
      game: new Game('brandubh'),
      casual: true,
    });
    expect(started.ok && started.value.casual).toBe(true);
    if (!started.ok) return;
    await games.play.resign(where, bob);
    const again = await games.rematch(where, started.value.id, ann);
    expect(again).toMatchObject({ ok: true, value: { casual: true, side: 'defenders' } });

    const tournamentTable = table();
    const tournament = await games.lifecycle.startGame({
      ...tournamentTable,
      players: { attackers: ann, defenders: bob },
      game: new Game('brandubh'),
      casual: true,
      tournament: { id: 't', round: 1 },
    });
    expect(tournament.ok && tournament.value.casual).toBe(false);
  });
});
