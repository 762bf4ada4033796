/**
 * Counting a finished game into its guild's opening tree: the nodes of its opening are read before
 * the game's end is committed, and written in that same commit, each expecting the revision read,
 * so that two games ending at once cannot lose a count (the later commit conflicts and reads again).
 */
import type { Game, Side, VariantKey } from '../engine/index.ts';
import type { EndOfGameCount } from '../game/commit-plan.ts';
import type { Store, Write } from '../store/index.ts';
import { countedGame, type OpeningNode, type OpeningStep, openingKey, openingSteps } from './tree.ts';

/** The opening of a game that ended, with its nodes as read (revision 0: absent). */
export interface OpeningReads {
  variant: VariantKey;
  steps: OpeningStep[];
  nodes: Map<string, { value: OpeningNode | null; revision: number }>;
}

/** Reads the nodes a game's end will count it in (none for a game set up from another position). */
export async function readOpening(store: Store, guildId: string, game: Game): Promise<OpeningReads> {
  const steps = openingSteps(game);
  const hashes = [...new Set(steps.map((step) => step.hash))];
  const read = await Promise.all(
    hashes.map((hash) => store.read<OpeningNode>(openingKey(guildId, game.variant.id, hash))),
  );
  const nodes = new Map(
    hashes.map((hash, i) => [hash, { value: read[i]?.value ?? null, revision: read[i]?.revision ?? 0 }]),
  );
  return { variant: game.variant.id, steps, nodes };
}

/** The writes that count the game, won by `winner` (null: drawn), in its opening's nodes. */
export function openingWrites(guildId: string, reads: OpeningReads, winner: Side | null): Write[] {
  const values = new Map([...reads.nodes].map(([hash, node]) => [hash, node.value]));
  return [...countedGame(reads.steps, winner, values)].map(([hash, node]) => ({
    key: openingKey(guildId, reads.variant, hash),
    value: node,
    expectRevision: reads.nodes.get(hash)?.revision ?? 0,
  }));
}

/** The opening tree's part in the commit that ends a game (the game module's EndOfGameCount). */
export const countInOpeningTree =
  (store: Store): EndOfGameCount =>
  async (guildId, game) => {
    const reads = await readOpening(store, guildId, game);
    return (winner) => openingWrites(guildId, reads, winner);
  };
