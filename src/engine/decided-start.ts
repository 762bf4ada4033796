/**
 * Whether a start leaves nothing to play: the game would be over before its first move (the king
 * stands in an exit fort, the side to move has no move), the attackers already enclose every
 * defender (the attackers' first move would end it), or the attackers have no piece at all. A
 * server's rule set with such a start is refused, and no game is started from one. The reader of
 * rules strings does not check this, so that a game stored from such a start still loads.
 */
import { Game, type GameSetup } from './game.ts';
import { readPosition } from './notation.ts';
import { defendersEnclosed } from './outcome.ts';
import { Position } from './position.ts';
import { ATTACKER, ATTACKERS, DEFENDERS, rulesFor } from './rules.ts';
import type { EndReason, Side } from './types.ts';
import { getVariant } from './variants.ts';

export type DecidedStartReason = EndReason | 'no-attackers';

export interface DecidedStart {
  reason: DecidedStartReason;
  /** The side to move at the start. */
  sideToMove: Side;
}

export function decidedStart(setup: GameSetup): DecidedStart | null {
  const game = new Game(setup);
  const sideToMove = game.turn;
  const variant = typeof setup.variant === 'string' ? getVariant(setup.variant) : setup.variant;
  const rules = rulesFor(variant);
  const cells = Position.empty(rules);
  readPosition(rules, setup.position ?? variant.layout, cells);
  if (!rules.squares.some((cell) => cells[cell] === ATTACKER)) return { reason: 'no-attackers', sideToMove };
  if (game.result) return { reason: game.result.reason, sideToMove };
  const position = new Position(rules, cells, sideToMove === 'attackers' ? ATTACKERS : DEFENDERS);
  if (variant.end.enclosure && defendersEnclosed(position)) return { reason: 'enclosed', sideToMove };
  return null;
}
