/**
 * Swiss pairings as a weighted matching (Edmonds' blossom algorithm, edmonds-blossom-fixed):
 * every pair of players who have not met is an edge, weighted so that the heaviest matching
 * first pairs everyone, then keeps score differences least (score groups), then balances sides,
 * then pairs the top half of a score group against its bottom half (as the Dutch system does in
 * round 1: 1–5, 2–6, 3–7, 4–8). Nobody meets anyone twice; a player whose sides are two apart
 * gets the other side; the bye goes to the lowest-ranked player who has not had one.
 *
 * In a small field with many rounds a pairing can leave the later rounds impossible (six players
 * over five rounds is a whole round robin, and three pairings in, the games left may form two
 * triangles): there each candidate is checked to leave enough rounds, and the next best is taken.
 */
import blossom from 'edmonds-blossom-fixed';
import type { Side } from '../engine/index.ts';

export interface SwissPlayer {
  id: string;
  /** Points so far: 1 a win (and a bye), ½ a draw. */
  score: number;
  /** The tiebreak that ranks equal scores (Buchholz), higher first. */
  tiebreak: number;
  /** The order players joined in: the earlier ranks first among equals. */
  seed: number;
  /** Who they have played (forfeits included). */
  opponents: readonly string[];
  /** The sides they played, in order. */
  sides: readonly Side[];
  hadBye: boolean;
}

export interface SwissRound {
  pairings: { attackers: string; defenders: string }[];
  /** The player who has the round off (and a point), when the count is odd. */
  bye: string | null;
}

/** A player's sides may differ by this much at most: past it, the other side is a must. */
const MAX_SIDE_DIFFERENCE = 2;
/**
 * The small fields whose later rounds are checked to stay possible (see above). A larger field
 * stays pairable while the rounds are at most half the players (Dirac: every player then has
 * unplayed opponents enough for a perfect matching), which covers any Swiss worth the name.
 */
const LOOKAHEAD_LIMIT = 12;

const SCORE_WEIGHT = 1e6;
const SIDE_WEIGHT = 1e4;
/** Above any pair's cost: every edge weighs more than nothing. */
const BASE = 1e11;

export class SwissPairingError extends Error {
  override name = 'SwissPairingError';
}

/** Players best first: score, then tiebreak, then seed. */
export function ranked<T extends Pick<SwissPlayer, 'score' | 'tiebreak' | 'seed'>>(
  players: readonly T[],
): T[] {
  return [...players].sort((a, b) => b.score - a.score || b.tiebreak - a.tiebreak || a.seed - b.seed);
}

/**
 * The next round's pairings for `players` (those still playing). `roundsLeft` counts the rounds
 * after this one, for the small-field check.
 */
export function pairSwiss(players: readonly SwissPlayer[], roundsLeft = 0): SwissRound {
  const order = ranked(players);
  if (order.length < 2) return { pairings: [], bye: order[0]?.id ?? null };
  const lookahead = order.length <= LOOKAHEAD_LIMIT && roundsLeft > 0;
  // Strict first; then sides may go three apart, then the later rounds may be left to fate.
  for (const relax of [
    { sides: false, future: false },
    { sides: true, future: false },
    { sides: true, future: true },
  ]) {
    if (!lookahead && relax.future) continue;
    const found = attempt(order, roundsLeft, lookahead && !relax.future, relax.sides);
    if (found) return found;
  }
  throw new SwissPairingError('no pairing without a repeated game is left');
}

function attempt(
  order: SwissPlayer[],
  roundsLeft: number,
  checkFuture: boolean,
  relaxSides: boolean,
): SwissRound | null {
  // The bye: the lowest-ranked without one, unless the rest then cannot be paired.
  const candidates = order.length % 2 === 0 ? [null] : [...order].reverse().filter((p) => !p.hadBye);
  for (const bye of candidates) {
    const field = bye ? order.filter((p) => p !== bye) : order;
    if (checkFuture) {
      const pairings = bestWithFuture(field, order, bye, roundsLeft, relaxSides);
      if (pairings) return { pairings, bye: bye?.id ?? null };
    } else {
      const chosen = matched(field, relaxSides);
      if (chosen) return { pairings: boards(chosen, field), bye: bye?.id ?? null };
    }
  }
  return null;
}

interface Edge {
  a: number;
  b: number;
  cost: number;
  /** Index of the player who plays the attackers. */
  attackers: number;
  /** Either way round costs the same: the sides go by board, alternating. */
  free: boolean;
}

type Pairings = SwissRound['pairings'];

