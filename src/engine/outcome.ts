/**
 * How a game ends after a move. When one move meets several end conditions, the first that
 * applies decides: king escaped (to an escape square, then to an exit fort), king captured,
 * enclosure, repetition, then the side now to move having no legal move.
 */
import { KING_CAPTURED, KING_ESCAPED, type Position } from './position.ts';
import * as codes from './rules.ts';

// Module-local copies: read through the import binding in the flood fill they cost far more.
const { ATTACKER, ATTACKERS, DEFENDER, DEFENDERS, EMPTY, OFF } = codes;

import type { EndReason } from './types.ts';

export const DRAW = -1;

export interface Verdict {
  /** ATTACKERS, DEFENDERS, or DRAW. */
  winner: number;
  reason: EndReason;
}

/** The verdict on the position after a move, or null while the game goes on. */
export function judge(position: Position): Verdict | null {
  const { variant } = position.rules;
  const mover = position.sideToMove ^ 1;
  if (position.status === KING_ESCAPED) return { winner: DEFENDERS, reason: 'king-escaped' };
  if (position.rules.exitFort && inExitFort(position)) return { winner: DEFENDERS, reason: 'exit-fort' };
  if (position.status === KING_CAPTURED) return { winner: ATTACKERS, reason: 'king-captured' };
  if (variant.end.enclosure && mover === ATTACKERS && defendersEnclosed(position)) {
    return { winner: ATTACKERS, reason: 'enclosed' };
  }
  const { occurrence, outcome } = variant.end.repetition;
  if (position.ply > 0 && position.occurrences() >= occurrence) {
    const winner = outcome === 'draw' ? DRAW : outcome === 'defenders-lose' ? ATTACKERS : position.sideToMove;
    return { winner, reason: 'repetition' };
  }
  if (!position.hasMove()) {
    return { winner: variant.end.noLegalMove === 'draw' ? DRAW : mover, reason: 'no-legal-move' };
  }
  return null;
}

/**
 * Whether no defending piece, king included, can reach any edge square by rook steps through
 * empty squares (the empty throne is passable for this). Attackers touching only diagonally still
 * seal; a pocket that holds an edge square is no enclosure.
 */
export function defendersEnclosed(position: Position): boolean {
  const { cells, rules, marks, queue } = position;
  const { squares, edge, directions } = rules;
  // Nearly always some defending piece has an open line to the edge: the one found last time
  // first, then the others, before the flood fill. The same verdict, in a fraction of the time.
  if (hasLineToEdge(position, lineToEdgeFrom)) return false;
  for (let i = 0; i < squares.length; i++) {
    const cell = squares[i];
    if (cell !== lineToEdgeFrom && hasLineToEdge(position, cell)) {
      lineToEdgeFrom = cell;
      return false;
    }
  }
  const epoch = position.nextMarkEpoch();
  let tail = 0;
  for (let i = 0; i < squares.length; i++) {
    const cell = squares[i];
    const piece = cells[cell];
    if (piece > ATTACKER && piece < OFF) {
      // None stands on the edge: hasLineToEdge would have found it.
      marks[cell] = epoch;
      queue[tail++] = cell;
    }
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    for (let k = 0; k < 4; k++) {
      const next = cell + directions[k];
      const piece = cells[next];
      if (piece === OFF || piece === ATTACKER || marks[next] === epoch) continue;
      if (edge[next] === 1) return false;
      marks[next] = epoch;
      queue[tail++] = next;
    }
  }
  return true;
}

/** The defending piece that last had an open line to the edge (a cell; it may since have moved). */
let lineToEdgeFrom = 0;

/** Whether a defending piece stands on `cell` and sees the edge along a rank or file through no attacker. */
function hasLineToEdge(position: Position, cell: number): boolean {
  const { cells, rules } = position;
  const piece = cells[cell];
  // Also false off the end of a smaller board's cells, where the last search's cell may lie.
  if (!(piece > ATTACKER && piece < OFF)) return false;
  const { edge, directions } = rules;
  if (edge[cell] === 1) return true;
  for (let k = 0; k < 4; k++) {
    const step = directions[k];
    for (let next = cell + step; cells[next] !== OFF && cells[next] !== ATTACKER; next += step) {
      if (edge[next] === 1) return true;
    }
  }
  return false;
}

/**
 * The exit fort, judged pessimistically: never award a fort that could be broken. The king
 * stands on the edge and can move; the squares he can reach (rook steps through empty squares)
 * are bordered only by defenders and the board's end; and none of those defenders could ever be
 * captured: on neither axis are both its neighbours open to an attacker (an attacker, a hostile
 * square, or any square outside the fort, a defender outside it included, since that defender may
 * itself fall). Such defenders cannot fall to a shieldwall either: each is closed in front by the
 * fort, or has the king's region beside it along the edge.
 */
export function inExitFort(position: Position): boolean {
  return exitFortSize(position) > 0;
}

/** The squares of the king's exit fort (his square and those he can reach), or none. */
export function exitFortRegion(position: Position): number[] {
  return Array.from(position.queue.subarray(0, exitFortSize(position)));
}

/** How many squares the king's exit fort holds, left first in `position.queue`; 0 for no fort. */
function exitFortSize(position: Position): number {
  const { cells, rules, marks, queue } = position;
  const king = position.king;
  if (king < 0 || rules.edge[king] === 0) return 0;
  const { directions } = rules;
  // Two marks, both taken before any cell is marked (taking one may clear every mark): the
  // king's region, and the wall of defenders around it.
  const inside = position.nextMarkEpoch();
  const wall = position.nextMarkEpoch();
  let tail = 0;
  marks[king] = inside;
  queue[tail++] = king;
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    for (let k = 0; k < 4; k++) {
      const next = cell + directions[k];
      const piece = cells[next];
      if (marks[next] === inside || piece === OFF) continue;
      if (piece === EMPTY) {
        marks[next] = inside;
        queue[tail++] = next;
      } else if (piece !== DEFENDER) {
        return 0; // an attacker at the fort's door (or a guard, which no fort relies on)
      }
    }
  }
  if (tail === 1) return 0; // the king cannot move
  // The wall: every defender bordering the king's region, queued after the region.
  const region = tail;
  for (let i = 0; i < region; i++) {
    for (let k = 0; k < 4; k++) {
      const next = queue[i] + directions[k];
      if (cells[next] === DEFENDER && marks[next] !== wall) {
        marks[next] = wall;
        queue[tail++] = next;
      }
    }
  }
  const safe = (cell: number): boolean => {
    const piece = cells[cell];
    if (piece === OFF) return true;
    if (marks[cell] === inside) return !(piece === EMPTY && rules.hostileWhenEmpty[DEFENDERS][cell] === 1);
    return piece === DEFENDER && marks[cell] === wall;
  };
  for (let i = region; i < tail; i++) {
    const defender = queue[i];
    for (let k = 0; k < 4; k += 2) {
      const d = directions[k];
      if (!safe(defender + d) && !safe(defender - d)) return 0;
    }
  }
  return region;
}
