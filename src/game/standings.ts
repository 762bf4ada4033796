/**
 * A guild's standings: for each pair of players and variant, the wins, losses and draws between
 * them, and each player's Glicko-2 rating per variant. Tables and records are summed from these on
 * demand. A win scores 1 point, a draw ½.
 */
import { INITIAL, isProvisional, type Rating, rate } from '../core/glicko2.ts';
import type { Player } from '../core/players.ts';
import type { Side, VariantKey } from '../engine/index.ts';
import type { SideStandings } from './side-standings.ts';

export interface StandingsDoc {
  schema: 1;
  /** Latest known name per player id. */
  names: Record<string, string>;
  /** `variant|player|opponent` → [wins, losses, draws] of player against opponent. */
  tallies: Record<string, [number, number, number]>;
  /** Ids of the games counted, so a game is never counted twice. */
  counted: string[];
  /** `variant|player` → Glicko-2 rating in that variant. */
  ratings?: Record<string, Rating>;
  /** Ratings per side and each variant's side balance (absent in standings stored before them). */
  sides?: SideStandings;
}

export interface StandingRow {
  userId: string;
  name: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  points: number;
  /** In a one-variant table: the Glicko-2 rating, its deviation, and whether it is still provisional. */
  rating?: { value: number; deviation: number; provisional: boolean };
}

export interface MemberRecord extends StandingRow {
  opponents: { userId: string; name: string; wins: number; losses: number; draws: number }[];
  /** The average accuracy over the member's reviewed games (accuracy-tally.ts), when there are any. */
  accuracy?: { average: number; games: number };
}

const COUNTED_KEPT = 500;

export function emptyStandings(): StandingsDoc {
  return { schema: 1, names: {}, tallies: {}, counted: [] };
}

/** The standings with one finished game added (unchanged if it was already counted). */
export function withResult(
  doc: StandingsDoc,
  game: { id: string; variant: VariantKey; players: Record<Side, Player>; winner: Side | null },
): StandingsDoc {
  if (doc.counted.includes(game.id)) return doc;
  const next: StandingsDoc = {
    ...doc,
    schema: 1,
    names: { ...doc.names },
    tallies: { ...doc.tallies },
    counted: [...doc.counted, game.id].slice(-COUNTED_KEPT),
    ratings: { ...(doc.ratings ?? {}) },
  };
  const { attackers, defenders } = game.players;
  next.names[attackers.id] = attackers.name;
  next.names[defenders.id] = defenders.name;
  const add = (player: Player, opponent: Player, column: 0 | 1 | 2) => {
    const key = `${game.variant}|${player.id}|${opponent.id}`;
    const tally: [number, number, number] = [...(next.tallies[key] ?? [0, 0, 0])];
    tally[column]++;
    next.tallies[key] = tally;
  };
  // One game is one rating period for both players, each rated against the other's rating before it.
  const ratings = next.ratings as Record<string, Rating>;
  const ratingKey = (player: Player) => `${game.variant}|${player.id}`;
  const before = {
    attackers: ratings[ratingKey(attackers)] ?? INITIAL,
    defenders: ratings[ratingKey(defenders)] ?? INITIAL,
  };
  const score = game.winner === null ? 0.5 : game.winner === 'attackers' ? 1 : 0;
  ratings[ratingKey(attackers)] = rate(before.attackers, [{ opponent: before.defenders, score }]);
  ratings[ratingKey(defenders)] = rate(before.defenders, [{ opponent: before.attackers, score: 1 - score }]);

  if (game.winner === null) {
    add(attackers, defenders, 2);
    add(defenders, attackers, 2);
  } else {
    const winner = game.players[game.winner];
    const loser = game.winner === 'attackers' ? defenders : attackers;
    add(winner, loser, 0);
    add(loser, winner, 1);
  }
  return next;
}

function entries(doc: StandingsDoc, variant?: VariantKey) {
  return Object.entries(doc.tallies).flatMap(([key, [wins, losses, draws]]) => {
    const [tallyVariant, player, opponent] = key.split('|');
    return variant && tallyVariant !== variant ? [] : [{ player, opponent, wins, losses, draws }];
  });
}

function row(doc: StandingsDoc, userId: string, wins: number, losses: number, draws: number): StandingRow {
  return {
    userId,
    name: doc.names[userId] ?? userId,
    games: wins + losses + draws,
    wins,
    losses,
    draws,
    points: wins + draws / 2,
  };
}

/** The table, best first: points, then wins, then fewer games, then name. */
export function table(doc: StandingsDoc, variant?: VariantKey): StandingRow[] {
  const totals = new Map<string, [number, number, number]>();
  for (const { player, wins, losses, draws } of entries(doc, variant)) {
    const total = totals.get(player) ?? [0, 0, 0];
    totals.set(player, [total[0] + wins, total[1] + losses, total[2] + draws]);
  }
  const rows = [...totals.entries()].map(([userId, [wins, losses, draws]]) => {
    const standing = row(doc, userId, wins, losses, draws);
    const rating = variant ? doc.ratings?.[`${variant}|${userId}`] : undefined;
    if (rating) {
      standing.rating = {
        value: Math.round(rating.rating),
        deviation: Math.round(rating.rd),
        provisional: isProvisional(rating),
      };
    }
    return standing;
  });
  // In one variant the table ranks by rating; across variants (no common rating) by points.
  return rows.sort(
    (a, b) =>
      (b.rating?.value ?? 0) - (a.rating?.value ?? 0) ||
      b.points - a.points ||
      b.wins - a.wins ||
      a.games - b.games ||
      a.name.localeCompare(b.name),
  );
}

export function memberRecord(doc: StandingsDoc, userId: string, variant?: VariantKey): MemberRecord | null {
  const mine = entries(doc, variant).filter((entry) => entry.player === userId);
  if (mine.length === 0) return null;
  const byOpponent = new Map<string, [number, number, number]>();
  for (const { opponent, wins, losses, draws } of mine) {
    const total = byOpponent.get(opponent) ?? [0, 0, 0];
    byOpponent.set(opponent, [total[0] + wins, total[1] + losses, total[2] + draws]);
  }
  const opponents = [...byOpponent.entries()]
    .map(([id, [wins, losses, draws]]) => ({ userId: id, name: doc.names[id] ?? id, wins, losses, draws }))
    .sort(
      (a, b) => b.wins + b.losses + b.draws - (a.wins + a.losses + a.draws) || a.name.localeCompare(b.name),
    );
  const sum = (pick: (o: (typeof opponents)[number]) => number) =>
    opponents.reduce((total, o) => total + pick(o), 0);
  return {
    ...row(
      doc,
      userId,
      sum((o) => o.wins),
      sum((o) => o.losses),
      sum((o) => o.draws),
    ),
    opponents,
  };
}
