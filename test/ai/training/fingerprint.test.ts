/**
 * The shipped learned weights and winning-chance curves are what `npm run train:eval` and
 * `npm run fit:win-chance` make with the search as it is: each file keeps a fingerprint of the
 * first self-play games and of the search's scores of the first positions, and this replays them.
 * A change to the search that changes them fails here: rerun both scripts (and, for a family in
 * use, the match that decides whether its new weights are kept).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES, type Family } from '../../../src/ai/features.ts';
import { WEIGHTS_FILE, type WeightsFile } from '../../../src/ai/learned-weights.ts';
import { gamesFingerprint, scoresFingerprint } from '../../../src/ai/training/fingerprint.ts';
import { gameSeed, TRAINING_VARIANT } from '../../../src/ai/training/games-file.ts';
import { playTrainingGame, SELF_PLAY, type SelfPlayOptions } from '../../../src/ai/training/self-play.ts';
import { WIN_CHANCE_PLAN } from '../../../src/ai/training/win-chance-fit.ts';
import { WIN_CHANCE_FILE, type WinChanceFile } from '../../../src/analysis/win-chance.ts';

const weights = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as WeightsFile;
const curves = JSON.parse(readFileSync(WIN_CHANCE_FILE, 'utf8')) as WinChanceFile;

function firstGame(family: Family, seed: number, options: SelfPlayOptions) {
  return playTrainingGame(TRAINING_VARIANT[family], gameSeed(seed, family, 0), options);
}

describe('the shipped fits are what their scripts make with this search', () => {
  it.each(FAMILIES)('%s', (family) => {
    const plan = WIN_CHANCE_PLAN[family];
    // 19x19's depth-2 self-play takes about a minute a game: its weights (not in use) go unchecked.
    const first = family === '19x19' ? null : firstGame(family, weights.seed, SELF_PLAY);
    if (first) {
      expect(gamesFingerprint([first]), 'rerun npm run train:eval').toBe(
        weights.families[family]?.firstGames,
      );
    }
    const scored =
      first && plan.selfPlay === SELF_PLAY && curves.seed === weights.seed
        ? first
        : firstGame(family, curves.seed, plan.selfPlay);
    expect(
      scoresFingerprint(TRAINING_VARIANT[family], scored, plan.depth),
      'rerun npm run fit:win-chance',
    ).toBe(curves.families[family]?.firstScores);
  });
});