/** Every pair that may meet, with its cost and who takes which side. */
function edges(field: SwissPlayer[], relaxSides: boolean): Edge[] {
  // Positions within each score group, for the top-half-against-bottom-half term.
  const groupSize = new Map<number, number>();
  const position = field.map((player) => {
    const before = groupSize.get(player.score) ?? 0;
    groupSize.set(player.score, before + 1);
    return before;
  });
  const result: Edge[] = [];
  for (let a = 0; a < field.length; a++) {
    for (let b = a + 1; b < field.length; b++) {
      const one = field[a];
      const other = field[b];
      if (one.opponents.includes(other.id)) continue;
      const sides = sidesFor(one, other, relaxSides);
      if (!sides) continue;
      const scoreGap = Math.round(Math.abs(one.score - other.score) * 2);
      let halves = 0;
      if (scoreGap === 0) {
        const half = (groupSize.get(one.score) ?? 0) / 2;
        halves = (Math.abs(position[a] - position[b]) - half) ** 2;
      }
      result.push({
        a,
        b,
        cost: SCORE_WEIGHT * scoreGap ** 2 + SIDE_WEIGHT * sides.cost + halves,
        attackers: sides.oneAttacks ? a : b,
        free: sides.free,
      });
    }
  }
  return result;
}

const balance = (sides: readonly Side[]) =>
  sides.reduce((sum, side) => sum + (side === 'attackers' ? 1 : -1), 0);

/** Three times running on one side. */
const thrice = (sides: readonly Side[], next: Side) =>
  sides.length >= 2 && sides.at(-1) === next && sides.at(-2) === next ? 1 : 0;

/**
 * Who plays the attackers (`one`, the higher-ranked, or the other), and how far that leaves the
 * two from even sides; null when neither way is allowed.
 */
function sidesFor(
  one: SwissPlayer,
  other: SwissPlayer,
  relaxSides: boolean,
): { oneAttacks: boolean; cost: number; free: boolean } | null {
  const options = [true, false].map((oneAttacks) => {
    const mine: Side = oneAttacks ? 'attackers' : 'defenders';
    const theirs: Side = oneAttacks ? 'defenders' : 'attackers';
    const a = balance(one.sides) + (oneAttacks ? 1 : -1);
    const b = balance(other.sides) + (oneAttacks ? -1 : 1);
    const repeats = thrice(one.sides, mine) + thrice(other.sides, theirs);
    // Alternating from the last game, where the balance allows either.
    const alternates = (one.sides.at(-1) === mine ? 1 : 0) + (other.sides.at(-1) === theirs ? 1 : 0);
    const allowed = relaxSides || (Math.abs(a) <= MAX_SIDE_DIFFERENCE && Math.abs(b) <= MAX_SIDE_DIFFERENCE);
    return { oneAttacks, allowed, cost: a * a + b * b + repeats * 2 + alternates * 0.5 };
  });
  const possible = options.filter((option) => option.allowed).sort((x, y) => x.cost - y.cost);
  if (possible.length === 0) return null;
  if (possible.length === 2 && possible[0].cost === possible[1].cost) {
    // Either way is as even: the higher-ranked gets the side they are owed, else the other does;
    // with no history at all, the boards alternate.
    const owed = preference(one) ?? (preference(other) === 'attackers' ? 'defenders' : preference(other));
    if (!owed) return { oneAttacks: true, cost: possible[0].cost, free: true };
    return { oneAttacks: owed === 'attackers', cost: possible[0].cost, free: false };
  }
  return { oneAttacks: possible[0].oneAttacks, cost: possible[0].cost, free: false };
}

/** The side a player is owed: the one they played less, or else not the one they played last. */
function preference(player: SwissPlayer): Side | null {
  const lead = balance(player.sides);
  if (lead !== 0) return lead > 0 ? 'defenders' : 'attackers';
  const last = player.sides.at(-1);
  return last ? (last === 'attackers' ? 'defenders' : 'attackers') : null;
}

/** The cheapest pairing of the whole field as its edges, or null when it cannot all be paired. */
function matched(field: SwissPlayer[], relaxSides: boolean): Edge[] | null {
  if (field.length === 0) return [];
  const candidates = edges(field, relaxSides);
  if (candidates.length === 0) return null;
  const mates = blossom(
    candidates.map((edge) => [edge.a, edge.b, BASE - edge.cost]),
    true,
  );
  const byPair = new Map(candidates.map((edge) => [`${edge.a}:${edge.b}`, edge]));
  const chosen: Edge[] = [];
  for (let a = 0; a < field.length; a++) {
    const b = mates[a] ?? -1;
    if (b < 0) return null;
    if (b < a) continue;
    const edge = byPair.get(`${a}:${b}`);
    if (!edge) return null;
    chosen.push(edge);
  }
  return chosen;
}

