/**
 * Ratings per side and each variant's side balance. Tafl is asymmetric: a member may be much
 * stronger as attackers than as defenders, and a variant may favour one side. Kept in the guild's
 * standings document beside the overall ratings, and updated in the commit that records a game's
 * result. Unlike the overall table, which rates a two-game match as one result, every game counts
 * here on its own, on the side it was played.
 */
import { INITIAL, isProvisional, type Rating, rate } from '../core/glicko2.ts';
import type { Player } from '../core/players.ts';
import type { Side, VariantKey } from '../engine/index.ts';

export interface SideStandings {
  /** `variant|player|side` → the player's Glicko-2 rating on that side. */
  ratings: Record<string, Rating>;
  /** Variant → its side balance. */
  balance: Record<string, SideBalanceTally>;
  /** Ids of the games counted, so a game is never counted twice. */
  counted: string[];
}

export interface SideBalanceTally {
  /** Games the attackers won, the defenders won, and drawn. */
  attackers: number;
  defenders: number;
  draws: number;
  /**
   * How many games ended after each number of plies: a bounded histogram, so that the median is
   * kept as results come in (lengths past MAX_PLIES count as MAX_PLIES).
   */
  plies: Record<string, number>;
}

/** A finished game as the side standings count it. */
export interface SideResult {
  id: string;
  variant: VariantKey;
  players: Record<Side, Player>;
  winner: Side | null;
  /** The game's length. */
  plies: number;
}

/** A rating as shown: rounded, with its deviation and whether it is still provisional. */
export interface RatingView {
  value: number;
  deviation: number;
  provisional: boolean;
  games: number;
}

export interface SideBalance {
  variant: VariantKey;
  games: number;
  attackerWins: number;
  defenderWins: number;
  draws: number;
  medianPlies: number;
}

export interface MemberSideRatings {
  variant: VariantKey;
  /** The rating over both sides, as the table shows it. */
  overall: RatingView | null;
  attackers: RatingView | null;
  defenders: RatingView | null;
}

/** Longest length the histogram tells apart; no real game comes near it. */
export const MAX_PLIES = 1000;
const COUNTED_KEPT = 500;

export function emptySideStandings(): SideStandings {
  return { ratings: {}, balance: {}, counted: [] };
}

const ratingKey = (variant: VariantKey, playerId: string, side: Side) => `${variant}|${playerId}|${side}`;

/**
 * The standings with one finished game added to the side standings (unchanged if already counted).
 * Each player's rating on the side they played is rated against the opponent's rating on theirs.
 */
export function withSideResult<T extends { sides?: SideStandings }>(doc: T, game: SideResult): T {
  const sides = doc.sides ?? emptySideStandings();
  if (sides.counted.includes(game.id)) return doc;
  const { attackers, defenders } = game.players;
  const attackersKey = ratingKey(game.variant, attackers.id, 'attackers');
  const defendersKey = ratingKey(game.variant, defenders.id, 'defenders');
  const before = {
    attackers: sides.ratings[attackersKey] ?? INITIAL,
    defenders: sides.ratings[defendersKey] ?? INITIAL,
  };
  const score = game.winner === null ? 0.5 : game.winner === 'attackers' ? 1 : 0;
  const tally = sides.balance[game.variant] ?? { attackers: 0, defenders: 0, draws: 0, plies: {} };
  const length = String(Math.min(MAX_PLIES, Math.max(0, game.plies)));
  return {
    ...doc,
    sides: {
      ratings: {
        ...sides.ratings,
        [attackersKey]: rate(before.attackers, [{ opponent: before.defenders, score }]),
        [defendersKey]: rate(before.defenders, [{ opponent: before.attackers, score: 1 - score }]),
      },
      balance: {
        ...sides.balance,
        [game.variant]: {
          attackers: tally.attackers + (game.winner === 'attackers' ? 1 : 0),
          defenders: tally.defenders + (game.winner === 'defenders' ? 1 : 0),
          draws: tally.draws + (game.winner === null ? 1 : 0),
          plies: { ...tally.plies, [length]: (tally.plies[length] ?? 0) + 1 },
        },
      },
      counted: [...sides.counted, game.id].slice(-COUNTED_KEPT),
    },
  };
}

export function ratingView(rating: Rating): RatingView {
  return {
    value: Math.round(rating.rating),
    deviation: Math.round(rating.rd),
    provisional: isProvisional(rating),
    games: rating.games,
  };
}

/** A player's rating on one side of a variant, or null before their first game there. */
export function sideRating(
  doc: { sides?: SideStandings },
  variant: VariantKey,
  playerId: string,
  side: Side,
): RatingView | null {
  const rating = doc.sides?.ratings[ratingKey(variant, playerId, side)];
  return rating ? ratingView(rating) : null;
}

/** A member's ratings on each side, per variant they played (one variant when given), most played first. */
export function memberSideRatings(
  doc: { sides?: SideStandings; ratings?: Record<string, Rating> },
  playerId: string,
  variant?: VariantKey,
): MemberSideRatings[] {
  const variants = new Set<VariantKey>();
  // Standings kept before the sides have overall ratings alone: their variants are listed too.
  for (const key of [...Object.keys(doc.ratings ?? {}), ...Object.keys(doc.sides?.ratings ?? {})]) {
    const [keyVariant, player] = key.split('|');
    if (player === playerId && (!variant || keyVariant === variant)) variants.add(keyVariant as VariantKey);
  }
  const played = (ratings: MemberSideRatings) => ratings.overall?.games ?? 0;
  return [...variants]
    .map((id) => {
      const overall = doc.ratings?.[`${id}|${playerId}`];
      return {
        variant: id,
        overall: overall ? ratingView(overall) : null,
        attackers: sideRating(doc, id, playerId, 'attackers'),
        defenders: sideRating(doc, id, playerId, 'defenders'),
      };
    })
    .sort((a, b) => played(b) - played(a) || a.variant.localeCompare(b.variant));
}

/** The median of a histogram of lengths: the middle length, or the mean of the two middle ones. */
export function medianOf(histogram: Record<string, number>): number {
  const lengths = Object.entries(histogram)
    .map(([length, count]) => [Number(length), count] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = lengths.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const at = (index: number) => {
    let seen = 0;
    for (const [length, count] of lengths) {
      seen += count;
      if (index < seen) return length;
    }
    return lengths[lengths.length - 1][0];
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.ceil((total - 1) / 2))) / 2;
}

/** Each variant's side balance (one variant when given), most played first. */
export function sideBalances(doc: { sides?: SideStandings }, variant?: VariantKey): SideBalance[] {
  return Object.entries(doc.sides?.balance ?? {})
    .filter(([id]) => !variant || id === variant)
    .map(([id, tally]) => ({
      variant: id as VariantKey,
      games: tally.attackers + tally.defenders + tally.draws,
      attackerWins: tally.attackers,
      defenderWins: tally.defenders,
      draws: tally.draws,
      medianPlies: medianOf(tally.plies),
    }))
    .sort((a, b) => b.games - a.games || a.variant.localeCompare(b.variant));
}
