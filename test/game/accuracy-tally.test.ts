import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { SideAccuracy } from '../../src/analysis/accuracy.ts';
import { type GameReview, review } from '../../src/analysis/review.ts';
import type { Player } from '../../src/core/players.ts';
import { averageAccuracy, emptyTally, withReviewedGame } from '../../src/game/accuracy-tally.ts';
import { GameService, type Table } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const side = (accuracy: number): SideAccuracy => ({
  accuracy,
  moves: 10,
  inaccuracies: 0,
  mistakes: 0,
  blunders: 0,
});

describe('the accuracy tally', () => {
  it('sums each member’s accuracy per variant; the average is over one variant or all', () => {
    let doc = emptyTally();
    const players = { attackers: ann, defenders: bob };
    doc = withReviewedGame(doc, {
      variant: 'fetlar',
      players,
      accuracy: { attackers: side(80), defenders: side(60.5) },
    });
    doc = withReviewedGame(doc, {
      variant: 'brandubh',
      players: { attackers: bob, defenders: ann },
      accuracy: { attackers: side(90), defenders: side(71) },
    });
    // A side that made no move adds no game.
    doc = withReviewedGame(doc, {
      variant: 'fetlar',
      players,
      accuracy: { attackers: side(40), defenders: null },
    });
    expect(averageAccuracy(doc, ann.id)).toEqual({ average: 63.7, games: 3 });
    expect(averageAccuracy(doc, ann.id, 'fetlar')).toEqual({ average: 60, games: 2 });
    expect(averageAccuracy(doc, bob.id)).toEqual({ average: 75.3, games: 2 });
    expect(averageAccuracy(doc, bob.id, 'tablut')).toBeNull();
    expect(averageAccuracy(doc, '300')).toBeNull();
  });
});

describe.each(['redis', 'memory'] as const)('keeping a review on the %s store', (kind) => {
  const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
  const opened: Store[] = [];
  afterAll(async () => {
    for (const store of opened) await store.close().catch(() => {});
  });
  const guild = `g${randomBytes(4).toString('hex')}`;
  async function setup() {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return new GameService(store);
  }

  /** A game the attackers (Ann) resign after one move each; its id and its review. */
  async function finished(
    service: GameService,
    abort = false,
  ): Promise<{ id: string; reviewed: GameReview }> {
    const table: Table = { guildId: guild, channelId: `c${randomBytes(4).toString('hex')}` };
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a4', 'k4'], defenders: ['c3'] }, 'attackers');
    game.play('a4-a5');
    game.play('c3-c4');
    const started = await service.lifecycle.startGame({
      ...table,
      players: { attackers: ann, defenders: bob },
      game,
    });
    if (!started.ok) throw new Error(started.code);
    const ended = abort ? await service.lifecycle.abortGame(table) : await service.play.resign(table, ann);
    if (!ended.ok) throw new Error(ended.code);
    const record = await service.records.gameForRecord(table);
    if (!record) throw new Error('no record');
    const reviewed = review(
      record.game,
      [
        { best: 'a4-a5', score: 50 },
        { best: 'c3-c2', score: 300 },
        { best: 'k4-k5', score: -100 },
      ],
      [false, false],
      100,
      0.004,
    );
    return { id: record.id, reviewed };
  }

  it('adds the players’ accuracies once, however often or at once the review is kept; an aborted game counts for no one', async () => {
    const service = await setup();
    const one = await finished(service);
    const two = await finished(service);
    const three = await finished(service);
    await Promise.all([
      service.records.saveReview(guild, one.id, one.reviewed),
      service.records.saveReview(guild, one.id, one.reviewed),
      service.records.saveReview(guild, two.id, two.reviewed),
      service.records.saveReview(guild, three.id, three.reviewed),
    ]);
    await service.records.saveReview(guild, one.id, one.reviewed);
    const aborted = await finished(service, true);
    await service.records.saveReview(guild, aborted.id, aborted.reviewed);
    expect(await service.records.review(guild, aborted.id)).toEqual(aborted.reviewed);

    const attackers = one.reviewed.accuracy?.attackers?.accuracy ?? Number.NaN;
    const defenders = one.reviewed.accuracy?.defenders?.accuracy ?? Number.NaN;
    expect(attackers).toBeLessThan(defenders);
    const annRecord = await service.records.memberRecord(guild, ann.id);
    expect(annRecord?.accuracy).toEqual({ average: attackers, games: 3 });
    expect((await service.records.memberRecord(guild, bob.id, 'fetlar'))?.accuracy).toEqual({
      average: defenders,
      games: 3,
    });
    expect((await service.records.memberRecord(guild, bob.id, 'brandubh'))?.accuracy).toBeUndefined();
  });
});
