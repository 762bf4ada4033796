/**
 * Each member's accuracy over their reviewed games (/standings shows its average): the sum of the
 * accuracies /analyze found and the number of games, per variant, added once when a game's review
 * is kept, in the same commit.
 */
import type { SideAccuracy } from '../analysis/accuracy.ts';
import type { Player } from '../core/players.ts';
import type { Side, VariantKey } from '../engine/index.ts';

export interface AccuracyTallyDoc {
  schema: 1;
  /** `variant|player` → [sum of the accuracies, games]. */
  sums: Record<string, [number, number]>;
}

export function emptyTally(): AccuracyTallyDoc {
  return { schema: 1, sums: {} };
}

/** The tally with one reviewed game's accuracies added (a side with no move adds nothing). */
export function withReviewedGame(
  doc: AccuracyTallyDoc,
  game: { variant: VariantKey; players: Record<Side, Player>; accuracy: Record<Side, SideAccuracy | null> },
): AccuracyTallyDoc {
  const sums = { ...doc.sums };
  for (const side of ['attackers', 'defenders'] as const) {
    const accuracy = game.accuracy[side];
    if (!accuracy) continue;
    const key = `${game.variant}|${game.players[side].id}`;
    const [sum, games] = sums[key] ?? [0, 0];
    sums[key] = [Math.round((sum + accuracy.accuracy) * 10) / 10, games + 1];
  }
  return { schema: 1, sums };
}

/** A member's average accuracy (one decimal) over their reviewed games, in one variant or all; null with none. */
export function averageAccuracy(
  doc: AccuracyTallyDoc,
  userId: string,
  variant?: VariantKey,
): { average: number; games: number } | null {
  let sum = 0;
  let games = 0;
  for (const [key, [keySum, keyGames]] of Object.entries(doc.sums)) {
    const split = key.lastIndexOf('|');
    if (key.slice(split + 1) !== userId) continue;
    if (variant && key.slice(0, split) !== variant) continue;
    sum += keySum;
    games += keyGames;
  }
  return games === 0 ? null : { average: Math.round((sum / games) * 10) / 10, games };
}
