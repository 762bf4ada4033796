/**
 * How good a position is for the side to move, in centipawn-like units. Per variant family: the
 * learned weights of data/eval-weights.json where they won their match (see features.ts), else
 * the hand-set ones below: the king's open paths and distance to the escape squares, attackers
 * closing on him, material, where corners are escapes the attackers' guards on them, and on
 * 19x19 a king the attackers can surround within a few moves and the corner blocks they have
 * sealed (corner-seal.ts).
 */

import * as codes from '../engine/core.ts';
import { type Position, type RuleTables, startingPositionOf } from '../engine/core.ts';
import { cornerSealScore } from './corner-seal.ts';
import * as featureList from './features.ts';
import { extractFeatures, type Family, familyOf, layoutOf } from './features.ts';
import { type FamilyWeights, SCORE_PER_LOGIT, shippedWeights } from './learned-weights.ts';

const {
  ATTACKER,
  DEFENDER,
  GUARD,
  KING,
  EMPTY,
  OFF,
  ATTACKERS,
  CAPTURE_CUSTODIAL,
  closesAgainstKing,
  fileOf,
  rankOf,
} = codes;
// A module-local copy: read through the import binding in the hot loop below, it costs far more.
const { FEATURE_COUNT } = featureList;

export interface Weights {
  attacker: number;
  defender: number;
  guard: number;
  kingMobility: number;
  kingOpenLine: number;
  kingDistance: number;
  attackerBesideKing: number;
  /** Each attacker on a corner's diagonal guard (a3-b2-c1 and its mirror images), where corners are escapes. */
  cornerGuard: number;
  /** Each corner whose whole diagonal guard the attackers hold: closed to the king for good. */
  cornerClosed: number;
  /** Each guard square of a corner the attackers do not hold, for each step the king is nearer than CORNER_REACH to that corner. */
  cornerOpenNearKing: number;
  /**
   * Where the king is taken only by surrounding him: while every side of his is an attacker, a square
   * hostile to him, or an empty square an attacker reaches in one move, this over the number of
   * attacker moves the capture still needs.
   */
  kingTrap: number;
  /** Where the armed king escapes to corner blocks: each corner the attackers have sealed (corner-seal.ts). */
  cornerSeal: number;
  /** Each square of a corner's usual seal the attackers hold while it is not yet sealed. */
  cornerSealSquare: number;
  /** In corner-escape variants, counts from the starting position's score, so that a draw (0) weighs as much as the start. */
  fromStart: boolean;
}

export const WEIGHTS: Record<'small' | 'large', Weights> = {
  small: {
    attacker: 40,
    defender: 70,
    guard: 0,
    kingMobility: 4,
    kingOpenLine: 60,
    kingDistance: 6,
    attackerBesideKing: 25,
    cornerGuard: 20,
    cornerClosed: 60,
    cornerOpenNearKing: 8,
    kingTrap: 0,
    cornerSeal: 0,
    cornerSealSquare: 0,
    fromStart: true,
  },
  large: {
    attacker: 30,
    defender: 55,
    guard: 20,
    kingMobility: 3,
    kingOpenLine: 45,
    kingDistance: 4,
    attackerBesideKing: 25,
    cornerGuard: 0,
    cornerClosed: 0,
    cornerOpenNearKing: 0,
    kingTrap: 120,
    cornerSeal: 250,
    cornerSealSquare: 50,
    fromStart: false,
  },
};

/** How near (in steps along files and ranks) the king must be to a corner for its open guard squares to count. */
const CORNER_REACH = 6;

/**
 * The hand-set weights the self-play games of data/eval-weights.json were played with: kept as
 * they were, so that `npm run train:eval` gives the same file from the same seed.
 */
export const TRAINING_WEIGHTS: Record<'small' | 'large', Weights> = {
  small: { ...WEIGHTS.small, cornerGuard: 0, cornerClosed: 0, cornerOpenNearKing: 0, fromStart: false },
  large: {
    ...WEIGHTS.large,
    cornerGuard: 0,
    cornerClosed: 0,
    cornerOpenNearKing: 0,
    kingTrap: 0,
    cornerSeal: 0,
    cornerSealSquare: 0,
    fromStart: false,
  },
};

/** The pieces' worth from the defenders' point of view. The search keeps it up to date through captures. */
export function material(position: Position, weights: Weights): number {
  const { rules, cells } = position;
  const squares = rules.squares;
  let score = 0;
  for (let i = 0; i < squares.length; i++) {
    const piece = cells[squares[i]];
    if (piece === ATTACKER) score -= weights.attacker;
    else if (piece === DEFENDER) score += weights.defender;
    else if (piece === GUARD) score += weights.guard;
  }
  return score;
}

/** What the last move's captures changed in material(): only attackers and defenders are ever captured. */
export function capturedWorth(position: Position, weights: Weights): number {
  const captured = position.lastCaptureCount();
  if (captured === 0) return 0;
  // The side now to move lost the pieces.
  return position.sideToMove === ATTACKERS ? captured * weights.attacker : -captured * weights.defender;
}

/**
 * kingTrap's penalty: its weight over the attacker moves a capture of the surrounded king still
 * needs, or 0 while a side of his is held by a defender or out of the attackers' reach. It sees
 * a capture coming two and three attacker moves ahead, past the few plies a 19x19 search gets.
 */
