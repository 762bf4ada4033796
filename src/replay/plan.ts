/**
 * Which positions a replay shows, and for how long: the plan of its frames, before anything is
 * drawn. Moves are numbered as /history numbers them: move 1 is plies 1 and 2, move 2 plies 3
 * and 4, and so on.
 */

export type Speed = 'slow' | 'normal' | 'fast';
export const SPEEDS: readonly Speed[] = ['slow', 'normal', 'fast'];

/** How long a position stays on screen, by speed; the last one stays longer, to read the result. */
export const FRAME_MS: Record<Speed, { position: number; last: number }> = {
  slow: { position: 1600, last: 6000 },
  normal: { position: 900, last: 5000 },
  fast: { position: 400, last: 4000 },
};

export interface ReplayRequest {
  speed: Speed;
  /** The first move shown (1 when absent): the picture before it opens the replay. */
  from?: number;
  /** The last move shown (the game's last when absent). */
  to?: number;
}

export type PlanRefusal =
  | { code: 'no-moves' }
  | { code: 'not-a-move'; option: 'from' | 'to'; value: number }
  | { code: 'beyond-last-move'; option: 'from' | 'to'; value: number; moves: number }
  | { code: 'from-after-to'; from: number; to: number };

export interface FramePlan {
  /** For each frame in order, the plies played before its position: 0 is the start. */
  plies: number[];
  /** Each frame's delay in milliseconds. */
  delays: number[];
  /** The moves shown, numbered as /history numbers them. */
  fromMove: number;
  toMove: number;
  /** The game's moves in all. */
  moves: number;
  /** 1 when every position is shown; n when one in n is (the first and last always are). */
  every: number;
}

/** Moves (ply pairs) in a game of `plies` plies. */
export const movesIn = (plies: number): number => Math.ceil(plies / 2);

/** The frames of a replay of a game of `plies` plies, or why the request cannot be met. */
export function planReplay(
  plies: number,
  request: ReplayRequest,
): { ok: true; plan: FramePlan } | { ok: false; refusal: PlanRefusal } {
  const moves = movesIn(plies);
  if (moves === 0) return { ok: false, refusal: { code: 'no-moves' } };
  for (const option of ['from', 'to'] as const) {
    const value = request[option];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1)
      return { ok: false, refusal: { code: 'not-a-move', option, value } };
    if (value > moves) return { ok: false, refusal: { code: 'beyond-last-move', option, value, moves } };
  }
  const fromMove = request.from ?? 1;
  const toMove = request.to ?? moves;
  if (fromMove > toMove) return { ok: false, refusal: { code: 'from-after-to', from: fromMove, to: toMove } };

  const first = 2 * (fromMove - 1);
  const last = Math.min(2 * toMove, plies);
  const shown: number[] = [];
  for (let ply = first; ply <= last; ply++) shown.push(ply);
  return { ok: true, plan: withDelays(shown, request.speed, { fromMove, toMove, moves, every: 1 }) };
}

/**
 * The plan showing one position in `every`, the first and the last always: fewer frames for a
 * replay that would not fit otherwise. Each frame keeps the delay of a position.
 */
export function thinned(plan: FramePlan, every: number, speed: Speed): FramePlan {
  if (every <= 1) return plan;
  const { plies } = plan;
  const kept = plies.filter((_, i) => i % every === 0);
  if (kept.at(-1) !== plies.at(-1)) kept.push(plies.at(-1) as number);
  return withDelays(kept, speed, { ...plan, every });
}

function withDelays(plies: number[], speed: Speed, rest: Omit<FramePlan, 'plies' | 'delays'>): FramePlan {
  const { position, last } = FRAME_MS[speed];
  const delays = plies.map((_, i) => (i === plies.length - 1 ? last : position));
  return { ...rest, plies, delays };
}
