/**
 * What a board picture shows, in words, for a screen reader (the attachment's description): the
 * variant and move, whose turn it is, the last move and what it took, where the king stands, and
 * the threats the picture flags. In the reader's language, within Discord's limit.
 */
import type { BoardSnapshot, Square } from '../../engine/index.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import { clipped, LIMITS } from '../discord/discord-limits.ts';

export function boardDescription(m: Messages, active: ActiveGame): string {
  const snapshot = active.game.snapshot();
  const variant = m.variantName({ id: snapshot.variant, name: snapshot.variantName });
  const { alt } = m.picker;
  const number = snapshot.moveNumber;
  const parts = [
    snapshot.result
      ? alt.over({ variant, number })
      : alt.position({ variant, number, side: snapshot.sideToMove }),
  ];
  const last = snapshot.lastMove;
  if (last) parts.push(alt.lastMove({ move: `${last.from}-${last.to}`, captured: last.captured }));
  parts.push(alt.king({ square: kingSquare(snapshot) }));
  if (!snapshot.result && snapshot.threats.kingCanEscape) parts.push(alt.kingCanEscape);
  if (!snapshot.result && snapshot.threats.kingCanBeCaptured) parts.push(alt.kingCanBeCaptured);
  return clipped(parts.join(' '), LIMITS.attachmentDescription);
}

function kingSquare(snapshot: BoardSnapshot): Square | null {
  for (const [row, pieces] of snapshot.board.entries()) {
    const file = pieces.indexOf('king');
    if (file >= 0) return `${String.fromCharCode(97 + file)}${row + 1}` as Square;
  }
  return null;
}