function kingTrap(position: Position, weight: number): number {
  const { rules, cells, king } = position;
  // Where the king falls to two attackers away from the centre (Walker's rules), weighing the
  // centre's surrounding alone sent him out to where he is weaker, and lost its match there.
  if (rules.kingCaptureMode.includes(CAPTURE_CUSTODIAL)) return 0;
  if (rules.edgeProtectsKing && rules.edge[king] === 1) return 0;
  const { directions } = rules;
  let needed = 0;
  for (let k = 0; k < 4; k++) {
    const side = king + directions[k];
    const piece = cells[side];
    if (piece === OFF || closesAgainstKing(rules, cells, side)) continue;
    if (piece !== EMPTY) return 0;
    if (!attackerReaches(position, side, -directions[k])) return 0;
    needed++;
  }
  return needed === 0 ? 0 : Math.round(weight / needed);
}

/** Whether an attacker can move to the empty `cell` in one move, other than from direction `back` (the king's). */
function attackerReaches(position: Position, cell: number, back: number): boolean {
  const { cells, rules } = position;
  const { directions, kingOnlyPass } = rules;
  for (let k = 0; k < 4; k++) {
    const step = directions[k];
    if (step === back) continue;
    let from = cell + step;
    while (cells[from] === EMPTY && kingOnlyPass[from] === 0) from += step;
    if (cells[from] === ATTACKER) return true;
  }
  return false;
}

/** The evaluation from the defenders' point of view. */
export function defendersScore(
  position: Position,
  weights: Weights,
  pieces = material(position, weights),
): number {
  const { rules, cells, king } = position;
  let score = pieces;
  if (king < 0) return score;
  const { directions, escape: escapeCells, width } = rules;
  let mobility = 0;
  for (const step of directions) {
    let cell = king + step;
    while (cells[cell] === EMPTY) {
      mobility++;
      if (escapeCells[cell] === 1) score += weights.kingOpenLine;
      cell += step;
    }
    if (cells[king + step] === ATTACKER) score -= weights.attackerBesideKing;
  }
  score += mobility * weights.kingMobility;
  if (weights.kingTrap !== 0) score -= kingTrap(position, weights.kingTrap);
  // Where the unarmed king falls to a surrounding (the guard rules), the attackers did better
  // closing on him than sealing corners: the seals did not win their match there.
  if (weights.cornerSeal !== 0 && rules.kingArmed && rules.variant.escapeSquares === 'corner-blocks')
    score -= cornerSealScore(position, weights.cornerSeal, weights.cornerSealSquare);
  // Distance to the nearest escape: a corner region (by files and ranks), or the nearest edge.
  // Off by one, as the weights were tuned with: one step short toward file a and rank 1, one
  // step long toward the far edges. The symmetric count lost its match against this one (Tablut
  // most of all; docs/benchmarks.md), so it waits for weights tuned along with it.
  const file = fileOf(width, king);
  const rank = rankOf(width, king);
  const size = rules.size;
  const toEdgeFile = Math.min(file - 1, size - file);
  const toEdgeRank = Math.min(rank - 1, size - rank);
  const distance =
    rules.variant.escapeSquares === 'edge' ? Math.min(toEdgeFile, toEdgeRank) : toEdgeFile + toEdgeRank;
  score -= distance * weights.kingDistance;
  if (weights.cornerGuard !== 0 && rules.variant.escapeSquares === 'corners') {
    const { guards, guardLength, corners } = layoutOf(rules);
    for (let start = 0, corner = 0; start < guards.length; start += guardLength, corner += 2) {
      let held = 0;
      for (let i = start; i < start + guardLength; i++) if (cells[guards[i]] === ATTACKER) held++;
      score -= held * weights.cornerGuard;
      if (held === guardLength) score -= weights.cornerClosed;
      else if (weights.cornerOpenNearKing !== 0) {
        const steps = Math.abs(file - corners[corner]) + Math.abs(rank - corners[corner + 1]);
        if (steps < CORNER_REACH)
          score += (guardLength - held) * (CORNER_REACH - steps) * weights.cornerOpenNearKing;
      }
    }
  }
  return score;
}

let learned = shippedWeights();

/**
 * Plays with these learned weights (none: the hand-set ones everywhere), as self-play and tests
 * need; returns the ones in use before, to be put back.
 */
export function useLearnedWeights(
  table: Partial<Record<Family, FamilyWeights>>,
): Partial<Record<Family, FamilyWeights>> {
  const before = learned;
  learned = table;
  return before;
}

const features = new Float64Array(FEATURE_COUNT);

/** The learned evaluation from the defenders' point of view: the predicted result's logit, scaled. */
export function learnedScore(position: Position, weights: FamilyWeights): number {
  const phase = extractFeatures(position, features);
  const { opening, ending } = weights;
  let sum = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) {
    sum += (opening[i] * phase + ending[i] * (1 - phase)) * features[i];
  }
  return Math.round(sum * SCORE_PER_LOGIT);
}

let offsetRules: RuleTables | null = null;
let offsetWeights: Weights | null = null;
let offset = 0;

/** The hand-set evaluation of the variant's starting position, which it counts from, so that a draw weighs as the start. */
function startingScore(rules: RuleTables, weights: Weights): number {
  if (rules !== offsetRules || weights !== offsetWeights) {
    offsetRules = rules;
    offsetWeights = weights;
    offset = defendersScore(startingPositionOf(rules.variant), weights);
  }
  return offset;
}

/** The evaluation for the side to move; `pieces`, if the caller keeps it, saves counting material. */
export function evaluate(position: Position, weights: Weights, pieces?: number): number {
  const family = learned[familyOf(position.rules)];
  const score = family
    ? learnedScore(position, family)
    : defendersScore(position, weights, pieces ?? material(position, weights)) -
      (weights.fromStart && position.rules.variant.escapeSquares === 'corners'
        ? startingScore(position.rules, weights)
        : 0);
  return position.sideToMove === ATTACKERS ? -score : score;
}

export { KING };
