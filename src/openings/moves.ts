/**
 * Moves as the explorer takes them: typed by a member (`e5-e8 d1-d4`, `e5 e8, d1 d4`, a pasted
 * `1. e5-e8 d1-d4` with numbers and captures), and packed into a button's custom id, four
 * characters a move: file and rank of each square, one base-36 digit each.
 */

const SQUARE = /^[a-z]\d{1,2}$/i;
const MOVE_NUMBER = /^\d+\.+$/;

/**
 * The moves in a member's text, one string each, as `Game.tryPlay` reads them. Tokens are split at
 * spaces and commas; two bare squares in a row are one move (`e5 e8`); move numbers are skipped.
 */
export function typedMoves(text: string): string[] {
  const tokens = text.split(/[\s,;]+/).filter((token) => token !== '' && !MOVE_NUMBER.test(token));
  const moves: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (SQUARE.test(tokens[i]) && i + 1 < tokens.length && SQUARE.test(tokens[i + 1])) {
      moves.push(`${tokens[i]}-${tokens[i + 1]}`);
      i++;
    } else moves.push(tokens[i]);
  }
  return moves;
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** Moves (`e5-e8`, squares of boards up to 26 files and 36 ranks) packed: `4478` for e5-e8. */
export function packMoves(moves: readonly string[]): string {
  return moves
    .map((move) => {
      const [from, to] = move.split('-');
      return packSquare(from) + packSquare(to);
    })
    .join('');
}

function packSquare(square: string): string {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square.slice(1)) - 1;
  return file.toString(36) + rank.toString(36);
}

/** The moves of a packed string, as `e5-e8`; null when it is not one. */
export function unpackMoves(packed: string): string[] | null {
  if (!/^[0-9a-z]*$/.test(packed) || packed.length % 4 !== 0) return null;
  const moves: string[] = [];
  for (let i = 0; i < packed.length; i += 4) {
    const square = (at: number) =>
      `${FILES[Number.parseInt(packed[at], 36)] ?? '?'}${Number.parseInt(packed[at + 1], 36) + 1}`;
    moves.push(`${square(i)}-${square(i + 2)}`);
  }
  return moves;
}
