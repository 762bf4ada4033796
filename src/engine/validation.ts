/**
 * Why a move is not legal, as a code with the particulars a player can act on. The move generator is the authority on
 * what is legal; this module explains a refusal and must agree with it (a property test checks).
 */
import { readSquare, splitMoveText, squareName } from './notation.ts';
import type { Position } from './position.ts';
import { EMPTY, fileOf, KING, type RuleTables, rankOf, sideOf } from './rules.ts';
import type { Variant } from './variants.ts';

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

/** Why a move is refused: a code and its particulars; the words are the catalogues' (src/i18n). */
export interface Refusal {
  code: RefusalCode;
  params: RefusalParams;
}

export interface RefusalParams {
  /** The square the reason is about. */
  square?: string;
  /** What the player typed, shortened (malformed moves). */
  text?: string;
  /** The board's size (squares off the board). */
  size?: number;
  /** The side a piece belongs to. */
  side?: (typeof SIDE_NAMES)[number];
  /** What the variant calls the square only the king may use. */
  special?: Variant['words']['throne'] | Variant['words']['escape'];
}

const SIDE_NAMES = ['attackers', 'defenders'] as const;

export type ParsedMove = { ok: true; from: number; to: number } | { ok: false; refusal: Refusal };

export function refusal(code: RefusalCode, params: RefusalParams = {}): Refusal {
  return { code, params };
}

/** Reads a typed move into cells, refusing text that is not two squares of this board. */
export function parseMove(rules: RuleTables, text: string): ParsedMove {
  const parts = splitMoveText(text);
  if (!parts) return refuse('malformed', { text: text.trim().slice(0, 40) });
  const from = readSquare(rules, parts.from);
  const to = readSquare(rules, parts.to);
  const offBoard = (name: string) => refuse('off-board', { square: name, size: rules.size });
  if (!from.ok) return offBoard(parts.from);
  if (!to.ok) return offBoard(parts.to);
  return { ok: true, from: from.cell, to: to.cell };
}

/** The reason the side to move may not play from → to, or null when the move is legal. */
export function refusalFor(position: Position, from: number, to: number): Refusal | null {
  const { rules, cells } = position;
  const name = (cell: number) => squareName(rules, cell);
  const piece = cells[from];
  if (piece === EMPTY) return refusal('empty-square', { square: name(from) });
  if (sideOf(piece) !== position.sideToMove)
    return refusal('not-your-piece', { side: SIDE_NAMES[sideOf(piece)], square: name(from) });
  if (from === to) return refusal('no-distance');
  const sameFile = fileOf(rules.width, from) === fileOf(rules.width, to);
  const sameRank = rankOf(rules.width, from) === rankOf(rules.width, to);
  if (!sameFile && !sameRank) return refusal('not-straight');

  const step = sameRank ? Math.sign(to - from) : Math.sign(to - from) * rules.width;
  const king = piece === KING;
  for (let cell = from + step; cell !== to; cell += step) {
    if (cells[cell] !== EMPTY) return refusal('blocked', { square: name(cell) });
    if (!king && rules.kingOnlyPass[cell] === 1)
      return refusal('king-only-pass', { square: name(cell), special: specialWord(rules, cell) });
  }
  if (cells[to] !== EMPTY) return refusal('occupied', { square: name(to) });
  if (!king && rules.kingOnly[to] === 1)
    return refusal('king-only-stop', { square: name(to), special: specialWord(rules, to) });
  return null;
}

function specialWord(rules: RuleTables, cell: number): RefusalParams['special'] {
  return cell === rules.throne ? rules.variant.words.throne : rules.variant.words.escape;
}

function refuse(code: RefusalCode, params: RefusalParams = {}): ParsedMove {
  return { ok: false, refusal: refusal(code, params) };
}
