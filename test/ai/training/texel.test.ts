import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate, useLearnedWeights, WEIGHTS } from '../../../src/ai/evaluate.ts';
import { FEATURE_COUNT, FEATURES } from '../../../src/ai/features.ts';
import {
  type FamilyWeights,
  recordOf,
  SCORE_PER_LOGIT,
  shippedWeights,
  WEIGHTS_FILE,
  type WeightsFile,
  weightsFileText,
  weightsOf,
} from '../../../src/ai/learned-weights.ts';
import { playTrainingGame, type SelfPlayOptions } from '../../../src/ai/training/self-play.ts';
import { fitWeights } from '../../../src/ai/training/texel.ts';
import { positionOf } from '../../../src/engine/core.ts';
import { gameWith } from '../../engine/setup.ts';

const SMALL: SelfPlayOptions = { depth: 1, openingPlies: 4, cap: 80, randomness: 0.5 };

function smallFit(seed: number): FamilyWeights {
  const games = Array.from({ length: 12 }, (_, i) => playTrainingGame('brandubh', seed * 100 + i, SMALL));
  return fitWeights('brandubh', games);
}

describe('the learned evaluation is reproducible', () => {
  it('fits the same weights twice from the same seed, and others from another seed', () => {
    const first = smallFit(3);
    expect(smallFit(3)).toEqual(first);
    expect(first.opening).toHaveLength(FEATURE_COUNT);
    expect(first.positions).toBeGreaterThan(0);
    expect(smallFit(4).opening).not.toEqual(first.opening);
  });

  it('scores a position by the weights of its family, for the side to move', () => {
    const only = (feature: string, weight: number) => FEATURES.map((name) => (name === feature ? weight : 0));
    const weights: FamilyWeights = {
      use: true,
      opening: only('defenders', 0.5),
      ending: only('defenders', 0.5),
      games: 0,
      positions: 0,
      logLoss: 0,
    };
    const game = gameWith(
      'fetlar',
      { king: 'f6', attackers: ['a4'], defenders: ['e5', 'g7', 'b9'] },
      'attackers',
    );
    const position = positionOf(game);
    const handSet = evaluate(position, WEIGHTS.small);
    useLearnedWeights({ '11x11': weights });
    try {
      // Three defenders at half a logit each, against the attackers to move.
      expect(evaluate(position, WEIGHTS.small)).toBe(-1.5 * SCORE_PER_LOGIT);
      useLearnedWeights({ copenhagen: weights });
      expect(evaluate(position, WEIGHTS.small)).toBe(handSet);
    } finally {
      useLearnedWeights({});
    }
  });

  it('puts back the weights in use after a game played with others', () => {
    const game = gameWith(
      'brandubh',
      { king: 'd4', attackers: ['a4', 'd7'], defenders: ['c4'] },
      'defenders',
    );
    const position = positionOf(game);
    const learned = smallFit(5);
    const before = useLearnedWeights(shippedWeights());
    try {
      const shipped = evaluate(position, WEIGHTS.small);
      playTrainingGame('brandubh', 1, { ...SMALL, learned: { '7x7': learned } });
      expect(evaluate(position, WEIGHTS.small)).toBe(shipped);
      // Sensitive to it: with other weights in use (none, here) the score differs.
      useLearnedWeights({});
      expect(evaluate(position, WEIGHTS.small)).not.toBe(shipped);
    } finally {
      useLearnedWeights(before);
    }
  });

  it('ships weights for every feature of every family, in the file as train:eval writes it', () => {
    const text = readFileSync(WEIGHTS_FILE, 'utf8');
    const file = JSON.parse(text) as WeightsFile;
    expect(weightsFileText(file)).toBe(text);
    for (const record of Object.values(file.families)) {
      const weights = weightsOf(record);
      expect(weights?.opening).toHaveLength(FEATURE_COUNT);
      expect(weights && recordOf(weights)).toEqual(record);
    }
  });
});
