/**
 * The bridge from the Game API to the fast core: a game, or a position in OpenTafl notation, as a
 * Position of the core, for those who search or hash it (the AI, the puzzles, the opening tree).
 */
import type { Game } from './game.ts';
import { readPosition, readSquare } from './notation.ts';
import { encodeMove, Position } from './position.ts';
import { ATTACKERS, DEFENDERS, rulesFor } from './rules.ts';
import type { PlayedMove, Side } from './types.ts';
import type { Variant } from './variants.ts';

/** A fresh position of the fast core (no history) of a variant, from OpenTafl position notation. */
export function positionFrom(variant: Variant, position: string, sideToMove: Side): Position {
  const rules = rulesFor(variant);
  const cells = Position.empty(rules);
  readPosition(rules, position, cells);
  return new Position(rules, cells, sideToMove === 'attackers' ? ATTACKERS : DEFENDERS);
}

/** Makes a game's move on the fast core's position of that game. */
export function makeMove(position: Position, move: Pick<PlayedMove, 'from' | 'to' | 'notation'>): void {
  const from = readSquare(position.rules, move.from);
  const to = readSquare(position.rules, move.to);
  if (!from.ok || !to.ok) throw new Error(`bad square in ${move.notation}`);
  position.make(encodeMove(from.cell, to.cell));
}

/** The fast core's position of a game, with its history, so that the search sees repetitions too. */
export function positionOf(game: Game): Position {
  const position = positionFrom(game.variant, game.setup.position, game.setup.sideToMove);
  for (const move of game.history()) makeMove(position, move);
  return position;
}
