import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnClock } from '../../src/game/clock.ts';
import { fischerClock, timeLeft } from '../../src/game/fischer.ts';
import { clockTime, pausable, paused, resumed } from '../../src/game/vacation-clock.ts';

const HOUR = 60 * 60 * 1000;

describe('a clock that stands while its player is away', () => {
  it('moves on by exactly the time it stood: deadline, reminder and the time left as it reads', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 10 * 60 * 1000, max: 3 * 24 * HOUR }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 3 * 24 * HOUR }),
        fc.integer({ min: 0, max: 30 * 24 * HOUR }),
        (fischer, pace, start, beforePause, stood) => {
          const clock = fischer
            ? fischerClock({
                mainMs: Math.max(pace, HOUR),
                incrementMs: 0,
                remaining: { attackers: Math.max(pace, HOUR), defenders: Math.max(pace, HOUR) },
                turn: 'attackers',
                since: start,
              })
            : turnClock(pace, start);
          const pausedAt = start + beforePause;
          const stopped = paused(clock, pausedAt);
          expect(stopped.pausedAt).toBe(pausedAt);
          // Stopping twice keeps the first stop.
          expect(paused(stopped, pausedAt + stood).pausedAt).toBe(pausedAt);
          const running = resumed(stopped, pausedAt + stood);
          expect(running.pausedAt).toBeUndefined();
          expect(running.deadline).toBe(clock.deadline + stood);
          expect(running.remindAt).toBe(clock.remindAt + stood);
          if (running.fischer && clock.fischer) {
            // While it stands its time reads as when it stopped; once it runs, as if it never stopped.
            const shown = timeLeft(clock.fischer, 'attackers', clockTime(stopped, pausedAt + stood));
            expect(shown).toBe(timeLeft(clock.fischer, 'attackers', pausedAt));
            expect(timeLeft(running.fischer, 'attackers', pausedAt + stood)).toBe(shown);
          }
        },
      ),
    );
  });

  it('never stops a live Fischer clock (a main time under an hour); stops every other', () => {
    const live = fischerClock({
      mainMs: 5 * 60 * 1000,
      incrementMs: 3000,
      remaining: { attackers: 300_000, defenders: 300_000 },
      turn: 'attackers',
      since: 0,
    });
    expect(pausable(live)).toBe(false);
    expect(paused(live, 1000)).toBe(live);
    expect(pausable(turnClock(10 * 60 * 1000, 0))).toBe(true);
    expect(resumed(live, 5000)).toBe(live);
  });
});
