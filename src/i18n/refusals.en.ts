/** Why a move is refused, in English, from the engine's code and particulars. */
import type { RefusalCode, RefusalParams } from '../engine/index.ts';

export const refusalMessages: Record<RefusalCode, (params: RefusalParams) => string> = {
  'game-over': () => 'the game is over',
  malformed: (p) => `"${p.text}" is not a move: write it as two squares, like e5-e8`,
  'off-board': (p) => `${p.square} is not on the ${p.size}x${p.size} board`,
  'empty-square': (p) => `${p.square} is empty`,
  'not-your-piece': (p) => `that piece belongs to the ${p.side}`,
  'no-distance': () => 'a piece must move at least one square',
  'not-straight': () => 'pieces move along a rank or a file',
  blocked: (p) => `${p.square} is in the way`,
  occupied: (p) => `${p.square} is occupied`,
  'king-only-stop': (p) => `only the king may stop on ${specialSquare(p)}`,
  'king-only-pass': (p) => `only the king may pass over ${specialSquare(p)}`,
};

/** The throne (or centre) is one square and needs no name; a corner or citadel is named. */
function specialSquare(p: RefusalParams): string {
  return p.special === 'throne' || p.special === 'centre'
    ? `the ${p.special}`
    : `a ${p.special} (${p.square})`;
}
