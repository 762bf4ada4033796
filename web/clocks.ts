/**
 * The clocks, ticking on the page. The server states them as of its own `now`; the page counts on
 * from there with its own monotonic clock (how long since the state arrived), so a wrong clock on
 * the member's device changes nothing. Only the side to move's time falls, and not while its clock
 * stands (a vacation). What runs out is the server's to say: the page only shows.
 */
import type { BoardState, Side } from './state.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (value: number) => String(value).padStart(2, '0');

/** A time as players read it: `2d 04:10`, `1:05:09`, `4:32`, and tenths under ten seconds: `0:09.4`. */
export function clockText(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= DAY)
    return `${Math.floor(left / DAY)}d ${two(Math.floor((left % DAY) / HOUR))}:${two(Math.floor((left % HOUR) / MINUTE))}`;
  const seconds = Math.floor((left % MINUTE) / SECOND);
  if (left >= HOUR)
    return `${Math.floor(left / HOUR)}:${two(Math.floor((left % HOUR) / MINUTE))}:${two(seconds)}`;
  const clock = `${Math.floor(left / MINUTE)}:${two(seconds)}`;
  return left < 10 * SECOND ? `${clock}.${Math.floor((left % SECOND) / 100)}` : clock;
}

/** A side's time `elapsed` ms after the state was made; null for a side with no time running (a time per move, not on turn). */
export function timeOf(state: BoardState, side: Side, elapsed: number): number | null {
  const clock = state.clock;
  if (!clock) return null;
  const running = side === state.turn && !clock.stood ? elapsed : 0;
  if (clock.left) return clock.left[side] - running;
  return side === state.turn ? clock.deadline - clock.now - running : null;
}

/** Fills every `[data-clock]` element with its side's time now; the side to move's marked running. */
export function showClocks(root: ParentNode, state: BoardState, elapsed: number): void {
  for (const node of root.querySelectorAll<HTMLElement>('[data-clock]')) {
    const side = node.dataset.clock as Side;
    const time = timeOf(state, side, elapsed);
    const text = time === null ? '' : clockText(time);
    const stood = state.clock?.stood && side === state.turn;
    node.textContent = stood ? `${text} (${state.labels.clockStood})` : text;
    node.classList.toggle('running', side === state.turn && !stood && time !== null);
    node.classList.toggle('low', time !== null && time < 10 * SECOND);
  }
}
