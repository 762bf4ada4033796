/**
 * The noisy moves the quiescence search follows, found from their targets instead of by trying
 * every legal move: the squares that close a pincer on an enemy piece, the squares beside the
 * king, the king's moves into sight of an escape square, and, while the king sees one, the
 * squares on his way there. A listed move is only a candidate: the search makes it and keeps it
 * if it did capture, end the game, threaten or answer the threat.
 */
import * as codes from '../engine/core.ts';
import { escapeLines, type Position } from '../engine/core.ts';

// Module-local copies: read through the import binding in hot loops, these cost far more.
const { ATTACKER, ATTACKERS, DEFENDER, EMPTY, KING, OFF, closesPincer, helpsCapture, sideOf } = codes;

/**
 * Fills `out` with the candidate noisy moves of the side to move and returns how many. With the
 * king in sight of an escape square and the attackers to move, only the moves that might block
 * him or capture him.
 */
export function noisyMoves(position: Position, out: Int32Array, threatened: boolean): number {
  if (threatened) return escapeAnswers(position, out);
  let n = captures(position, out);
  if (position.sideToMove === ATTACKERS) n = kingCaptures(position, out, n);
  else n = kingThreats(position, out, n);
  return n;
}

/**
 * Moves that close a pincer on an ordinary enemy piece, and where the variant has the shieldwall,
 * moves onto an edge square beside an enemy piece on the edge (a row's flank; the search keeps
 * the move only if it did capture).
 */
function captures(position: Position, out: Int32Array): number {
  const { cells, rules } = position;
  const side = position.sideToMove;
  const victimSide = side ^ 1;
  const victim = victimSide === ATTACKERS ? ATTACKER : DEFENDER;
  const squares = rules.squares;
  let n = 0;
  for (let i = 0; i < squares.length; i++) {
    const cell = squares[i];
    const piece = cells[cell];
    if (piece === EMPTY || sideOf(piece) !== victimSide) continue;
    for (const step of rules.directions) {
      const landing = cell + step;
      if (cells[landing] !== EMPTY) continue;
      if (piece === victim && closesPincer(rules, cells, cell - step, victimSide)) {
        n = arrivals(position, landing, true, out, n);
      } else if (rules.shieldwall && rules.edge[cell] === 1 && rules.edge[landing] === 1) {
        n = arrivals(position, landing, true, out, n);
      }
    }
  }
  return n;
}

/** Attackers' moves onto a square beside the king. */
function kingCaptures(position: Position, out: Int32Array, n: number): number {
  const king = position.king;
  if (king < 0) return n;
  for (const step of position.rules.directions) n = arrivals(position, king + step, false, out, n);
  return n;
}

/** The king's moves onto an escape square, or to a square from which he sees one. */
function kingThreats(position: Position, out: Int32Array, n: number): number {
  const { cells, rules, king } = position;
  if (king < 0) return n;
  for (const step of rules.directions) {
    for (let to = king + step; cells[to] === EMPTY; to += step) {
      if (rules.escape[to] === 1 || escapeLines(position, to, king) > 0)
        n = listOnce(out, n, king | (to << 9));
    }
  }
  return n;
}

/** The attackers' moves onto the king's open lines to an escape square, or beside him. */
function escapeAnswers(position: Position, out: Int32Array): number {
  const { cells, rules, king } = position;
  let n = kingCaptures(position, out, 0);
  for (const step of rules.directions) {
    let to = king + step;
    while (cells[to] === EMPTY && rules.escape[to] === 0) to += step;
    if (cells[to] !== EMPTY) continue; // no escape square at the end of this line
    // The escape square itself too: an edge square (Tablut) is one an attacker may block on.
    for (let cell = king + step; cell !== to + step; cell += step)
      n = arrivals(position, cell, false, out, n);
  }
  return n;
}

/**
 * Appends the moves of the side to move that stop on `cell` (only by pieces that help capture, if
 * `capturers`), by the same rules as move generation: others than the king never stop on or pass
 * over the squares kept for him.
 */
function arrivals(position: Position, cell: number, capturers: boolean, out: Int32Array, n: number): number {
  const { cells, rules } = position;
  if (cells[cell] !== EMPTY) return n;
  const side = position.sideToMove;
  for (const step of rules.directions) {
    let othersMayArrive = rules.kingOnly[cell] === 0 && rules.kingOnlyPass[cell] === 0;
    let from = cell + step;
    while (cells[from] === EMPTY) {
      if (rules.kingOnlyPass[from] === 1) othersMayArrive = false;
      from += step;
    }
    const piece = cells[from];
    if (piece === OFF || sideOf(piece) !== side) continue;
    if (piece !== KING && !othersMayArrive) continue;
    if (capturers && !helpsCapture(rules, piece)) continue;
    n = listOnce(out, n, from | (cell << 9));
  }
  return n;
}

function listOnce(out: Int32Array, n: number, move: number): number {
  for (let i = 0; i < n; i++) if (out[i] === move) return n;
  out[n] = move;
  return n + 1;
}
