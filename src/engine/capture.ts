/**
 * The rules of capture, all of them, in one place.
 *
 * Ordinary pieces fall to the custodial capture: the side that moves closes a pincer on an enemy
 * piece with its moved piece on one side and, on the opposite side, a piece of its own that may
 * help capture or a square hostile to the victim. Only the moving side captures, so moving
 * between two enemies is safe. Where the variant has it, a row of pieces on the board edge falls
 * to the shieldwall. The king falls by the rule of his variant and of where he stands.
 */
import type { RuleTables } from './rules.ts';
import * as codes from './rules.ts';

// Module-local copies: read through the import binding in these hot paths they cost far more.
const { ATTACKER, ATTACKERS, CAPTURE_CUSTODIAL, DEFENDER, EMPTY, KING, OFF, sideOf } = codes;

/** What capturing needs of a position (a Position): its rules, its cells, a way to take a piece off. */
export interface CaptureBoard {
  readonly rules: RuleTables;
  readonly cells: Int8Array;
  /** Takes the piece on `cell` off the board, so that unmaking the move puts it back. */
  removeCaptured(cell: number): void;
}

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
export function captureAround(position: CaptureBoard, to: number): void {
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
  if (rules.shieldwall && rules.edge[to] === 1) captureShieldwalls(position, to, victimSide);
}

/**
 * The shieldwall. The piece that just moved to `to`, on the edge, closes one end of a row of two
 * or more enemy pieces along that edge; the other end is a capturing piece or a corner, and every
 * piece of the row has a capturing piece directly in front of it (one line inward). The whole row
 * falls, except a king in it. Completing the front line instead of an end captures nothing.
 */
function captureShieldwalls(position: CaptureBoard, to: number, victimSide: number): void {
  const { rules, cells } = position;
  const [east, , north] = rules.directions;
  for (const inward of rules.directions) {
    if (cells[to - inward] !== OFF) continue; // `inward` does not lead away from this edge
    const along = inward === north || inward === -north ? east : north;
    for (const step of [along, -along]) {
      let cell = to + step;
      let length = 0;
      while (inRow(cells[cell], victimSide) && infront(cells[cell + inward], victimSide)) {
        length++;
        cell += step;
      }
      if (length < 2 || inRow(cells[cell], victimSide)) continue;
      const end = cells[cell];
      const closed =
        end === EMPTY
          ? rules.corner[cell] === 1
          : end !== OFF && sideOf(end) !== victimSide && helpsCapture(rules, end);
      if (!closed) continue;
      for (let k = 1; k <= length; k++) {
        const member = to + k * step;
        if (cells[member] === ATTACKER || cells[member] === DEFENDER) position.removeCaptured(member);
      }
    }
  }
}

/** A piece that can stand in a shieldwall of `victimSide`: any of its pieces, a king in the row too. */
function inRow(piece: number, victimSide: number): boolean {
  return piece !== EMPTY && piece !== OFF && sideOf(piece) === victimSide;
}

/** A piece of the capturing side, the king included, standing in front of the row. */
function infront(piece: number, victimSide: number): boolean {
  return piece !== EMPTY && piece !== OFF && sideOf(piece) !== victimSide;
}

/** Whether the attacker that just moved to `to` has captured the king. */
export function kingCapturedBy(position: CaptureBoard, to: number): boolean {
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

/** An attacker, or an empty square hostile to the king (a corner; the empty throne or centre where the variant says). */
export function closesAgainstKing(rules: RuleTables, cells: Int8Array, cell: number): boolean {
  const piece = cells[cell];
  return piece === ATTACKER || (piece === EMPTY && rules.hostileToKing[cell] === 1);
}
