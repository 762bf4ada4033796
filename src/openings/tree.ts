/**
 * The opening tree of a guild's games in one variant: one document per position (by its Zobrist
 * hash) reached in the first OPENING_PLIES plies of a finished game, with how the games through
 * it ended and, for each move played there, how the games that went on with it ended. Pure: the
 * service reads a finished game's nodes and commits them with its result (see commit-plan.ts).
 */
import { makeMove, type Position, positionFrom } from '../engine/core.ts';
import type { Game, Side, VariantKey } from '../engine/index.ts';
import { inGuild } from '../store/hash-tags.ts';

/** How deep the tree goes: the moves of plies 1 to 12 are counted. */
export const OPENING_PLIES = 12;

/** Games by how they ended. */
export interface Tally {
  attackers: number;
  draws: number;
  defenders: number;
}

/** A position of the tree. */
export interface OpeningNode {
  schema: 1;
  /** The games that reached the position. */
  games: Tally;
  /** The moves played there (`e5-e8`), each with the games that went on with it. */
  moves: Record<string, Tally>;
}

export const emptyTally = (): Tally => ({ attackers: 0, draws: 0, defenders: 0 });
export const gamesIn = (tally: Tally): number => tally.attackers + tally.draws + tally.defenders;

/** The key of a position's node: in the guild's hash slot, by variant and hash. */
export function openingKey(guildId: string, variant: VariantKey, hash: string): string {
  return inGuild(guildId, `opening:${variant}:${hash}`);
}

/** A position as the tree names it: its Zobrist hash (side to move included), 16 hex digits. */
export function hashOf(position: Position): string {
  return (
    (position.hashHi >>> 0).toString(16).padStart(8, '0') +
    (position.hashLo >>> 0).toString(16).padStart(8, '0')
  );
}

/** One position of a game's opening and the move played from it (null: the game ended there, or the tree does). */
export interface OpeningStep {
  hash: string;
  move: string | null;
}

/**
 * The positions a game went through in its first OPENING_PLIES plies, the start first, each with
 * the move played from it; none for a game set up from another position than the variant's start.
 */
export function openingSteps(game: Game): OpeningStep[] {
  if (game.setup.custom) return [];
  const position = positionFrom(game.variant, game.setup.position, game.setup.sideToMove);
  const moves = game.history().slice(0, OPENING_PLIES);
  const steps: OpeningStep[] = [];
  for (const move of moves) {
    steps.push({ hash: hashOf(position), move: `${move.from}-${move.to}` });
    makeMove(position, move);
  }
  steps.push({ hash: hashOf(position), move: null });
  return steps;
}

/** Adds one game ending with `winner` (null: a draw) to a tally. */
export function withGame(tally: Tally, winner: Side | null): Tally {
  const key = winner ?? 'draws';
  return { ...tally, [key]: tally[key] + 1 };
}

/**
 * The nodes of a game's opening after counting it, by hash, from the nodes as read. A position
 * reached twice (a piece moved away and back) counts the game once, and each move from it once.
 */
export function countedGame(
  steps: readonly OpeningStep[],
  winner: Side | null,
  read: ReadonlyMap<string, OpeningNode | null>,
): Map<string, OpeningNode> {
  const nodes = new Map<string, OpeningNode>();
  const counted = new Set<string>();
  for (const { hash, move } of steps) {
    let node = nodes.get(hash);
    if (!node) {
      const before = read.get(hash) ?? { schema: 1, games: emptyTally(), moves: {} };
      node = { schema: 1, games: withGame(before.games, winner), moves: { ...before.moves } };
      nodes.set(hash, node);
    }
    if (move !== null && !counted.has(`${hash} ${move}`)) {
      counted.add(`${hash} ${move}`);
      node.moves[move] = withGame(node.moves[move] ?? emptyTally(), winner);
    }
  }
  return nodes;
}
