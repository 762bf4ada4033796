/**
 * Perft: the number of leaf positions a given number of plies from a position, the standard
 * check of a move generator. A decided position (escape, capture of the king, enclosure,
 * repetition) has no children. The last ply is counted without being played.
 */
import { judge } from './outcome.ts';
import { moveBufferSize, type Position } from './position.ts';
import { positionFrom } from './position-of.ts';
import type { VariantId } from './types.ts';
import { getVariant, type Variant } from './variants.ts';

export function perft(position: Position, depth: number): number {
  const buffers: Int32Array[] = [];
  for (let i = 0; i < depth; i++) buffers.push(new Int32Array(moveBufferSize(position.rules)));
  return count(position, depth, buffers, true);
}

function count(position: Position, depth: number, buffers: Int32Array[], root: boolean): number {
  if (depth === 0) return 1;
  if (!root && judge(position) !== null) return 0;
  if (depth === 1) return position.countMoves();
  const moves = buffers[depth - 1];
  const n = position.generateMoves(moves);
  let leaves = 0;
  for (let i = 0; i < n; i++) {
    position.make(moves[i]);
    leaves += count(position, depth - 1, buffers, false);
    position.unmake();
  }
  return leaves;
}

/** The starting position of a variant, as the fast core sees it. */
export function startingPosition(variantId: VariantId): Position {
  return startingPositionOf(getVariant(variantId));
}

/** The starting position of any variant record, a built-in one or one read from a rules string. */
export function startingPositionOf(variant: Variant): Position {
  return positionFrom(variant, variant.layout, variant.firstToMove);
}