/**
 * The pairings by board, a board's number by its better player's rank. Where neither side is
 * owed, the better player takes the attackers on odd boards and the defenders on even ones.
 */
function boards(chosen: Edge[], field: SwissPlayer[]): Pairings {
  return [...chosen]
    .sort((x, y) => Math.min(x.a, x.b) - Math.min(y.a, y.b))
    .map((edge, board) => {
      const better = Math.min(edge.a, edge.b);
      const worse = Math.max(edge.a, edge.b);
      const attackers = edge.free ? (board % 2 === 0 ? better : worse) : edge.attackers;
      return {
        attackers: field[attackers].id,
        defenders: field[attackers === edge.a ? edge.b : edge.a].id,
      };
    });
}

/**
 * The cheapest pairing of the field that leaves `roundsLeft` more rounds possible. The matching's
 * own best is tried first; only when it would strand a later round are all pairings ranked by cost.
 */
function bestWithFuture(
  field: SwissPlayer[],
  everyone: SwissPlayer[],
  bye: SwissPlayer | null,
  roundsLeft: number,
  relaxSides: boolean,
): Pairings | null {
  const best = matched(field, relaxSides);
  if (!best) return null;
  if (futurePossible(everyone, boards(best, field), bye, roundsLeft)) return boards(best, field);
  const byPair = new Map(edges(field, relaxSides).map((edge) => [`${edge.a}:${edge.b}`, edge]));
  const all: { chosen: Edge[]; cost: number }[] = [];
  const partner = new Array<number>(field.length).fill(-1);
  const chosen: Edge[] = [];
  const enumerate = (total: number) => {
    const a = partner.indexOf(-1);
    if (a < 0) {
      all.push({ chosen: [...chosen], cost: total });
      return;
    }
    for (let b = a + 1; b < field.length; b++) {
      const edge = partner[b] < 0 ? byPair.get(`${a}:${b}`) : undefined;
      if (!edge) continue;
      partner[a] = b;
      partner[b] = a;
      chosen.push(edge);
      enumerate(total + edge.cost);
      chosen.pop();
      partner[a] = -1;
      partner[b] = -1;
    }
  };
  enumerate(0);
  all.sort((x, y) => x.cost - y.cost);
  for (const candidate of all) {
    const pairings = boards(candidate.chosen, field);
    if (futurePossible(everyone, pairings, bye, roundsLeft)) return pairings;
  }
  return null;
}

/** Whether `roundsLeft` more rounds can be paired after this one, with no repeat and no second bye. */
function futurePossible(
  everyone: SwissPlayer[],
  pairings: Pairings,
  bye: SwissPlayer | null,
  roundsLeft: number,
): boolean {
  const n = everyone.length;
  const at = new Map(everyone.map((player, i) => [player.id, i]));
  const met = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const meet = (x: string, y: string) => {
    const a = at.get(x);
    const b = at.get(y);
    if (a !== undefined && b !== undefined) met[a][b] = met[b][a] = true;
  };
  for (const player of everyone) for (const opponent of player.opponents) meet(player.id, opponent);
  for (const { attackers, defenders } of pairings) meet(attackers, defenders);
  const byeTaken = everyone.map((player) => player.hadBye || player === bye);
  const taken = new Array<boolean>(n).fill(false);

  /** `left` rounds from here. */
  const completes = (left: number): boolean => {
    if (left === 0) return true;
    // Every player needs an opponent not yet met (or the bye) in each round left.
    for (let a = 0; a < n; a++) {
      let options = byeTaken[a] ? 0 : 1;
      for (let b = 0; b < n; b++) if (b !== a && !met[a][b]) options++;
      if (options < left) return false;
    }
    return fill(left, n % 2 === 1);
  };
  /** Pairs the rest of this round (the bye still to give when `byeOpen`), then the rounds after. */
  const fill = (left: number, byeOpen: boolean): boolean => {
    const a = taken.indexOf(false);
    if (a < 0) {
      if (byeOpen) return false;
      const saved = taken.slice();
      taken.fill(false);
      if (completes(left - 1)) return true;
      saved.forEach((value, i) => {
        taken[i] = value;
      });
      return false;
    }
    taken[a] = true;
    if (byeOpen && !byeTaken[a]) {
      byeTaken[a] = true;
      if (fill(left, false)) return true;
      byeTaken[a] = false;
    }
    for (let b = a + 1; b < n; b++) {
      if (taken[b] || met[a][b]) continue;
      taken[b] = true;
      met[a][b] = met[b][a] = true;
      if (fill(left, byeOpen)) return true;
      met[a][b] = met[b][a] = false;
      taken[b] = false;
    }
    taken[a] = false;
    return false;
  };
  return completes(roundsLeft);
}
