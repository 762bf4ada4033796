/**
 * How good a position is for the side to move, in centipawn-like units. Per variant family:
 * the king's open paths and distance to the escape squares, attackers closing on him, material.
 */

import type { Position } from '../engine/position.ts';
import * as codes from '../engine/rules.ts';

const { ATTACKER, DEFENDER, GUARD, KING, EMPTY, ATTACKERS, fileOf, rankOf } = codes;

export interface Weights {
  attacker: number;
  defender: number;
  guard: number;
  kingMobility: number;
  kingOpenLine: number;
  kingDistance: number;
  attackerBesideKing: number;
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
  },
  large: {
    attacker: 30,
    defender: 55,
    guard: 20,
    kingMobility: 3,
    kingOpenLine: 45,
    kingDistance: 4,
    attackerBesideKing: 25,
  },
};

/** The evaluation from the defenders' point of view. */
export function defendersScore(position: Position, weights: Weights): number {
  const { rules, cells, king } = position;
  let score = 0;
  for (const cell of rules.squares) {
    const piece = cells[cell];
    if (piece === ATTACKER) score -= weights.attacker;
    else if (piece === DEFENDER) score += weights.defender;
    else if (piece === GUARD) score += weights.guard;
  }
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
  // Distance to the nearest corner region, by files and ranks.
  const file = fileOf(width, king);
  const rank = rankOf(width, king);
  const size = rules.size;
  const toEdgeFile = Math.min(file - 1, size - file);
  const toEdgeRank = Math.min(rank - 1, size - rank);
  score -= (toEdgeFile + toEdgeRank) * weights.kingDistance;
  return score;
}

export function evaluate(position: Position, weights: Weights): number {
  const score = defendersScore(position, weights);
  return position.sideToMove === ATTACKERS ? -score : score;
}

export { KING };
