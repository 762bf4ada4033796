/**
 * The rules of capture, all of them, in one place.
 *
 * Ordinary pieces fall to the custodial capture: the side that moves closes a pincer on an enemy
 * piece with its moved piece on one side and, on the opposite side, a piece of its own that may
 * help capture or a square hostile to the victim. Only the moving side captures, so moving
 * between two enemies is safe. The king falls by the rule of his variant and of where he stands.
 */
import type { Position } from './position.ts';
import type { RuleTables } from './rules.ts';
import * as codes from './rules.ts';

// Module-local copies: read through the import binding in these hot paths they cost far more.
const { ATTACKER, ATTACKERS, CAPTURE_CUSTODIAL, DEFENDER, DEFENDERS, EMPTY, KING, OFF, sideOf } = codes;

/** Whether a piece may close a pincer, as the moving piece or as its far side. Guards never do. */
export function helpsCapture(rules: RuleTables, piece: number): boolean {
  return piece === ATTACKER || piece === DEFENDER || (piece === KING && rules.kingArmed);
}

/** Whether `cell` closes a pincer against a piece of `victimSide`: an enemy that helps capture, or a hostile square. */
export function closesPincer(rules: RuleTables, cells: Int8Array, cell: number, victimSide: number): boolean {
  const piece = cells[cell];
  if (piece === EMPTY) return rules.hostileWhenEmpty[victimSide][cell] === 1;
  if (piece === OFF || sideOf(piece) === victimSide) return false;
  if (helpsCapture(rules, piece)) return true;
  return (
    piece === KING &&
    victimSide === ATTACKERS &&
    cell === rules.throne &&
    rules.throneAlwaysHostileToAttackers
  );
}

/** Removes every ordinary piece captured by the piece that just moved to `to`. */
export function captureAround(position: Position, to: number): void {
  const { rules, cells } = position;
  const mover = cells[to];
  if (!helpsCapture(rules, mover)) return;
  const victimSide = sideOf(mover) ^ 1;
  const victim = victimSide === ATTACKERS ? ATTACKER : DEFENDER;
  for (const d of rules.directions) {
    const target = to + d;
    if (cells[target] === victim && closesPincer(rules, cells, target + d, victimSide)) {
      position.removeCaptured(target);
    }
  }
}

/** Whether the attacker that just moved to `to` has captured the king. */
export function kingCapturedBy(position: Position, to: number): boolean {
  const { rules, cells } = position;
  for (const d of rules.directions) {
    if (cells[to + d] === KING) return kingIsCaptured(rules, cells, to + d, d);
  }
  return false;
}

/** The king on `king`, with an attacker just arrived from direction `-towards`. */
function kingIsCaptured(rules: RuleTables, cells: Int8Array, king: number, towards: number): boolean {
  if (rules.kingCaptureMode[rules.kingZone[king]] === CAPTURE_CUSTODIAL) {
    return closesAgainstKing(rules, cells, king + towards);
  }
  if (rules.edgeProtectsKing && rules.edge[king] === 1) return false;
  for (const d of rules.directions) {
    const side = king + d;
    if (cells[side] !== OFF && !closesAgainstKing(rules, cells, side)) return false;
  }
  return true;
}

/** An attacker, or an empty square hostile to the king (the empty throne or centre, an escape square). */
function closesAgainstKing(rules: RuleTables, cells: Int8Array, cell: number): boolean {
  const piece = cells[cell];
  return piece === ATTACKER || (piece === EMPTY && rules.hostileWhenEmpty[DEFENDERS][cell] === 1);
}
