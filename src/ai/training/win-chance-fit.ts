/**
 * Fits the scale of the winning-chance curve (src/analysis/win-chance.ts) to self-play games: each
 * kept position is scored by the AI's search at a fixed depth (never the clock, so the same games
 * give the same scale on any machine), and the curve is the logistic regression of the games'
 * results on those scores, by Newton's method on the log loss.
 */

import { seededRandom } from '../../core/seeded-random.ts';
import { ATTACKERS } from '../../engine/core.ts';
import type { VariantId } from '../../engine/index.ts';
import type { Family } from '../features.ts';
import { search } from '../search.ts';
import { decodePosition, SELF_PLAY, type SelfPlayOptions, type TrainingGame } from './self-play.ts';

/**
 * Per family: the games, their self-play, the positions scored and the depth of the search that
 * scores them (fixed, never the clock). About 22 minutes in all on two shared cores, 8 with the
 * games kept from an earlier run.
 */
export const WIN_CHANCE_PLAN: Record<
  Family,
  { games: number; selfPlay: SelfPlayOptions; positions: number; depth: number }
> = {
  '7x7': { games: 400, selfPlay: SELF_PLAY, positions: 2000, depth: 4 },
  '9x9': { games: 100, selfPlay: SELF_PLAY, positions: 1500, depth: 3 },
  '11x11': { games: 160, selfPlay: SELF_PLAY, positions: 1500, depth: 3 },
  copenhagen: { games: 80, selfPlay: SELF_PLAY, positions: 1500, depth: 3 },
  '19x19': { games: 40, selfPlay: { ...SELF_PLAY, depth: 1 }, positions: 800, depth: 2 },
};

/** A score as /analyze's review keeps it: from the defenders' side, a forced result counting as this. */
const DECISIVE = 1000;

export interface ScoredPosition {
  /** The search's score from the defenders' side, clipped to ±DECISIVE. */
  score: number;
  /** The game's result: 1 the defenders won, 0 the attackers, 0.5 drawn. */
  result: number;
}

/**
 * Up to `most` positions of the games, picked evenly at random by `seed` (positions of one game
 * are much alike, so many games with a few positions each say more than a few games whole), each
 * scored by a search `depth` plies deep.
 */
export function scorePositions(
  variant: VariantId,
  games: TrainingGame[],
  { depth, most, seed }: { depth: number; most: number; seed: number },
): ScoredPosition[] {
  const all = games.flatMap((game) => game.positions.map((text) => ({ text, result: game.result })));
  const random = seededRandom(seed);
  // A partial Fisher–Yates shuffle: the first `most` are an even sample.
  const count = Math.min(most, all.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, count).map(({ text, result }) => ({ score: scoreOf(variant, text, depth), result }));
}

/** A kept position's score by a search `depth` plies deep, from the defenders' side and clipped. */
export function scoreOf(variant: VariantId, text: string, depth: number): number {
  const position = decodePosition(variant, text);
  const found = search(position, { timeMs: 1e12, maxDepth: depth });
  const forDefenders = position.sideToMove === ATTACKERS ? -found.score : found.score;
  return Math.max(-DECISIVE, Math.min(DECISIVE, forDefenders));
}

/**
 * The curve 1 / (1 + e^(−(offset + scale·score))) of least log loss against the results, and that
 * loss. The offset takes up how often each side won the self-play games whatever the score (the
 * defenders win most quick 11x11 games, say): without it the scale would have to, and could even
 * come out negative. /analyze uses the scale alone (see win-chance.ts).
 */
export function fitCurve(
  positions: ScoredPosition[],
  steps = 40,
): { scale: number; offset: number; logLoss: number } {
  if (positions.length === 0) throw new Error('no positions to fit the curve to');
  let offset = 0;
  let scale = 0;
  let loss = logLoss(positions, scale, offset);
  for (let step = 0; step < steps; step++) {
    // The gradient and Hessian of the summed log loss in (offset, scale).
    let g0 = 0;
    let g1 = 0;
    let h00 = 0;
    let h01 = 0;
    let h11 = 0;
    for (const { score, result } of positions) {
      const predicted = sigmoid(offset + scale * score);
      const error = predicted - result;
      const curvature = predicted * (1 - predicted);
      g0 += error;
      g1 += error * score;
      h00 += curvature;
      h01 += curvature * score;
      h11 += curvature * score * score;
    }
    const determinant = h00 * h11 - h01 * h01;
    if (!(determinant > 0)) break;
    // Newton's step, halved while it makes the loss worse (the loss is convex: it ends).
    let d0 = (h11 * g0 - h01 * g1) / determinant;
    let d1 = (h00 * g1 - h01 * g0) / determinant;
    let nextLoss = logLoss(positions, scale - d1, offset - d0);
    for (let halving = 0; nextLoss > loss && halving < 30; halving++) {
      d0 /= 2;
      d1 /= 2;
      nextLoss = logLoss(positions, scale - d1, offset - d0);
    }
    if (nextLoss > loss) break;
    offset -= d0;
    scale -= d1;
    loss = nextLoss;
  }
  return { scale, offset, logLoss: loss };
}

/** The mean log loss of the curve with this scale and offset. */
export function logLoss(positions: ScoredPosition[], scale: number, offset = 0): number {
  let sum = 0;
  for (const { score, result } of positions) {
    const predicted = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(offset + scale * score)));
    sum -= result * Math.log(predicted) + (1 - result) * Math.log(1 - predicted);
  }
  return sum / positions.length;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
