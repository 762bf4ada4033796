/**
 * The time controls a game can be played at, as the members choose them: a time per move, or a
 * Fischer clock (main time plus an increment per move). What the clocks do with them is the game
 * module's (src/game/clock.ts, fischer.ts); the words for them are the catalogues'.
 */

/** A Fischer clock's setting. */
export interface FischerControl {
  /** Each side's time at the start. */
  mainMs: number;
  /** Added to a side's time after each of its moves. */
  incrementMs: number;
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Fischer clocks: main time plus an increment per move, from blitz to correspondence. */
export const FISCHER_CONTROLS = {
  '5+3': { mainMs: 5 * MINUTE, incrementMs: 3 * 1000 },
  '10+5': { mainMs: 10 * MINUTE, incrementMs: 5 * 1000 },
  '1d+6h': { mainMs: DAY, incrementMs: 6 * HOUR },
  '3d+6h': { mainMs: 3 * DAY, incrementMs: 6 * HOUR },
} as const satisfies Record<string, FischerControl>;

export type FischerTimeControl = keyof typeof FISCHER_CONTROLS;

/** Times per move. */
export const TIME_CONTROLS = {
  none: null,
  '10m': 10 * 60 * 1000,
  '1h': 60 * 60 * 1000,
  '1d': 24 * 60 * 60 * 1000,
  '3d': 3 * 24 * 60 * 60 * 1000,
} as const;

export type PerMoveTimeControl = keyof typeof TIME_CONTROLS;
export type TimeControl = PerMoveTimeControl | FischerTimeControl;
export const DEFAULT_TIME_CONTROL: TimeControl = '1d';

export function isTimeControl(value: string): value is TimeControl {
  return Object.hasOwn(TIME_CONTROLS, value) || Object.hasOwn(FISCHER_CONTROLS, value);
}

export function isFischerTimeControl(value: string): value is FischerTimeControl {
  return Object.hasOwn(FISCHER_CONTROLS, value);
}

/** What a new game stores of its time control: a time per move, or a Fischer clock (the other null). */
export interface GameTimeControl {
  perMoveMs: number | null;
  fischer: FischerControl | null;
}

export function gameTimeControl(time: TimeControl): GameTimeControl {
  return isFischerTimeControl(time)
    ? { perMoveMs: null, fischer: { ...FISCHER_CONTROLS[time] } }
    : { perMoveMs: TIME_CONTROLS[time], fischer: null };
}

/**
 * The time control a game was played at, from what it stored (a Fischer clock, or a time per
 * move, null for no limit); a game stored before the time was kept with it (undefined), or one
 * started at a time no choice offers, gets the default.
 */
export function timeControlOf(game: {
  perMoveMs?: number | null;
  fischer?: FischerControl | null;
}): TimeControl {
  const { fischer, perMoveMs } = game;
  if (fischer) {
    const found = (Object.keys(FISCHER_CONTROLS) as FischerTimeControl[]).find(
      (time) =>
        FISCHER_CONTROLS[time].mainMs === fischer.mainMs &&
        FISCHER_CONTROLS[time].incrementMs === fischer.incrementMs,
    );
    return found ?? DEFAULT_TIME_CONTROL;
  }
  if (perMoveMs === undefined) return DEFAULT_TIME_CONTROL;
  const found = (Object.keys(TIME_CONTROLS) as PerMoveTimeControl[]).find(
    (time) => TIME_CONTROLS[time] === perMoveMs,
  );
  return found ?? DEFAULT_TIME_CONTROL;
}
