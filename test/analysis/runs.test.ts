import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisBusyError, AnalysisRuns, MOST_REVIEWS } from '../../src/bot/jobs/analysis-runs.ts';
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
    expect(await service.records.review('guild-1', 'g-1')).toEqual(one);
    expect(one.worst.attackers[0]).toMatchObject({ notation: 'c1-c2', verdict: 'blunder' });
  });

  it('a few games at once: one more is refused while they run, joining one under way is not', async () => {
    const finished = () => {
      const game = gameWith(
        'fetlar',
        { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
        'attackers',
      );
      game.play('c1-c2');
      game.play('e1-a1');
      return game;
    };
    const under = Array.from({ length: MOST_REVIEWS }, (_, i) =>
      runs.run('guild-2', `g-${i}`, finished(), () => {}),
    );
    expect(runs.canRun('guild-2', 'g-0')).toBe(true);
    expect(runs.canRun('guild-2', 'one-more')).toBe(false);
    await expect(runs.run('guild-2', 'one-more', finished(), () => {})).rejects.toBeInstanceOf(
      AnalysisBusyError,
    );
    const joined = runs.run('guild-2', 'g-0', finished(), () => {});
    expect(await joined).toBe(await under[0]);
    await Promise.all(under);
    // Done, they make room.
    expect(runs.canRun('guild-2', 'one-more')).toBe(true);
    await runs.run('guild-2', 'one-more', finished(), () => {});
  });

  it('a member waits for one /analyze at a time', () => {
    const endWait = runs.admit('member-1');
    expect(endWait).not.toBeNull();
    expect(runs.admit('member-1')).toBeNull();
    expect(runs.admit('member-2')).not.toBeNull();
    endWait?.();
    expect(runs.admit('member-1')).not.toBeNull();
  });
});
