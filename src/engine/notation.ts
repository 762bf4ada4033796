/**
 * Tafl notation: square names (`a1` bottom-left), moves as players type them, algebraic move
 * records with captures (`e5-e8xe9/e10`), and OpenTafl position notation.
 */
import { ATTACKER, cellOf, DEFENDER, EMPTY, fileOf, GUARD, KING, type RuleTables, rankOf } from './rules.ts';
import type { PieceKind, Square } from './types.ts';

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export function squareName(rules: RuleTables, cell: number): Square {
  return `${FILES[fileOf(rules.width, cell)]}${rankOf(rules.width, cell) + 1}`;
}

export type SquareReading = { ok: true; cell: number } | { ok: false; reason: 'off-board' | 'malformed' };

/** Reads a square name such as `e5` or `E5`. */
export function readSquare(rules: RuleTables, text: string): SquareReading {
  const match = /^([a-z])(\d{1,2})$/i.exec(text.trim());
  if (!match) return { ok: false, reason: 'malformed' };
  const file = FILES.indexOf(match[1].toLowerCase());
  const rank = Number(match[2]) - 1;
  if (file >= rules.size || rank < 0 || rank >= rules.size) return { ok: false, reason: 'off-board' };
  return { ok: true, cell: cellOf(rules.width, file, rank) };
}

/**
 * Splits a typed move into its two square names. Accepts `e5-e8`, `e5 e8`, `e5e8`, `E5-E8`,
 * `e5 - e8`, and a pasted record with captures or a threat mark (`e5-e8xe9/e10+`).
 */
export function splitMoveText(text: string): { from: string; to: string } | null {
  const match =
    /^\s*([a-z]\d{1,2})\s*(?:[-–—:]\s*|\s+)?([a-z]\d{1,2})\s*(?:x[a-z0-9/\s]*)?[+-]{0,2}\s*$/i.exec(text);
  if (!match) return null;
  return { from: match[1].toLowerCase(), to: match[2].toLowerCase() };
}

/** `e5-e8`, then `xe9/e10` when the move captured. */
export function moveRecord(from: Square, to: Square, captured: readonly Square[]): string {
  return captured.length === 0 ? `${from}-${to}` : `${from}-${to}x${captured.join('/')}`;
}

const SYMBOL_OF: Record<number, string> = { [ATTACKER]: 't', [DEFENDER]: 'T', [GUARD]: 'G', [KING]: 'K' };
const PIECE_OF: Record<string, number> = { t: ATTACKER, T: DEFENDER, G: GUARD, K: KING };

export const PIECE_KIND: Record<number, PieceKind> = {
  [ATTACKER]: 'attacker',
  [DEFENDER]: 'defender',
  [GUARD]: 'guard',
  [KING]: 'king',
};

/** OpenTafl position notation of a board; the first row record is rank 1. */
export function writePosition(rules: RuleTables, cells: Int8Array): string {
  let text = '/';
  for (let rank = 0; rank < rules.size; rank++) {
    let gap = 0;
    for (let file = 0; file < rules.size; file++) {
      const piece = cells[cellOf(rules.width, file, rank)];
      if (piece === EMPTY) {
        gap++;
        continue;
      }
      if (gap > 0) text += String(gap);
      gap = 0;
      text += SYMBOL_OF[piece];
    }
    if (gap > 0) text += String(gap);
    text += '/';
  }
  return text;
}

export class NotationError extends Error {
  override name = 'NotationError';
}

/**
 * Reads OpenTafl position notation onto an empty board of the variant's size. Checks the shape
 * (rows, row lengths, symbols) and that there is exactly one king; the rules decide the rest.
 */
export function readPosition(rules: RuleTables, text: string, into: Int8Array): void {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/') || !trimmed.endsWith('/')) {
    throw new NotationError('a position starts and ends with "/", e.g. /3ttttt3/5t5/.../');
  }
  const rows = trimmed.slice(1, -1).split('/');
  if (rows.length !== rules.size) {
    throw new NotationError(
      `the position has ${rows.length} rows; a ${rules.size}x${rules.size} board has ${rules.size}`,
    );
  }
  let kings = 0;
  rows.forEach((row, rank) => {
    let file = 0;
    for (const token of row.match(/\d+|./g) ?? []) {
      if (/^\d+$/.test(token)) {
        file += Number(token);
        continue;
      }
      const piece = PIECE_OF[token];
      if (piece === undefined)
        throw new NotationError(`"${token}" in row ${rank + 1} is not a piece (t, T, G, K)`);
      if (piece === GUARD && !rules.variant.capture.guards) {
        throw new NotationError(`guards (G) exist only under the guard rules, not in ${rules.variant.name}`);
      }
      if (file >= rules.size) throw new NotationError(`row ${rank + 1} is longer than ${rules.size} squares`);
      if (piece === KING) kings++;
      into[cellOf(rules.width, file, rank)] = piece;
      file++;
    }
    if (file !== rules.size) {
      throw new NotationError(`row ${rank + 1} covers ${file} squares; it must cover ${rules.size}`);
    }
  });
  if (kings !== 1) throw new NotationError(`a position needs exactly one king (K); this one has ${kings}`);
}
