/** The standings of one variant ranked by the rating on one side, for `/standings side:`. */
import type { Side, VariantKey } from '../engine/index.ts';
import { type RatingView, sideRating } from './side-standings.ts';
import { type StandingRow, type StandingsDoc, table } from './standings.ts';

export interface SideStandingRow extends StandingRow {
  /** The rating on the side ranked by; null for a member who never played that side. */
  sideRating: RatingView | null;
}

/**
 * The variant's table ranked by the rating on `side`, best first; members who never played that
 * side come last, in the table's own order.
 */
export function sideTable(doc: StandingsDoc, variant: VariantKey, side: Side): SideStandingRow[] {
  return table(doc, variant)
    .map((row) => ({ ...row, sideRating: sideRating(doc, variant, row.userId, side) }))
    .sort(
      (a, b) =>
        Number(b.sideRating !== null) - Number(a.sideRating !== null) ||
        (b.sideRating?.value ?? 0) - (a.sideRating?.value ?? 0),
    );
}
