/**
 * Who wins when a side runs out of time: its opponent, unless the opponent could never win from
 * the position, whatever either side played (then it is a draw, as in chess when the flag falls
 * against a lone king).
 *
 * The test is one count, simple enough to explain to a player and sound (it never calls a draw
 * where the opponent could still win):
 *
 * - The defenders can always still win: while the game goes on their king is on the board, and
 *   the attackers could stand aside for him to escape.
 * - The attackers can still win while they have as many pieces as the least that could ever win:
 *   one, where a king is captured between two (a corner, the throne or the edge can be the
 *   second), or where a repetition wins for them (a repetition needs no captures); otherwise, with
 *   a king that must be surrounded on four sides and repetitions drawn, two. A lone attacker can
 *   neither surround the king (two sides at most are a corner, the throne or the edge), nor shut
 *   every defender away from the edge (a pocket needs a wall of attackers), nor leave the
 *   defenders without a move (the king always has a free side).
 */
import type { Side } from './types.ts';
import type { Variant } from './variants.ts';

/** The fewest attackers that could still win in `variant`, whatever the defenders do. */
export function attackersNeededToWin(variant: Variant): 1 | 2 {
  const { kingCapture, end } = variant;
  if (end.repetition.outcome !== 'draw') return 1;
  const byTwo = [kingCapture.onThrone, kingCapture.besideThrone, kingCapture.elsewhere].includes('custodial');
  return byTwo ? 1 : 2;
}

/** Whether `side` could still win a game in progress with `attackers` attackers on the board. */
export function couldStillWin(variant: Variant, side: Side, attackers: number): boolean {
  return side === 'defenders' || attackers >= attackersNeededToWin(variant);
}
