/**
 * The move picker's custom ids, made and read here and nowhere else. Each names the game and the
 * ply it was made for, so a picker left open after the position changed is known to be stale:
 *
 * - `move:open:<game>`: the Move button under a board;
 * - `move:group:<game>:<ply>`: the menu of the board's parts, when the movable pieces need more than four menus;
 * - `move:piece:<game>:<ply>:<menu>`: a menu of pieces (the value is the square);
 * - `move:to:<game>:<ply>:<from>:<menu>`: a menu of the chosen piece's destinations;
 * - `move:play:<game>:<ply>:<from>-<to>`: a quick button for one of the strongest moves;
 * - `move:back:<game>:<ply>`: back to the pieces.
 *
 * All are well within Discord's 100 characters. The `move:` prefix routes them to commands/move.ts.
 */

export type PickerStep =
  | { step: 'open'; gameId: string }
  | { step: 'group'; gameId: string; ply: number }
  | { step: 'piece'; gameId: string; ply: number; menu: number }
  | { step: 'to'; gameId: string; ply: number; from: string; menu: number }
  | { step: 'play'; gameId: string; ply: number; move: string }
  | { step: 'back'; gameId: string; ply: number };

export const PICKER_PREFIX = 'move';

const GAME = '[\\w-]{1,64}';
const SQUARE = '[a-z]\\d{1,2}';
const PATTERNS: { step: PickerStep['step']; pattern: RegExp }[] = [
  { step: 'open', pattern: new RegExp(`^move:open:(${GAME})$`) },
  { step: 'group', pattern: new RegExp(`^move:group:(${GAME}):(\\d{1,4})$`) },
  { step: 'piece', pattern: new RegExp(`^move:piece:(${GAME}):(\\d{1,4}):(\\d{1,2})$`) },
  { step: 'to', pattern: new RegExp(`^move:to:(${GAME}):(\\d{1,4}):(${SQUARE}):(\\d)$`) },
  { step: 'play', pattern: new RegExp(`^move:play:(${GAME}):(\\d{1,4}):(${SQUARE}-${SQUARE})$`) },
  { step: 'back', pattern: new RegExp(`^move:back:(${GAME}):(\\d{1,4})$`) },
];

export function pickerId(step: PickerStep): string {
  switch (step.step) {
    case 'open':
      return `move:open:${step.gameId}`;
    case 'group':
    case 'back':
      return `move:${step.step}:${step.gameId}:${step.ply}`;
    case 'piece':
      return `move:piece:${step.gameId}:${step.ply}:${step.menu}`;
    case 'to':
      return `move:to:${step.gameId}:${step.ply}:${step.from}:${step.menu}`;
    case 'play':
      return `move:play:${step.gameId}:${step.ply}:${step.move}`;
  }
}

/** The step a custom id names, or null when it is not the picker's. */
export function parsePickerId(customId: string): PickerStep | null {
  for (const { step, pattern } of PATTERNS) {
    const match = pattern.exec(customId);
    if (!match) continue;
    const [, gameId, ply, third, fourth] = match;
    switch (step) {
      case 'open':
        return { step, gameId };
      case 'group':
      case 'back':
        return { step, gameId, ply: Number(ply) };
      case 'piece':
        return { step, gameId, ply: Number(ply), menu: Number(third) };
      case 'to':
        return { step, gameId, ply: Number(ply), from: third, menu: Number(fourth) };
      case 'play':
        return { step, gameId, ply: Number(ply), move: third };
    }
  }
  return null;
}
