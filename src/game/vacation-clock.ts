/**
 * A clock stopped while its player is away on vacation, as pure arithmetic. A paused clock keeps
 * the deadline it had when it stopped (`pausedAt`); when it runs again every time in it moves on
 * by exactly the time it stood, so the player loses nothing of their time by being away. Live
 * Fischer games (a main time under an hour) never stop: a vacation is for slower games.
 */
import { HOUR } from '../core/time-controls.ts';
import type { Clock } from './clock.ts';

/** Whether a vacation stops this clock: any time per move, or a Fischer clock of an hour or more. */
export function pausable(clock: Clock): boolean {
  return !clock.fischer || clock.fischer.mainMs >= HOUR;
}

/** The clock stopped at `at` (as it is when it already stands, or when a vacation does not stop it). */
export function paused(clock: Clock, at: number): Clock {
  if (clock.pausedAt !== undefined || !pausable(clock)) return clock;
  return { ...clock, pausedAt: at };
}

/** The clock running again from `at`: its deadline, reminder and turn moved on by the time it stood. */
export function resumed(clock: Clock, at: number): Clock {
  const { pausedAt } = clock;
  if (pausedAt === undefined) return clock;
  const stood = Math.max(0, at - pausedAt);
  const moved = { deadline: clock.deadline + stood, remindAt: clock.remindAt + stood };
  if (clock.fischer) {
    const { pausedAt: _, ...running } = clock;
    return { ...running, ...moved, fischer: { ...clock.fischer, since: clock.fischer.since + stood } };
  }
  const { pausedAt: _, ...running } = clock;
  return { ...running, ...moved };
}

/** The moment a clock's time is read at: when it stopped, while it stands. */
export function clockTime(clock: Clock | null | undefined, now: number): number {
  return clock?.pausedAt ?? now;
}
