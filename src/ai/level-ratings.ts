/**
 * How strong each of the AI's levels is, as a rating members can compare with their own:
 * data/level-ratings.json, written by `npm run bench:ai-versus -- --ratings` from a round robin
 * between the levels and fixed reference players (docs/benchmarks.md). The bot only shows the
 * number, so a missing or malformed file means no rating is shown, never an error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Level } from './index.ts';

export const LEVEL_RATINGS_VERSION = 1;

export interface PlayerRating {
  rating: number;
  /** Glicko-2's rating deviation: the rating is within two of it either way about 95 times in 100. */
  deviation: number;
  games: number;
  points: number;
}

export interface LevelRatingsFile {
  version: number;
  /** The reference player held at a fixed rating, so that the numbers stay put between runs. */
  anchor: { player: string; rating: number };
  /** What was played: the AI's fingerprint, the old AI's commit, the variants and the openings' seeds. */
  run: { ai: string; old: string; variants: string[]; seeds: [number, number]; games: number };
  /** The levels (easy, normal, hard) and the references (random, greedy, old). */
  players: Record<string, PlayerRating>;
}

// Compiled, this module runs from dist/src/ai/; the data stays at the top of the project.
const COMPILED = !import.meta.url.endsWith('.ts');
export const LEVEL_RATINGS_FILE = fileURLToPath(
  new URL(COMPILED ? '../../../data/level-ratings.json' : '../../data/level-ratings.json', import.meta.url),
);

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function isPlayerRating(value: unknown): value is PlayerRating {
  if (typeof value !== 'object' || value === null) return false;
  const { rating, deviation, games, points } = value as Record<string, unknown>;
  return (
    typeof rating === 'number' &&
    Number.isFinite(rating) &&
    typeof deviation === 'number' &&
    Number.isFinite(deviation) &&
    deviation >= 0 &&
    isCount(games) &&
    typeof points === 'number' &&
    points >= 0 &&
    points <= games
  );
}

/** The file's contents, or null when they are not a level-ratings file of this version. */
export function parseLevelRatings(text: string): LevelRatingsFile | null {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof file !== 'object' || file === null) return null;
  const { version, anchor, players } = file as Record<string, unknown>;
  if (version !== LEVEL_RATINGS_VERSION) return null;
  if (typeof anchor !== 'object' || anchor === null) return null;
  if (typeof players !== 'object' || players === null || Array.isArray(players)) return null;
  // A malformed entry makes the whole file suspect: better no rating than a wrong one.
  if (!Object.values(players).every(isPlayerRating)) return null;
  return file as LevelRatingsFile;
}

/** The file as Biome formats JSON: two-space indent, a list of names or numbers on one line. */
export function levelRatingsText(file: LevelRatingsFile): string {
  const text = JSON.stringify(file, null, 2);
  return `${text.replace(/\[\n\s*([^[\]{}]*?)\n\s*\]/g, (_, items: string) => `[${items.split(/,\n\s*/).join(', ')}]`)}\n`;
}

/** The file's contents, or null when it is missing, unreadable or malformed. */
export function readLevelRatings(path = LEVEL_RATINGS_FILE): LevelRatingsFile | null {
  try {
    return parseLevelRatings(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The shipped file, read once (on the first question). */
let shipped: { file: LevelRatingsFile | null } | null = null;

function shippedRatings(): LevelRatingsFile | null {
  shipped ??= { file: readLevelRatings() };
  return shipped.file;
}

/**
 * A level's rating and its deviation, or null when the file is missing, malformed, or has no games
 * of that level (a rating from nothing would be the starting 1500, which says nothing).
 */
export function levelRating(
  level: Level,
  file: LevelRatingsFile | null = shippedRatings(),
): { rating: number; deviation: number } | null {
  const entry = file?.players[level];
  if (!entry || entry.games === 0) return null;
  return { rating: entry.rating, deviation: entry.deviation };
}
