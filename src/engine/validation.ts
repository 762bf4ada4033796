/**
 * Why a move is not legal, in words a player can act on. The move generator is the authority on
 * what is legal; this module explains a refusal and must agree with it (a property test checks).
 */
import { readSquare, splitMoveText, squareName } from './notation.ts';
import type { Position } from './position.ts';
import { EMPTY, fileOf, KING, type RuleTables, rankOf, sideOf } from './rules.ts';

export type RefusalCode =
  | 'game-over'
  | 'malformed'
  | 'off-board'
  | 'empty-square'
  | 'not-your-piece'
  | 'no-distance'
  | 'not-straight'
  | 'blocked'
  | 'occupied'
  | 'king-only-stop'
  | 'king-only-pass';

export interface Refusal {
  code: RefusalCode;
  message: string;
}

const SIDE_NAMES = ['attackers', 'defenders'] as const;

export type ParsedMove = { ok: true; from: number; to: number } | { ok: false; refusal: Refusal };

/** Reads a typed move into cells, refusing text that is not two squares of this board. */
export function parseMove(rules: RuleTables, text: string): ParsedMove {
  const parts = splitMoveText(text);
  if (!parts) {
    const shown = text.trim().slice(0, 40);
    return refuse('malformed', `"${shown}" is not a move: write it as two squares, like e5-e8`);
  }
  const from = readSquare(rules, parts.from);
  const to = readSquare(rules, parts.to);
  const offBoard = (name: string) =>
    refuse('off-board', `${name} is not on the ${rules.size}x${rules.size} board`);
  if (!from.ok) return offBoard(parts.from);
  if (!to.ok) return offBoard(parts.to);
  return { ok: true, from: from.cell, to: to.cell };
}

/** The reason the side to move may not play from → to, or null when the move is legal. */
export function refusalFor(position: Position, from: number, to: number): Refusal | null {
  const { rules, cells } = position;
  const name = (cell: number) => squareName(rules, cell);
  const piece = cells[from];
  if (piece === EMPTY) return refusal('empty-square', `${name(from)} is empty`);
  if (sideOf(piece) !== position.sideToMove) {
    return refusal('not-your-piece', `that piece belongs to the ${SIDE_NAMES[sideOf(piece)]}`);
  }
  if (from === to) return refusal('no-distance', 'a piece must move at least one square');
  const sameFile = fileOf(rules.width, from) === fileOf(rules.width, to);
  const sameRank = rankOf(rules.width, from) === rankOf(rules.width, to);
  if (!sameFile && !sameRank) return refusal('not-straight', 'pieces move along a rank or a file');

  const step = sameRank ? Math.sign(to - from) : Math.sign(to - from) * rules.width;
  const king = piece === KING;
  for (let cell = from + step; cell !== to; cell += step) {
    if (cells[cell] !== EMPTY) return refusal('blocked', `${name(cell)} is in the way`);
    if (!king && rules.kingOnlyPass[cell] === 1) {
      return refusal('king-only-pass', `only the king may pass over ${specialSquare(rules, cell)}`);
    }
  }
  if (cells[to] !== EMPTY) return refusal('occupied', `${name(to)} is occupied`);
  if (!king && rules.kingOnly[to] === 1) {
    return refusal('king-only-stop', `only the king may stop on ${specialSquare(rules, to)}`);
  }
  return null;
}

function specialSquare(rules: RuleTables, cell: number): string {
  const { words } = rules.variant;
  return cell === rules.throne ? `the ${words.throne}` : `a ${words.escape} (${squareName(rules, cell)})`;
}

function refusal(code: RefusalCode, message: string): Refusal {
  return { code, message };
}

function refuse(code: RefusalCode, message: string): ParsedMove {
  return { ok: false, refusal: { code, message } };
}
