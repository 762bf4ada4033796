/**
 * Fingerprints of what a shipped fit was made from, kept in its file: the first self-play games,
 * and the search's scores of the first game's first positions. The AI's search decides both, so a
 * change to the search that would make `npm run train:eval` or `npm run fit:win-chance` write
 * other files changes a fingerprint too, and a test says so before the shipped files silently
 * stop being what their scripts reproduce.
 */
import { createHash } from 'node:crypto';
import type { VariantId } from '../../engine/index.ts';
import type { TrainingGame } from './self-play.ts';
import { scoreOf } from './win-chance-fit.ts';

/** Self-play games a fingerprint covers: one game's hundreds of searches meet every part of the search. */
export const FINGERPRINT_GAMES = 1;
/** Positions of the first game whose scores a fingerprint covers. */
export const FINGERPRINT_POSITIONS = 8;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The first games as the games file holds them. */
export function gamesFingerprint(games: readonly TrainingGame[]): string {
  return digest(
    games
      .slice(0, FINGERPRINT_GAMES)
      .map((game) => JSON.stringify(game))
      .join('\n'),
  );
}

/** The scores, at the fit's depth, of the first game's first positions. */
export function scoresFingerprint(variant: VariantId, game: TrainingGame, depth: number): string {
  const scores = game.positions.slice(0, FINGERPRINT_POSITIONS).map((text) => scoreOf(variant, text, depth));
  return digest(scores.join(','));
}
