/** The two-game match of the armed-king rules, as stored games: who made how many moves, and who takes it. */
import { type Game, type Side, scoreMatch } from '../engine/index.ts';
import type { Player, StoredGame } from './types.ts';

/** How many moves a side made in a game. */
export function movesBy(game: Game, side: Side): number {
  return game.history().filter((move) => move.side === side).length;
}

/**
 * The side (in game 2's colours) that takes a finished match, or null for a drawn match: two
 * wins take it; at one win each, the win in fewer moves; otherwise it is drawn.
 */
export function matchWinner(second: StoredGame, game: Game): Side | null {
  const first = second.match?.first;
  const result = game.result;
  if (!first || !result) return result?.winner ?? null;
  const ids = (players: Record<Side, Player>) => ({
    attackers: players.attackers.id,
    defenders: players.defenders.id,
  });
  const firstWinnerSide =
    (['attackers', 'defenders'] as const).find((side) => first.players[side].id === first.winner) ?? null;
  const score = scoreMatch([
    { players: ids(first.players), winner: firstWinnerSide, winnerMoves: first.winnerMoves },
    {
      players: ids(second.players),
      winner: result.winner,
      winnerMoves: result.winner ? movesBy(game, result.winner) : 0,
    },
  ]);
  return (
    (['attackers', 'defenders'] as const).find((side) => second.players[side].id === score.winner) ?? null
  );
}
