/**
 * The armed-king rules' full match: two games, sides swapped. Two wins take it; at one win each,
 * the win in fewer moves takes it; otherwise the match is drawn.
 */
import type { Side } from './types.ts';

export interface MatchGame {
  /** The player (any id) who played each side in this game. */
  players: Record<Side, string>;
  /** The winning side, null for a draw. */
  winner: Side | null;
  /** How many moves the winning side made in this game. */
  winnerMoves: number;
}

export interface MatchScore {
  /** The player who takes the match, or null when it is drawn or not yet decided. */
  winner: string | null;
  decided: boolean;
  /** Why: the catalogues (src/i18n) tell it in each language. */
  reason: MatchReason;
}

export type MatchReason =
  | { kind: 'unfinished'; nextGame: number }
  | { kind: 'both-drawn' }
  | { kind: 'only-decided-game'; winner: string }
  | { kind: 'both-games'; winner: string }
  | { kind: 'equal-moves'; moves: number }
  | { kind: 'fewer-moves'; winner: string; moves: number; other: string; otherMoves: number };

export function scoreMatch(games: readonly MatchGame[]): MatchScore {
  if (games.length > 2) throw new Error('a match is two games');
  const wins = games.filter((game) => game.winner !== null);
  const winnerOf = (game: MatchGame) => game.players[game.winner as Side];

  if (games.length < 2) {
    return {
      winner: null,
      decided: false,
      reason: { kind: 'unfinished', nextGame: games.length + 1 },
    };
  }
  if (wins.length === 0) return { winner: null, decided: true, reason: { kind: 'both-drawn' } };
  if (wins.length === 1) {
    const player = winnerOf(wins[0]);
    return {
      winner: player,
      decided: true,
      reason: { kind: 'only-decided-game', winner: player },
    };
  }
  const [first, second] = wins;
  if (winnerOf(first) === winnerOf(second)) {
    return {
      winner: winnerOf(first),
      decided: true,
      reason: { kind: 'both-games', winner: winnerOf(first) },
    };
  }
  if (first.winnerMoves === second.winnerMoves) {
    return {
      winner: null,
      decided: true,
      reason: { kind: 'equal-moves', moves: first.winnerMoves },
    };
  }
  const faster = first.winnerMoves < second.winnerMoves ? first : second;
  const slower = faster === first ? second : first;
  return {
    winner: winnerOf(faster),
    decided: true,
    reason: {
      kind: 'fewer-moves',
      winner: winnerOf(faster),
      moves: faster.winnerMoves,
      other: winnerOf(slower),
      otherMoves: slower.winnerMoves,
    },
  };
}
