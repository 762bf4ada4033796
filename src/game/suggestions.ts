/**
 * Autocomplete for /move: what the player has typed so far narrows their legal moves. Nothing
 * typed lists the pieces that can move; a square lists that piece's moves; more text filters them.
 */
import type { Game } from '../engine/index.ts';

export const MAX_SUGGESTIONS = 25;

/** a2 before a10. One collator for all: localeCompare with options builds a new one per call. */
const squareOrder = new Intl.Collator('en', { numeric: true });

export interface Suggestion {
  name: string;
  value: string;
}

export function suggestMoves(game: Game, typed: string): Suggestion[] {
  const text = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  const moves = game.legalMoves().sort((a, b) => squareOrder.compare(a.notation, b.notation));
  const movesOf = new Map<string, number>();
  for (const move of moves) movesOf.set(move.from, (movesOf.get(move.from) ?? 0) + 1);
  const pieces = [...movesOf.keys()];
  const pieceChoice = (square: string): Suggestion => {
    const count = movesOf.get(square) ?? 0;
    return {
      name: `${square}: ${game.pieceAt(square)}, ${count} move${count === 1 ? '' : 's'}`,
      value: square,
    };
  };
  if (text === '') return pieces.map(pieceChoice).slice(0, MAX_SUGGESTIONS);

  const parts = /^([a-z])(\d{0,2})(?:\s*[-\s]?\s*([a-z]?)(\d{0,2}))?$/.exec(text);
  if (!parts) return [];
  const [, file, rank, toFile = '', toRank = ''] = parts;
  const from = `${file}${rank}`;
  const moveChoice = (move: { from: string; to: string; notation: string }): Suggestion => ({
    name: move.notation,
    value: move.notation,
  });

  if (toFile === '' && toRank === '' && !/[-\s]$/.test(text)) {
    // Only a square, or the start of one: that piece's moves first, then other pieces it could begin.
    const own = moves.filter((move) => move.from === from).map(moveChoice);
    const others = pieces.filter((square) => square !== from && square.startsWith(from)).map(pieceChoice);
    return [...own, ...others].slice(0, MAX_SUGGESTIONS);
  }
  const toPrefix = `${toFile}${toRank}`;
  return moves
    .filter((move) => move.from === from && move.to.startsWith(toPrefix))
    .map(moveChoice)
    .slice(0, MAX_SUGGESTIONS);
}
