/**
 * How a game ends after a move. When one move meets several end conditions, the first that
 * applies decides: king escaped, king captured, enclosure, repetition, then the side now to move
 * having no legal move.
 */
import { KING_CAPTURED, KING_ESCAPED, type Position } from './position.ts';
import * as codes from './rules.ts';

// Module-local copies: read through the import binding in the flood fill they cost far more.
const { ATTACKER, ATTACKERS, DEFENDERS, OFF } = codes;

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
  if (position.status === KING_CAPTURED) return { winner: ATTACKERS, reason: 'king-captured' };
  if (variant.end.enclosure && mover === ATTACKERS && defendersEnclosed(position)) {
    return { winner: ATTACKERS, reason: 'enclosed' };
  }
  const { occurrence, outcome } = variant.end.repetition;
  if (position.ply > 0 && position.occurrences() >= occurrence) {
    return { winner: outcome === 'draw' ? DRAW : position.sideToMove, reason: 'repetition' };
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
  const epoch = position.nextMarkEpoch();
  let tail = 0;
  for (let i = 0; i < squares.length; i++) {
    const cell = squares[i];
    const piece = cells[cell];
    if (piece > ATTACKER && piece < OFF) {
      if (edge[cell] === 1) return false;
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
