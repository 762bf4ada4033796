import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  FIRST_ATTEMPT,
  nextAttempt,
  overBudget,
  projectedBytes,
  REPLAY_BYTE_LIMIT,
  SCALES,
} from '../../src/replay/budget.ts';

describe('the size budget', () => {
  it('stays under Discord’s attachment limit with room to spare', () => {
    expect(REPLAY_BYTE_LIMIT).toBeLessThanOrEqual(8_000_000);
    expect(FIRST_ATTEMPT).toEqual({ scale: 1, every: 1 });
  });

  it('projects the whole from the frames so far, the first (whole) frame apart', () => {
    // 100 kB first frame, then 10 frames of 5 kB: 300 frames come to 100 kB + 299 x 5 kB.
    const progress = { bytes: 150_000, firstFrameBytes: 100_000, framesDone: 11, framesInAll: 300 };
    expect(projectedBytes(progress)).toBe(100_000 + 299 * 5_000);
  });

  it('stops an attempt that is over, or clearly on course to be', () => {
    const limit = 1_000_000;
    expect(
      overBudget({ bytes: 1_000_001, firstFrameBytes: 1000, framesDone: 2, framesInAll: 300 }, limit),
    ).toBe(true);
    // Three frames are too few to project from.
    expect(
      overBudget({ bytes: 200_000, firstFrameBytes: 1000, framesDone: 3, framesInAll: 300 }, limit),
    ).toBe(false);
    expect(
      overBudget({ bytes: 200_000, firstFrameBytes: 1000, framesDone: 20, framesInAll: 300 }, limit),
    ).toBe(true);
    expect(
      overBudget({ bytes: 50_000, firstFrameBytes: 1000, framesDone: 20, framesInAll: 300 }, limit),
    ).toBe(false);
  });

  it('tries smaller pictures first, then fewer positions, by as much as the overrun says', () => {
    let attempt: Attempt = FIRST_ATTEMPT;
    const scales = [attempt.scale];
    while (attempt.scale > SCALES.at(-1)!) {
      attempt = nextAttempt(attempt, 20_000_000, 8_000_000);
      scales.push(attempt.scale);
    }
    expect(scales).toEqual([...SCALES]);
    expect(attempt.every).toBe(1);
    // Twice the limit: one position in three, to land under it with a margin.
    expect(nextAttempt(attempt, 16_000_000, 8_000_000)).toEqual({ scale: SCALES.at(-1), every: 3 });
    // Barely over: still one position fewer at least.
    expect(nextAttempt({ scale: SCALES.at(-1)!, every: 2 }, 8_000_001, 8_000_000).every).toBe(3);
  });
});
