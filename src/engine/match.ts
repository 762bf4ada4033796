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
  /** Why, in English; `reason` carries the same for telling it in another language. */
  explanation: string;
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
      explanation: `game ${games.length + 1} of 2 is still to be played`,
      reason: { kind: 'unfinished', nextGame: games.length + 1 },
    };
  }
  if (wins.length === 0)
    return {
      winner: null,
      decided: true,
      explanation: 'both games were drawn: the match is drawn',
      reason: { kind: 'both-drawn' },
    };
  if (wins.length === 1) {
    const player = winnerOf(wins[0]);
    return {
      winner: player,
      decided: true,
      explanation: `${player} won the only decided game`,
      reason: { kind: 'only-decided-game', winner: player },
    };
  }
  const [first, second] = wins;
  if (winnerOf(first) === winnerOf(second)) {
    return {
      winner: winnerOf(first),
      decided: true,
      explanation: `${winnerOf(first)} won both games`,
      reason: { kind: 'both-games', winner: winnerOf(first) },
    };
  }
  if (first.winnerMoves === second.winnerMoves) {
    return {
      winner: null,
      decided: true,
      explanation: `one win each in ${first.winnerMoves} moves: the match is drawn`,
      reason: { kind: 'equal-moves', moves: first.winnerMoves },
    };
  }
  const faster = first.winnerMoves < second.winnerMoves ? first : second;
  const slower = faster === first ? second : first;
  return {
    winner: winnerOf(faster),
    decided: true,
    explanation: `one win each: ${winnerOf(faster)} won in ${faster.winnerMoves} moves, ${winnerOf(slower)} in ${slower.winnerMoves}`,
    reason: {
      kind: 'fewer-moves',
      winner: winnerOf(faster),
      moves: faster.winnerMoves,
      other: winnerOf(slower),
      otherMoves: slower.winnerMoves,
    },
  };
}
