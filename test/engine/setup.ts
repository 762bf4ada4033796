import { Game, getVariant, type Side, type VariantId } from '../../src/engine/index.ts';
import { messagesFor, resultText } from '../../src/i18n/index.ts';

const en = messagesFor('en');

export interface Pieces {
  king: string;
  attackers?: string[];
  defenders?: string[];
  guards?: string[];
}

/** A game of `variant` from a position given as piece lists, with `toMove` to move. */
export function gameWith(variant: VariantId, pieces: Pieces, toMove: Side): Game {
  return new Game({ variant, position: notationOf(getVariant(variant).size, pieces), sideToMove: toMove });
}

/** OpenTafl position notation (first row record = rank 1) of the given pieces. */
export function notationOf(size: number, pieces: Pieces): string {
  const grid: string[][] = Array.from({ length: size }, () => Array(size).fill(''));
  const put = (square: string, symbol: string) => {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    if (grid[rank][file] !== '') throw new Error(`two pieces on ${square}`);
    grid[rank][file] = symbol;
  };
  put(pieces.king, 'K');
  for (const square of pieces.attackers ?? []) put(square, 't');
  for (const square of pieces.defenders ?? []) put(square, 'T');
  for (const square of pieces.guards ?? []) put(square, 'G');
  const rows = grid.map((row) => {
    let text = '';
    let gap = 0;
    for (const cell of row) {
      if (cell === '') {
        gap++;
        continue;
      }
      text += (gap > 0 ? String(gap) : '') + cell;
      gap = 0;
    }
    return text + (gap > 0 ? String(gap) : '');
  });
  return `/${rows.join('/')}/`;
}

/** Which squares hold a piece of the given kind. */
export function squaresOf(game: Game, kind: 'attacker' | 'defender' | 'guard' | 'king'): string[] {
  const snapshot = game.snapshot();
  const squares: string[] = [];
  snapshot.board.forEach((row, rank) => {
    row.forEach((piece, file) => {
      if (piece === kind) squares.push(`${String.fromCharCode(97 + file)}${rank + 1}`);
    });
  });
  return squares;
}

/** How the game ended, as an English-speaking player reads it. */
export function toldResult(game: Game): string {
  if (!game.result) return 'not over';
  return resultText(en, game.result, game.variant.end.repetition, game.turn);
}
