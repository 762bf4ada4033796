import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game } from '../../src/engine/index.ts';
import { moreTimeMs } from '../../src/game/clock.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const cat: Player = { id: '300', name: 'Cat' };

describe('how much More time gives', () => {
  it('15 seconds under an hour, 15 minutes in a game of hours, a day in correspondence', () => {
    const perMove = (ms: number) => ({ perMoveMs: ms, deadline: 0, remindAt: 0, reminded: false });
    expect(moreTimeMs(perMove(10 * MINUTE))).toBe(15 * SECOND);
    expect(moreTimeMs(perMove(60 * MINUTE))).toBe(15 * MINUTE);
    expect(moreTimeMs(perMove(3 * DAY))).toBe(DAY);
  });
});

describe.each(['redis', 'memory'] as const)('more time on the %s store', (kind) => {
  let now = Date.now();
  async function started(time: { perMoveMs?: number; fischer?: { mainMs: number; incrementMs: number } }) {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    now = Date.now();
    const service = new GameService(store, { now: () => now });
    const table: Table = { guildId: `g${randomBytes(4).toString('hex')}`, channelId: 'c1' };
    const game = await service.lifecycle.startGame({
      ...table,
      players: { attackers: ann, defenders: bob },
      game: new Game('fetlar'),
      ...time,
    });
    if (!game.ok) throw new Error(game.code);
    return { service, table, deadline: game.value.clock?.deadline ?? 0 };
  }

  it('a day per move: the deadline moves by exactly a day, and the old deadline passes without a loss', async () => {
    const { service, table, deadline } = await started({ perMoveMs: DAY });
    // Ann (attackers) is to move: Bob gives her a day.
    const given = await service.play.giveMoreTime(table, bob);
    expect(given).toMatchObject({ ok: true, value: { given: DAY, to: 'attackers' } });
    expect((await service.play.board(table))?.clock?.deadline).toBe(deadline + DAY);
    now = deadline + 1;
    expect((await service.due.sweep()).timedOut).toEqual([]);
    expect((await service.play.board(table))?.game.isGameOver()).toBe(false);
    now = deadline + DAY + 1;
    const swept = await service.due.sweep();
    expect(swept.timedOut.map((active) => active.game.result?.winner)).toEqual(['defenders']);
  });

  it('only a player gives, and only to their opponent: with a time per move, not on their own turn', async () => {
    const { service, table, deadline } = await started({ perMoveMs: DAY });
    expect(await service.play.giveMoreTime(table, cat)).toMatchObject({ ok: false, code: 'not-a-player' });
    expect(await service.play.giveMoreTime(table, ann)).toMatchObject({
      ok: false,
      code: 'more-time-own-turn',
    });
    expect((await service.play.board(table))?.clock?.deadline).toBe(deadline);
  });

  it('a Fischer clock: to the opponent’s own time, the deadline of the side to move only when it is theirs', async () => {
    const { service, table, deadline } = await started({
      fischer: { mainMs: 5 * MINUTE, incrementMs: 3 * SECOND },
    });
    // Ann, to move, gives Bob 15 s: her deadline stays, his time grows.
    expect(await service.play.giveMoreTime(table, ann)).toMatchObject({
      ok: true,
      value: { given: 15 * SECOND },
    });
    let board = await service.play.board(table);
    expect(board?.clock?.deadline).toBe(deadline);
    expect(board?.clock?.fischer?.remaining).toEqual({
      attackers: 5 * MINUTE,
      defenders: 5 * MINUTE + 15 * SECOND,
    });
    // Bob gives Ann 15 s: her deadline moves by exactly that.
    expect((await service.play.giveMoreTime(table, bob)).ok).toBe(true);
    board = await service.play.board(table);
    expect(board?.clock?.deadline).toBe(deadline + 15 * SECOND);
    now = deadline + 1;
    expect((await service.due.sweep()).timedOut).toEqual([]);
    // Not once the time is up, and not with an old button.
    now = deadline + 15 * SECOND;
    expect(await service.play.giveMoreTime(table, bob)).toMatchObject({ ok: false, code: 'time-up' });
    expect(await service.play.giveMoreTime(table, bob, 'another-game')).toMatchObject({
      ok: false,
      code: 'game-gone',
    });
  });

  it('a game without a clock has no time to give', async () => {
    const { service, table } = await started({});
    expect(await service.play.giveMoreTime(table, bob)).toMatchObject({ ok: false, code: 'no-clock' });
  });
});
