/**
 * The self-play games of one family, one JSON line a game, appended as they are played: a run
 * stopped halfway carries on where it stopped (a line cut short by the stop is played again).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { VariantId } from '../../engine/index.ts';
import type { Family } from '../features.ts';
import { playTrainingGame, type SelfPlayOptions, type TrainingGame } from './self-play.ts';

/** The variant each family's games are played in. */
export const TRAINING_VARIANT: Record<Family, VariantId> = {
  '7x7': 'brandubh',
  '9x9': 'tablut',
  '11x11': 'fetlar',
  copenhagen: 'copenhagen',
  '19x19': 'alea-armed',
};

export function readGames(path: string): TrainingGame[] {
  if (!existsSync(path)) return [];
  const games: TrainingGame[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.endsWith('}')) break;
    games.push(JSON.parse(line) as TrainingGame);
  }
  return games;
}

/** The seed of one game: the same game for the same run seed, family and number, whatever came before. */
export function gameSeed(seed: number, family: Family, index: number): number {
  return (Math.imul(seed, 1_000_003) + Math.imul(1 + FAMILY_INDEX[family], 100_003) + index) >>> 0;
}
const FAMILY_INDEX: Record<Family, number> = { '7x7': 0, '9x9': 1, '11x11': 2, copenhagen: 3, '19x19': 4 };

/**
 * Plays the family's games up to `count`, keeping those already in `path`; returns them all. Game
 * n is seeded as the run's game `first + n` (a later generation numbers on after the games before it).
 */
export function playGames(
  path: string,
  family: Family,
  seed: number,
  count: number,
  options: SelfPlayOptions,
  progress: (played: number) => void = () => {},
  first = 0,
): TrainingGame[] {
  const games = readGames(path).slice(0, count);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, games.map((game) => `${JSON.stringify(game)}\n`).join(''));
  while (games.length < count) {
    const game = playTrainingGame(
      TRAINING_VARIANT[family],
      gameSeed(seed, family, first + games.length),
      options,
    );
    appendFileSync(path, `${JSON.stringify(game)}\n`);
    games.push(game);
    progress(games.length);
  }
  return games;
}
