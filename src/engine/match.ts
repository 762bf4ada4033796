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
  explanation: string;
}

export function scoreMatch(games: readonly MatchGame[]): MatchScore {
  if (games.length > 2) throw new Error('a match is two games');
  const wins = games.filter((game) => game.winner !== null);
  const winnerOf = (game: MatchGame) => game.players[game.winner as Side];

  if (games.length < 2) {
    return {
      winner: null,
      decided: false,
      explanation: `game ${games.length + 1} of 2 is still to be played`,
    };
  }
  if (wins.length === 0)
    return { winner: null, decided: true, explanation: 'both games were drawn: the match is drawn' };
  if (wins.length === 1) {
    const player = winnerOf(wins[0]);
    return { winner: player, decided: true, explanation: `${player} won the only decided game` };
  }
  const [first, second] = wins;
  if (winnerOf(first) === winnerOf(second)) {
    return { winner: winnerOf(first), decided: true, explanation: `${winnerOf(first)} won both games` };
  }
  if (first.winnerMoves === second.winnerMoves) {
    return {
      winner: null,
      decided: true,
      explanation: `one win each in ${first.winnerMoves} moves: the match is drawn`,
    };
  }
  const faster = first.winnerMoves < second.winnerMoves ? first : second;
  const slower = faster === first ? second : first;
  return {
    winner: winnerOf(faster),
    decided: true,
    explanation: `one win each: ${winnerOf(faster)} won in ${faster.winnerMoves} moves, ${winnerOf(slower)} in ${slower.winnerMoves}`,
  };
}
