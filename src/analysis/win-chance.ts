/**
 * The AI's score as a winning chance: a logistic curve per variant family, its scale fitted to the
 * outcomes of self-play games by `npm run fit:win-chance` (data/win-chance.json). The curve is
 * symmetric (a score of 0 is an even game) so that a move costs the same chance whichever side
 * plays it: the fit's offset (which side the quick self-play favours) is kept for the record only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAMILIES, type Family, familyOf } from '../ai/features.ts';
import { rulesFor } from '../engine/core.ts';
import type { Variant } from '../engine/index.ts';

/** One family's fitted curve, and what it was fitted to, for the record. */
export interface FamilyCurve {
  /** Logits of the defenders' chance per unit of the score (from the defenders' side). */
  scale: number;
  /**
   * The logit the fit needed at a score of 0: how much more often one side won the self-play games
   * than the score foretold. Not used: it says more about the quick self-play than about a position.
   */
  offset: number;
  games: number;
  positions: number;
  /** The depth each position was searched to for its score. */
  depth: number;
  /** Mean log loss of the fitted curve over the positions, and of a coin toss (ln 2) to compare. */
  logLoss: number;
  /** The scores' fingerprint (ai/training/fingerprint.ts), to tell when the file went stale. */
  firstScores?: string;
}

export interface WinChanceFile {
  seed: number;
  families: Partial<Record<Family, FamilyCurve>>;
}

/** A family the file lacks: about lichess's curve for chess, whose centipawns our units resemble. */
export const FALLBACK_SCALE = 0.004;

// Compiled, this module runs from dist/src/analysis/; the data stays at the top of the project.
const COMPILED = !import.meta.url.endsWith('.ts');
export const WIN_CHANCE_FILE = fileURLToPath(
  new URL(COMPILED ? '../../../data/win-chance.json' : '../../data/win-chance.json', import.meta.url),
);

function shippedScales(): Record<Family, number> {
  const scales = Object.fromEntries(FAMILIES.map((family) => [family, FALLBACK_SCALE])) as Record<
    Family,
    number
  >;
  if (!existsSync(WIN_CHANCE_FILE)) return scales;
  const file = JSON.parse(readFileSync(WIN_CHANCE_FILE, 'utf8')) as WinChanceFile;
  for (const family of FAMILIES) {
    const scale = file.families[family]?.scale;
    if (typeof scale === 'number' && scale > 0) scales[family] = scale;
  }
  return scales;
}

const scales = shippedScales();

/** The scale of the variant's family (a server's own rules take the family of rules like theirs). */
export function scaleFor(variant: Variant): number {
  return scales[familyOf(rulesFor(variant))];
}

/** The defenders' winning chance in percent (0..100) at a score from their side. */
export function defendersChance(score: number, scale: number): number {
  return 100 / (1 + Math.exp(-scale * score));
}
