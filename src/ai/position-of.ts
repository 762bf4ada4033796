/** The fast core's position of a game, with its history, so that the search sees repetitions too. */
import {
  ATTACKERS,
  DEFENDERS,
  encodeMove,
  Position,
  readPosition,
  readSquare,
  rulesFor,
} from '../engine/core.ts';
import type { Game } from '../engine/index.ts';

export function positionOf(game: Game): Position {
  const rules = rulesFor(game.variant);
  const cells = Position.empty(rules);
  readPosition(rules, game.setup.position, cells);
  const position = new Position(rules, cells, game.setup.sideToMove === 'attackers' ? ATTACKERS : DEFENDERS);
  for (const move of game.history()) {
    const from = readSquare(rules, move.from);
    const to = readSquare(rules, move.to);
    if (!from.ok || !to.ok) throw new Error(`bad square in ${move.notation}`);
    position.make(encodeMove(from.cell, to.cell));
  }
  return position;
}
