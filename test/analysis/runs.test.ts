import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisRuns } from '../../src/bot/analysis-runs.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';

const store = await createStore({ namespace: 'runs-test' });
const service = new GameService(store);
const runs = new AnalysisRuns(service, 60);
afterAll(async () => {
  await runs.close();
  await store.close();
});

describe('reviews in the AI worker', () => {
  it('two asking at once share one run; both hear its progress; the review is kept', async () => {
    const game = gameWith(
      'fetlar',
      { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
      'attackers',
    );
    game.play('c1-c2');
    game.play('e1-a1');
    const heard: string[] = [];
    const [one, two] = await Promise.all([
      runs.run('guild-1', 'g-1', game, (done, total) => heard.push(`one ${done}/${total}`)),
      runs.run('guild-1', 'g-1', game, (done, total) => heard.push(`two ${done}/${total}`)),
    ]);
    expect(one).toBe(two);
    expect(runs.started).toBe(1);
    expect(heard).toContain('one 3/3');
    expect(heard).toContain('two 3/3');
    expect(await service.review('guild-1', 'g-1')).toEqual(one);
    expect(one.worst.attackers[0]).toMatchObject({ notation: 'c1-c2', verdict: 'blunder' });
  });
});
