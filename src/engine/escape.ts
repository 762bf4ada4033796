/** The king's view of the escape squares: the threat the picture flags and the AI's search weighs. */
import type { Position } from './position.ts';
import * as codes from './rules.ts';

// A module-local copy: read through the import binding in the AI's hot loops, it costs far more.
const { EMPTY } = codes;

/**
 * How many lines the king has to an escape square he reaches in one move, from `from` (default
 * where he stands); `vacated`, if given, counts as empty: the square he would leave.
 */
export function escapeLines(position: Position, from = position.king, vacated = -1): number {
  if (from < 0) return 0;
  const { cells, rules } = position;
  let lines = 0;
  for (const step of rules.directions) {
    let cell = from + step;
    while (cells[cell] === EMPTY || cell === vacated) {
      if (rules.escape[cell] === 1) {
        lines++;
        break;
      }
      cell += step;
    }
  }
  return lines;
}
