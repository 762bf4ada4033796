/**
 * Texel tuning: fits the learned evaluation's weights to game results by logistic regression.
 * Each position's features enter twice, scaled by the phase and by one minus it (the opening's
 * and the ending's weights); the fit is Newton's method on the log loss with a small ridge, a
 * fixed number of steps, so the same positions always give the same weights.
 */
import type { VariantId } from '../../engine/index.ts';
import { extractFeatures, FEATURE_COUNT } from '../features.ts';
import type { FamilyWeights } from '../learned-weights.ts';
import { decodePosition, type TrainingGame } from './self-play.ts';

export interface FitOptions {
  /** The ridge on the standardised weights: keeps features the games rarely show near zero. */
  ridge: number;
  steps: number;
}

export const FIT: FitOptions = { ridge: 1, steps: 30 };

const SIZE = 2 * FEATURE_COUNT;

/** The design matrix, a row a position: the features times the phase, then times one minus it. */
export function designOf(
  variant: VariantId,
  games: TrainingGame[],
): { rows: Float64Array; results: Float64Array } {
  const count = games.reduce((sum, game) => sum + game.positions.length, 0);
  const rows = new Float64Array(count * SIZE);
  const results = new Float64Array(count);
  const features = new Float64Array(FEATURE_COUNT);
  let n = 0;
  for (const game of games) {
    for (const text of game.positions) {
      const phase = extractFeatures(decodePosition(variant, text), features);
      for (let i = 0; i < FEATURE_COUNT; i++) {
        rows[n * SIZE + i] = features[i] * phase;
        rows[n * SIZE + FEATURE_COUNT + i] = features[i] * (1 - phase);
      }
      results[n++] = game.result;
    }
  }
  return { rows, results };
}

export function fitWeights(variant: VariantId, games: TrainingGame[], options = FIT): FamilyWeights {
  const { rows, results } = designOf(variant, games);
  const n = results.length;
  if (n === 0) throw new Error(`no positions to fit ${variant} to`);
  // Standardise each column by its root mean square, so one ridge suits counts of every scale.
  const scale = new Float64Array(SIZE);
  for (let r = 0; r < n; r++) for (let j = 0; j < SIZE; j++) scale[j] += rows[r * SIZE + j] ** 2;
  for (let j = 0; j < SIZE; j++) scale[j] = scale[j] > 0 ? Math.sqrt(scale[j] / n) : 1;
  for (let r = 0; r < n; r++) for (let j = 0; j < SIZE; j++) rows[r * SIZE + j] /= scale[j];

  const weights = new Float64Array(SIZE);
  const gradient = new Float64Array(SIZE);
  const hessian = new Float64Array(SIZE * SIZE);
  for (let step = 0; step < options.steps; step++) {
    gradient.fill(0);
    hessian.fill(0);
    for (let j = 0; j < SIZE; j++) {
      gradient[j] = options.ridge * weights[j];
      hessian[j * SIZE + j] = options.ridge;
    }
    for (let r = 0; r < n; r++) {
      const offset = r * SIZE;
      const predicted = sigmoid(dot(rows, offset, weights));
      const error = predicted - results[r];
      const curvature = predicted * (1 - predicted);
      for (let j = 0; j < SIZE; j++) {
        const x = rows[offset + j];
        if (x === 0) continue;
        gradient[j] += error * x;
        const cx = curvature * x;
        for (let k = j; k < SIZE; k++) hessian[j * SIZE + k] += cx * rows[offset + k];
      }
    }
    for (let j = 0; j < SIZE; j++) for (let k = 0; k < j; k++) hessian[j * SIZE + k] = hessian[k * SIZE + j];
    const change = solve(hessian, gradient);
    for (let j = 0; j < SIZE; j++) weights[j] -= change[j];
  }

  let loss = 0;
  for (let r = 0; r < n; r++) {
    const predicted = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(dot(rows, r * SIZE, weights))));
    loss -= results[r] * Math.log(predicted) + (1 - results[r]) * Math.log(1 - predicted);
  }
  const unscaled = Array.from(weights, (weight, j) => round(weight / scale[j]));
  return {
    use: false,
    opening: unscaled.slice(0, FEATURE_COUNT),
    ending: unscaled.slice(FEATURE_COUNT),
    games: games.length,
    positions: n,
    logLoss: round(loss / n),
  };
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function dot(rows: Float64Array, offset: number, weights: Float64Array): number {
  let sum = 0;
  for (let j = 0; j < SIZE; j++) sum += rows[offset + j] * weights[j];
  return sum;
}

/** Six significant digits: the file stays readable and the weights the same on every machine. */
function round(value: number): number {
  return Number(value.toPrecision(6));
}

/** Solves the symmetric positive definite system `matrix x = vector` by Cholesky decomposition. */
function solve(matrix: Float64Array, vector: Float64Array): Float64Array {
  const size = vector.length;
  const lower = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * size + j];
      for (let k = 0; k < j; k++) sum -= lower[i * size + k] * lower[j * size + k];
      lower[i * size + j] = i === j ? Math.sqrt(sum) : sum / lower[j * size + j];
    }
  }
  const y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let sum = vector[i];
    for (let k = 0; k < i; k++) sum -= lower[i * size + k] * y[k];
    y[i] = sum / lower[i * size + i];
  }
  const x = new Float64Array(size);
  for (let i = size - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < size; k++) sum -= lower[k * size + i] * x[k];
    x[i] = sum / lower[i * size + i];
  }
  return x;
}
