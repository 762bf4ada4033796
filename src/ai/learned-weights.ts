/**
 * The learned evaluation's weights: data/eval-weights.json, written by `npm run train:eval`. One
 * set per variant family, each feature weighted twice, for the opening and for the ending (the
 * phase blends them). A family the match against the hand-set evaluation did not show stronger
 * is kept in the file but not used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Family, FEATURES } from './features.ts';

export interface FamilyWeights {
  /** Whether the AI plays with these weights: only when they beat the hand-set evaluation in a match. */
  use: boolean;
  opening: number[];
  ending: number[];
  /** What they were fitted to, for the record. */
  games: number;
  positions: number;
  logLoss: number;
  /** The first self-play games' fingerprint (training/fingerprint.ts), to tell when the file went stale. */
  firstGames?: string;
}

/** A family in the file: each feature's opening and ending weight by its name, so the file reads as a table. */
export interface FamilyRecord extends Omit<FamilyWeights, 'opening' | 'ending'> {
  weights: Record<string, [number, number]>;
}

export interface WeightsFile {
  seed: number;
  families: Partial<Record<Family, FamilyRecord>>;
}

export function recordOf(weights: FamilyWeights): FamilyRecord {
  const { opening, ending, ...rest } = weights;
  return { ...rest, weights: Object.fromEntries(FEATURES.map((name, i) => [name, [opening[i], ending[i]]])) };
}

/** The family's weights in the order of FEATURES, or null when the file was made for other features. */
export function weightsOf(record: FamilyRecord): FamilyWeights | null {
  const { weights, ...rest } = record;
  const names = Object.keys(weights);
  if (names.length !== FEATURES.length || FEATURES.some((name) => !weights[name])) return null;
  return {
    ...rest,
    opening: FEATURES.map((name) => weights[name][0]),
    ending: FEATURES.map((name) => weights[name][1]),
  };
}

/** The file as Biome formats JSON: two-space indent, each feature's pair of weights on one line. */
export function weightsFileText(file: WeightsFile): string {
  const text = JSON.stringify(file, null, 2);
  return `${text.replace(/\[\n\s*(-?[\d.e+-]+),\n\s*(-?[\d.e+-]+)\n\s*\]/g, '[$1, $2]')}\n`;
}

/**
 * Score units per logit of the predicted result: 100 means a 73% chance for the side ahead. The
 * search's margins (futility, aspiration, contempt) are set in these units, as the hand-set
 * evaluation's scores are; at 100 the learned 7x7 evaluation beat itself at 50 by more than at 25
 * or 200 did (docs/benchmarks.md).
 */
export const SCORE_PER_LOGIT = 100;

// Compiled, this module runs from dist/src/ai/; the data stays at the top of the project.
const COMPILED = !import.meta.url.endsWith('.ts');
export const WEIGHTS_FILE = fileURLToPath(
  new URL(COMPILED ? '../../../data/eval-weights.json' : '../../data/eval-weights.json', import.meta.url),
);

/**
 * Why the weights file cannot be played with, or null when it can: it is missing (a copy of the
 * compiled code placed away from the project's data/ finds none), unreadable, not a weights file,
 * or a family in it was made for other features. The AI then plays every family with the hand-set
 * weights, which lose to the learned ones where they are used: a program that cannot tell its
 * player so (the OpenTafl engine) checks this at start and refuses to play.
 */
export function weightsProblem(file = WEIGHTS_FILE): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return `the learned evaluation's weights cannot be read from ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  let weights: WeightsFile;
  try {
    weights = JSON.parse(text) as WeightsFile;
  } catch {
    return `the learned evaluation's weights in ${file} are not JSON`;
  }
  if (typeof weights?.families !== 'object' || weights.families === null)
    return `${file} holds no families of weights`;
  const stale = Object.entries(weights.families)
    .filter(
      ([, record]) => typeof record?.weights !== 'object' || record.weights === null || !weightsOf(record),
    )
    .map(([family]) => family);
  if (stale.length > 0)
    return `the weights of ${stale.join(', ')} in ${file} were made for other features than this AI's`;
  return null;
}

/** The families' weights in use, from the shipped file; none if it is missing or was made for other features. */
export function shippedWeights(): Partial<Record<Family, FamilyWeights>> {
  if (!existsSync(WEIGHTS_FILE)) return {};
  const file = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as WeightsFile;
  const inUse: Partial<Record<Family, FamilyWeights>> = {};
  for (const [family, record] of Object.entries(file.families) as [Family, FamilyRecord][]) {
    const weights = weightsOf(record);
    if (weights?.use) inUse[family] = weights;
  }
  return inUse;
}
