/**
 * The opening explorer's reads: the position a list of moves reaches from a variant's start, and
 * what the guild's finished games did there. One document read per question, never a scan of the
 * archive: the tree is counted when each game ends (counting.ts).
 */
import { Game, type PlayedMove, type Refusal, type Variant } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { OPENING_PLIES, type OpeningNode, openingKey, openingSteps } from './tree.ts';

export interface Exploration {
  /** The position reached, with the moves that reached it. */
  game: Game;
  moves: PlayedMove[];
  /** What the guild's games did from there; null when none reached it. */
  node: OpeningNode | null;
}

export type ExploreOutcome =
  | { ok: true; value: Exploration }
  /** More moves than the tree is deep. */
  | { ok: false; code: 'too-deep'; max: number }
  /** Move number `ply` (1 = the first) cannot be played there. */
  | { ok: false; code: 'illegal-move'; ply: number; move: string; refusal: Refusal };

export class OpeningExplorer {
  constructor(private readonly store: Store) {}

  /** The position `moves` reach from `variant`'s start, and the guild's games through it. */
  async explore(guildId: string, variant: Variant, moves: readonly string[]): Promise<ExploreOutcome> {
    if (moves.length > OPENING_PLIES) return { ok: false, code: 'too-deep', max: OPENING_PLIES };
    const game = new Game({ variant });
    for (const [index, move] of moves.entries()) {
      const attempt = game.tryPlay(move);
      if (!attempt.ok)
        return { ok: false, code: 'illegal-move', ply: index + 1, move, refusal: attempt.refusal };
    }
    const hash = openingSteps(game).at(-1)?.hash;
    const read = hash ? await this.store.read<OpeningNode>(openingKey(guildId, variant.id, hash)) : null;
    return { ok: true, value: { game, moves: game.history(), node: read?.value ?? null } };
  }
}
