/** Which variants have puzzles, and which a server gets when it names none. */
import { getVariant, type VariantId } from '../engine/index.ts';
import type { ServerVariants } from '../game/server-variants.ts';
import { PUZZLE_FAMILIES, type PuzzleCatalogue } from './catalogue.ts';

import { type PuzzleOutcome, puzzleFailure } from './types.ts';

export class PuzzleVariants {
  constructor(
    private readonly catalogue: PuzzleCatalogue,
    private readonly serverVariants: ServerVariants,
  ) {}

  /** The variants with puzzles. */
  all(): VariantId[] {
    return this.catalogue.variants();
  }

  /**
   * The puzzles a server gets when it names none: its default variant's own, where it has them
   * (Copenhagen), else those of its board size.
   */
  async defaultFor(guildId: string): Promise<VariantId | null> {
    const { id, size } = await this.serverVariants.defaultFor(guildId);
    if (this.catalogue.has(id)) return id;
    const family = PUZZLE_FAMILIES.find(
      ({ variant }) => getVariant(variant).size === size && this.catalogue.has(variant),
    );
    return family?.variant ?? this.all()[0] ?? null;
  }

  /** Whether `variant` names one with puzzles; the refusal lists those that have them. */
  check(variant: string): PuzzleOutcome<VariantId> {
    if (this.catalogue.has(variant as VariantId)) return { ok: true, value: variant as VariantId };
    return puzzleFailure('no-puzzles-for-variant', { variant, choices: this.all().join(', ') });
  }
}
