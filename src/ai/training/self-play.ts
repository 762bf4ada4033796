/**
 * Games the AI plays against itself for the learned evaluation to be fitted to: the hand-set
 * evaluation at a fixed depth (never the clock, so that a seed gives the same games on any
 * machine), from a few random opening moves, with a little noise at the root. Every quiet position
 * is kept with the game's result.
 */

import { seededRandom } from '../../core/seeded-random.ts';
import { ATTACKERS, DEFENDERS, escapeLines, judge, Position, startingPosition } from '../../engine/core.ts';
import type { VariantId } from '../../engine/index.ts';
import { TRAINING_WEIGHTS, useLearnedWeights, WEIGHTS } from '../evaluate.ts';
import type { Family } from '../features.ts';
import type { FamilyWeights } from '../learned-weights.ts';
import { search } from '../search.ts';

export interface TrainingGame {
  /** 1: the defenders won, 0: the attackers, 0.5: drawn (or the ply cap reached). */
  result: number;
  /** Each kept position as its cells (one digit a square, in notation order) and the side to move. */
  positions: string[];
}

export interface SelfPlayOptions {
  depth: number;
  openingPlies: number;
  /** Plies after which the game counts as a draw. */
  cap: number;
  /** 0..1: the root noise of the search, for varied games. */
  randomness: number;
  /** Learned weights to play with (a later generation's games); without, the hand-set evaluation as trained. */
  learned?: Partial<Record<Family, FamilyWeights>>;
}

export const SELF_PLAY: SelfPlayOptions = { depth: 2, openingPlies: 6, cap: 240, randomness: 0.25 };

/**
 * The later generations' games: played with the weights fitted to the games before, deeper and
 * with less noise, so that each fit learns from better play than the hand-set depth-2 games.
 */
export const LATER_GENERATION: Omit<SelfPlayOptions, 'learned'> = {
  depth: 4,
  openingPlies: 6,
  cap: 240,
  randomness: 0.15,
};

/**
 * One game from `seed`, always the same; it plays with the hand-set evaluation as it was trained
 * with (or the options' learned weights), whatever is shipped, and puts back the weights in use before.
 */
export function playTrainingGame(variant: VariantId, seed: number, options = SELF_PLAY): TrainingGame {
  const before = useLearnedWeights(options.learned ?? {});
  try {
    return playWith(variant, seed, options);
  } finally {
    useLearnedWeights(before);
  }
}

function playWith(variant: VariantId, seed: number, options: SelfPlayOptions): TrainingGame {
  const random = seededRandom(seed);
  const position = startingPosition(variant);
  const moves = new Int32Array(4096);
  const positions: string[] = [];
  let verdict = judge(position);
  while (!verdict && position.ply < options.cap) {
    let move: number;
    if (position.ply < options.openingPlies) {
      const count = position.generateMoves(moves);
      move = moves[Math.floor(random() * count)];
    } else {
      move = search(position, {
        timeMs: 1e12,
        maxDepth: options.depth,
        randomness: options.randomness,
        random,
        weights: options.learned ? WEIGHTS : TRAINING_WEIGHTS,
      }).move;
    }
    position.make(move);
    verdict = judge(position);
    if (!verdict && position.ply > options.openingPlies && isQuiet(position)) {
      positions.push(encodePosition(position));
    }
  }
  const winner = verdict?.winner;
  return { result: winner === DEFENDERS ? 1 : winner === ATTACKERS ? 0 : 0.5, positions };
}

/** Neither a capture just made nor the king in sight of an escape: a position the evaluation alone can judge. */
function isQuiet(position: Position): boolean {
  return position.lastCaptureCount() === 0 && escapeLines(position) === 0;
}

export function encodePosition(position: Position): string {
  const { cells, rules } = position;
  let text = '';
  for (const cell of rules.squares) text += cells[cell];
  return `${text}${position.sideToMove}`;
}

export function decodePosition(variant: VariantId, text: string): Position {
  const start = startingPosition(variant);
  const rules = start.rules;
  const cells = Position.empty(rules);
  for (let i = 0; i < rules.squares.length; i++) cells[rules.squares[i]] = text.charCodeAt(i) - 48;
  return new Position(rules, cells, text.charCodeAt(rules.squares.length) - 48);
}
