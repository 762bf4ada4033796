import { describe, expect, it } from 'vitest';
import { FRAME_MS, planReplay, thinned } from '../../src/replay/plan.ts';

const planned = (plies: number, request: Parameters<typeof planReplay>[1]) => {
  const result = planReplay(plies, request);
  if (!result.ok) throw new Error(result.refusal.code);
  return result.plan;
};

describe('the frames of a replay', () => {
  it('a whole game: the start, then one position per ply, the last held longer', () => {
    const plan = planned(5, { speed: 'normal' });
    expect(plan.plies).toEqual([0, 1, 2, 3, 4, 5]);
    expect(plan.delays).toEqual([900, 900, 900, 900, 900, FRAME_MS.normal.last]);
    expect(plan).toMatchObject({ fromMove: 1, toMove: 3, moves: 3, every: 1 });
  });

  it('the speed sets the delays', () => {
    for (const speed of ['slow', 'normal', 'fast'] as const) {
      const plan = planned(3, { speed });
      expect(plan.delays).toEqual([
        FRAME_MS[speed].position,
        FRAME_MS[speed].position,
        FRAME_MS[speed].position,
        FRAME_MS[speed].last,
      ]);
    }
    expect(FRAME_MS.slow.position).toBeGreaterThan(FRAME_MS.normal.position);
    expect(FRAME_MS.normal.position).toBeGreaterThan(FRAME_MS.fast.position);
  });

  it('an excerpt numbers moves as /history does: move n is plies 2n-1 and 2n', () => {
    // Moves 2 to 3: from the position after move 1 (ply 2) to the end of move 3 (ply 6).
    expect(planned(10, { speed: 'fast', from: 2, to: 3 }).plies).toEqual([2, 3, 4, 5, 6]);
    // The game's last move may be a single ply.
    expect(planned(7, { speed: 'fast', from: 4 }).plies).toEqual([6, 7]);
    expect(planned(7, { speed: 'fast', to: 1 }).plies).toEqual([0, 1, 2]);
    expect(planned(7, { speed: 'fast', from: 2, to: 2 })).toMatchObject({ fromMove: 2, toMove: 2, moves: 4 });
  });

  it('refuses what it cannot show, saying why', () => {
    expect(planReplay(0, { speed: 'normal' })).toEqual({ ok: false, refusal: { code: 'no-moves' } });
    expect(planReplay(7, { speed: 'normal', to: 5 })).toEqual({
      ok: false,
      refusal: { code: 'beyond-last-move', option: 'to', value: 5, moves: 4 },
    });
    expect(planReplay(7, { speed: 'normal', from: 9 })).toEqual({
      ok: false,
      refusal: { code: 'beyond-last-move', option: 'from', value: 9, moves: 4 },
    });
    expect(planReplay(7, { speed: 'normal', from: 3, to: 2 })).toEqual({
      ok: false,
      refusal: { code: 'from-after-to', from: 3, to: 2 },
    });
    expect(planReplay(7, { speed: 'normal', from: 0 })).toEqual({
      ok: false,
      refusal: { code: 'not-a-move', option: 'from', value: 0 },
    });
    expect(planReplay(7, { speed: 'normal', to: -1 })).toMatchObject({ ok: false });
  });

  it('thinned, it keeps one position in n, and always the first and the last', () => {
    const plan = planned(10, { speed: 'normal' });
    const thin = thinned(plan, 3, 'normal');
    expect(thin.plies).toEqual([0, 3, 6, 9, 10]);
    expect(thin.delays).toEqual([900, 900, 900, 900, FRAME_MS.normal.last]);
    expect(thin.every).toBe(3);
    expect(thinned(plan, 20, 'normal').plies).toEqual([0, 10]);
    expect(thinned(plan, 1, 'normal')).toBe(plan);
  });
});
