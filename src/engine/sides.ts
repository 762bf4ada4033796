/** The two sides of a game, as the Game API names them. */
import type { Side } from './types.ts';

/** The side that plays against `side`. */
export const otherSide = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');
