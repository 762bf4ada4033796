/** The search's scale: a won position scores WIN less the plies to the win. */
export const WIN = 100_000;
/** The deepest ply the search goes, extensions and quiescence included. */
export const MAX_PLY = 96;
/** Above every score, as the open bound of a window. */
export const INFINITE = WIN + 1000;

/** A forced win or loss, rather than an evaluation. */
export function isDecisive(score: number): boolean {
  return score >= WIN - MAX_PLY || score <= -(WIN - MAX_PLY);
}
