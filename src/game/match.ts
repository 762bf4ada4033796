/** The two-game match of the armed-king rules, as stored games: who made how many moves, and who takes it. */
import { type Player, sideOf } from '../core/players.ts';
import { type Game, type MatchScore, type Side, scoreMatch } from '../engine/index.ts';
import type { MatchState, StoredGame } from './types.ts';

/** How many moves a side made in a game. */
export function movesBy(game: Game, side: Side): number {
  return game.history().filter((move) => move.side === side).length;
}

/**
 * How a finished match stands once game 2 has ended, each player told by `label` (their id by
 * default; a name for messages): two wins take it; at one win each, the win in fewer moves;
 * otherwise it is drawn. Null before game 2 has ended.
 */
export function scoreOfMatch(
  match: MatchState,
  players: Record<Side, Player>,
  game: Game,
  label: (player: Player) => string = (player) => player.id,
): MatchScore | null {
  const first = match.first;
  const result = game.result;
  if (!first || !result) return null;
  const labels = (of: Record<Side, Player>) => ({
    attackers: label(of.attackers),
    defenders: label(of.defenders),
  });
  const firstWinnerSide = first.winner === null ? null : sideOf(first.players, first.winner);
  return scoreMatch([
    { players: labels(first.players), winner: firstWinnerSide, winnerMoves: first.winnerMoves },
    {
      players: labels(players),
      winner: result.winner,
      winnerMoves: result.winner ? movesBy(game, result.winner) : 0,
    },
  ]);
}

/** The side (in game 2's colours) that takes a finished match, or null for a drawn match. */
export function matchWinner(second: StoredGame, game: Game): Side | null {
  const score = second.match ? scoreOfMatch(second.match, second.players, game) : null;
  if (!score) return game.result?.winner ?? null;
  return score.winner === null ? null : sideOf(second.players, score.winner);
}
