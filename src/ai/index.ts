/** The AI's public face: a move for a game, at a level. */
import { positionOf, rulesFor, squareName } from '../engine/core.ts';
import type { Game } from '../engine/index.ts';
import { type SearchParts, search } from './search.ts';

export type Level = 'easy' | 'normal' | 'hard';

/**
 * What each level may think. Easy looks two plies ahead (and the quiescence search past them) and
 * picks among its good moves at random, so that a beginner can beat it; normal and hard search
 * with everything the AI has, hard three times as long.
 */
export const LEVELS: Record<Level, { timeMs: number; randomness: number; maxDepth?: number }> = {
  easy: { timeMs: 200, randomness: 0.6, maxDepth: 2 },
  normal: { timeMs: 1000, randomness: 0 },
  hard: { timeMs: 3000, randomness: 0 },
};

export interface AiMove {
  from: string;
  to: string;
  notation: string;
  depth: number;
  nodes: number;
  score: number;
  /** The moves the AI expects from here, its own first, in notation. */
  line: string[];
}

export function chooseMove(
  game: Game,
  level: Level,
  overrides: {
    timeMs?: number;
    /** Plies to search at most, in place of the level's. */
    maxDepth?: number;
    random?: () => number;
    parts?: Partial<SearchParts>;
  } = {},
): AiMove {
  if (game.isGameOver()) throw new Error('the game is over');
  const position = positionOf(game);
  const { timeMs, randomness, maxDepth } = LEVELS[level];
  const found = search(position, {
    timeMs: overrides.timeMs ?? timeMs,
    randomness,
    maxDepth: overrides.maxDepth ?? maxDepth,
    random: overrides.random,
    parts: overrides.parts,
    // A game's moves are searched one after another: each starts from what the last one found.
    keepTable: true,
  });
  const rules = rulesFor(game.variant);
  const notation = (move: number) => `${squareName(rules, move & 511)}-${squareName(rules, move >>> 9)}`;
  const [from, to] = notation(found.move).split('-');
  return {
    from,
    to,
    notation: notation(found.move),
    depth: found.depth,
    nodes: found.nodes,
    score: found.score,
    line: found.line.map(notation),
  };
}
