/**
 * A position reached from a variant's start by the moves `choices` pick (each taken modulo the
 * number of legal moves), with its history; it stops before a move that would end the game, or
 * where the side to move has none. The property tests' way to many varied positions.
 */
import { judge, moveBufferSize, type Position, positionOf } from '../../src/engine/core.ts';
import { Game, type VariantId } from '../../src/engine/index.ts';

export function randomPosition(variant: VariantId, choices: number[]): Position {
  const position = positionOf(new Game(variant));
  const moves = new Int32Array(moveBufferSize(position.rules));
  for (const choice of choices) {
    const count = position.generateMoves(moves);
    if (count === 0) break;
    position.make(moves[choice % count]);
    if (judge(position)) {
      position.unmake();
      break;
    }
  }
  return position;
}
