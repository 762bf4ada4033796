/**
 * Fischer clocks, as pure arithmetic: each side has its own time, which falls while it is to move
 * and gains the increment after each of its moves; the side whose time runs out loses (or draws,
 * when the opponent cannot win: see the engine's `couldStillWin`).
 *
 * A clock is written at the start of each turn: both sides' time as it was then, and when the turn
 * began. So the side to move runs out at `since + remaining[turn]`: the turn's deadline, kept in
 * the store's deadline schedule like the per-move deadline.
 *
 * A move is timed at when the bot received it (`at`), and the next turn starts when it was
 * committed (`now`): the bot's own work in between is charged to neither player.
 */
import type { FischerControl } from '../core/time-controls.ts';
import { type Game, otherSide, type Side } from '../engine/index.ts';

export interface FischerState extends FischerControl {
  /** Each side's time at `since`; the side not to move has exactly this. */
  remaining: Record<Side, number>;
  /** The side to move, whose time runs from `since`. */
  turn: Side;
  /** When the turn in progress began. */
  since: number;
}

/** The turn's deadline and reminder, as the schedules and messages read them. */
export interface FischerClock {
  fischer: FischerState;
  deadline: number;
  /** When the side to move is down to a tenth of the main time (its reminder), or the deadline when it starts below. */
  remindAt: number;
  reminded: boolean;
  /** Set while the player to move is away (a vacation): their time stopped then; see vacation-clock.ts. */
  pausedAt?: number;
}

/** The side to move is reminded when its time falls to this share of the main time. */
export const LOW_TIME_SHARE = 0.1;

/** The clock for a turn of `state.turn` that begins at `state.since`. */
export function fischerClock(state: FischerState): FischerClock {
  const left = state.remaining[state.turn];
  const deadline = state.since + left;
  const low = Math.round(state.mainMs * LOW_TIME_SHARE);
  // At most one reminder a move: when the time falls to a tenth during the move. A side that
  // starts its move below a tenth has seen its time on the board and is not reminded again.
  const reminded = left <= low;
  return { fischer: state, deadline, remindAt: reminded ? deadline : deadline - low, reminded };
}

/** Both sides with the main time, `firstToMove`'s running from `now`. */
export function startFischer(control: FischerControl, firstToMove: Side, now: number): FischerClock {
  return fischerClock({
    mainMs: control.mainMs,
    incrementMs: control.incrementMs,
    remaining: { attackers: control.mainMs, defenders: control.mainMs },
    turn: firstToMove,
    since: now,
  });
}

/** A side's time at `now`: the side to move's falls from the turn's start (never below zero). */
export function timeLeft(state: FischerState, side: Side, now: number): number {
  if (side !== state.turn) return state.remaining[side];
  return Math.max(0, state.remaining[side] - Math.max(0, now - state.since));
}

/** Whether the side to move's time ran out by `at`. */
export function flagFell(clock: FischerClock, at: number): boolean {
  return at >= clock.deadline;
}

/**
 * The turn passes: the side to move is charged from the turn's start to `at` (when the bot
 * received its move; never before the turn began), gains the increment when it moved (not when its
 * opponent's move was taken back), and the other side's time runs from `now`.
 */
export function passTurn(
  clock: FischerClock,
  { at, now, moved }: { at: number; now: number; moved: boolean },
): FischerClock {
  const state = clock.fischer;
  const mover = state.turn;
  const spent = Math.min(Math.max(0, at - state.since), state.remaining[mover]);
  const left = state.remaining[mover] - spent + (moved ? state.incrementMs : 0);
  return fischerClock({
    ...state,
    remaining: { ...state.remaining, [mover]: left },
    turn: otherSide(mover),
    since: now,
  });
}

/**
 * Both sides' time after the first `plies` moves of a game, from the time left kept after each
 * ply (a side that has not moved yet has the main time).
 */
export function clocksAt(
  control: FischerControl,
  timesLeft: readonly number[],
  firstMover: Side,
  plies: number,
): Record<Side, number> {
  const clocks = { attackers: control.mainMs, defenders: control.mainMs };
  for (let ply = 0; ply < Math.min(plies, timesLeft.length); ply++)
    clocks[ply % 2 === 0 ? firstMover : otherSide(firstMover)] = timesLeft[ply];
  return clocks;
}

/** A game's Fischer clock in progress, and when it stopped if it stands (its player away). */
export type RunningFischer = FischerState & { stoppedAt?: number };

export function runningFischer(clock: FischerClock | { fischer?: undefined } | null): RunningFischer | null {
  if (!clock?.fischer) return null;
  return 'pausedAt' in clock && clock.pausedAt !== undefined
    ? { ...clock.fischer, stoppedAt: clock.pausedAt }
    : clock.fischer;
}

/**
 * A game's clocks as /history and /export tell them: while it runs, each side's time at `now`;
 * after it ended, the times left after the last move (none for a side lost or drawn on time).
 */
export function clocksOfRecord(
  fischer: { control: FischerControl; timesLeft: readonly number[]; running: RunningFischer | null },
  game: Game,
  now: number,
): Record<Side, number> {
  const { running } = fischer;
  if (running && !game.result) {
    const at = running.stoppedAt ?? now;
    return { attackers: timeLeft(running, 'attackers', at), defenders: timeLeft(running, 'defenders', at) };
  }
  const clocks = clocksAt(fischer.control, fischer.timesLeft, game.setup.sideToMove, game.plyCount);
  if (game.result?.reason === 'timeout') clocks[game.turn] = 0;
  return clocks;
}
