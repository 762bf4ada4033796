/**
 * Ratings from a round robin's games, on the Glicko-2 scale, with one player held at a fixed
 * rating so that the numbers mean the same from one run to the next (without an anchor only the
 * differences between players are defined).
 *
 * Each player's rating is the one Glicko-2 gives it after a single rating period holding all its
 * games (src/core/glicko2.ts's `rate`, from the starting deviation), played against its opponents'
 * ratings from the same estimate; that is repeated until no rating moves, so the result does not
 * depend on the order the games were played in. At that point each player's score equals what its
 * ratings predict. A player who won (or lost) every game would have no such point: each also
 * counts one drawn game against a newcomer (Glicko-2's starting rating and deviation), which keeps
 * it finite and says "at least this far apart" rather than "infinitely far".
 */
import { type GameScore, INITIAL, type Rating, rate } from '../src/core/glicko2.ts';

export interface RatedGame {
  /** The two players, by name. */
  first: string;
  second: string;
  /** The first player's score: 1 a win, ½ a draw, 0 a loss. */
  score: number;
}

export interface Estimate {
  rating: number;
  /** Glicko-2's rating deviation: the rating is within two of it either way about 95 times in 100. */
  deviation: number;
  games: number;
  /** Points scored in those games. */
  points: number;
}

export interface Anchor {
  player: string;
  rating: number;
}

/** The newcomer every player is counted as having drawn against once. */
const NEWCOMER: Rating = INITIAL;
/** Rating points: the estimate stops when no rating moved by more than this in a sweep. */
const SETTLED = 0.001;
const MAX_SWEEPS = 20_000;

export function estimateRatings(games: readonly RatedGame[], anchor: Anchor): Map<string, Estimate> {
  const players = new Set<string>([anchor.player]);
  for (const game of games) {
    if (game.first === game.second) throw new Error(`${game.first} cannot play itself`);
    if (!(game.score === 0 || game.score === 0.5 || game.score === 1))
      throw new Error(`a score is 0, ½ or 1, not ${game.score}`);
    players.add(game.first);
    players.add(game.second);
  }
  // The anchor is known exactly: deviation 0, so its opponents' results count in full.
  const current = new Map<string, Rating>();
  for (const player of players)
    current.set(player, player === anchor.player ? { ...INITIAL, rating: anchor.rating, rd: 0 } : INITIAL);

  const byPlayer = new Map<string, { opponent: string; score: number }[]>();
  for (const player of players) byPlayer.set(player, []);
  for (const { first, second, score } of games) {
    byPlayer.get(first)!.push({ opponent: second, score });
    byPlayer.get(second)!.push({ opponent: first, score: 1 - score });
  }

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let moved = 0;
    for (const player of players) {
      if (player === anchor.player) continue;
      const before = current.get(player)!;
      const scores: GameScore[] = byPlayer
        .get(player)!
        .map(({ opponent, score }) => ({ opponent: current.get(opponent)!, score }));
      scores.push({ opponent: NEWCOMER, score: 0.5 });
      // One rating period from the player's present rating at the starting deviation: the same step
      // a new member's first period takes, here repeated until it goes nowhere.
      const after = rate({ ...INITIAL, rating: before.rating }, scores);
      current.set(player, { ...after, games: 0 });
      moved = Math.max(moved, Math.abs(after.rating - before.rating));
    }
    if (moved < SETTLED) break;
  }

  const estimates = new Map<string, Estimate>();
  for (const player of players) {
    const own = byPlayer.get(player)!;
    const { rating, rd } = current.get(player)!;
    estimates.set(player, {
      rating,
      deviation: rd,
      games: own.length,
      points: own.reduce((sum, game) => sum + game.score, 0),
    });
  }
  return estimates;
}
