/**
 * The rules of a variant in brief, written from the same record the engine plays by, so the text
 * a player reads cannot drift from the rules the bot enforces.
 */
import type { VariantId } from './types.ts';
import { getVariant, type Variant } from './variants.ts';

export interface RulesText {
  title: string;
  lines: string[];
}

const ORDINAL = { 2: 'second', 3: 'third' } as const;

export function describeRules(id: VariantId): RulesText {
  const variant = getVariant(id);
  const { throne, escape: escapeWord } = variant.words;
  const escapes =
    variant.escapeSquares === 'corners'
      ? 'the four corner squares'
      : `the 16 ${escapeWord} points (the 2x2 block in each corner)`;
  const lines = [
    `**Board** ${variant.size}x${variant.size} ${variant.drawnOn}. ${count(variant)}. The ${variant.firstToMove} move first.`,
    `**Moving** Every piece moves like a rook: any distance along a rank or file, never jumping. Only the king may stop on the ${throne} or on ${escapes}; ${
      variant.movement.othersPassThrone
        ? `other pieces may pass over the empty ${throne}`
        : `only the king may pass over the ${throne}`
    }.`,
    `**Capturing** Trap an enemy piece between two of yours on a rank or file by moving the second one in; moving between two enemies is safe. One move can capture on up to three sides. ${hostility(variant)}`,
    variant.capture.kingArmed
      ? '**The king** is armed: he captures, and helps capture, like any defender.'
      : '**The king** is unarmed: he never captures nor helps capture.',
    ...(variant.capture.guards
      ? ['**Guards** (the four pieces beside the king) are never captured and never help capture.']
      : []),
    `**Capturing the king** ${kingCapture(variant)}`,
    `**Winning** The defenders win when the king reaches one of ${escapes}. The attackers win by capturing the king${
      variant.end.enclosure
        ? ', or by enclosing the king and every defender so that none can reach the board edge (pieces touching only diagonally still seal the ring)'
        : ''
    }.`,
    `**Also** ${repetition(variant)} A side with no legal move ${variant.end.noLegalMove === 'loses' ? 'loses' : 'draws the game'}. A player may resign, and both may agree a draw.${
      variant.match
        ? ' A full match is two games with sides swapped: two wins take it; at one win each, the win in fewer moves.'
        : ''
    }`,
  ];
  return { title: variant.name, lines };
}

function count(variant: Variant): string {
  const pieces = variant.layout.replace(/[^tTKG]/g, '');
  const attackers = [...pieces].filter((piece) => piece === 't').length;
  const defenders = [...pieces].filter((piece) => piece === 'T' || piece === 'G').length;
  return `${attackers} attackers against the king and ${defenders} defenders`;
}

function hostility(variant: Variant): string {
  const { throne, escape: escapeWord } = variant.words;
  const toAttackers = variant.capture.throneHostileTo.attackers;
  const toDefenders = variant.capture.throneHostileTo.defenders;
  const corners = `The ${escapeWord} ${variant.drawnOn} count as an enemy piece against anyone`;
  if (toAttackers === 'when-empty' && toDefenders === 'when-empty')
    return `${corners}, and so does the empty ${throne}.`;
  return `${corners}; the ${throne} counts against attackers ${toAttackers === 'always' ? 'always' : 'when empty'} and against defenders ${
    toDefenders === 'never' ? 'never' : 'only when empty'
  }.`;
}

function kingCapture(variant: Variant): string {
  const { throne, escape: escapeWord } = variant.words;
  const { elsewhere, edge } = variant.kingCapture;
  const substitutes = `the ${escapeWord} ${variant.drawnOn} and the empty ${throne} count in place of an attacker`;
  if (elsewhere === 'custodial') {
    return `On the ${throne}: attackers on all four sides. Beside it: on his three other sides. Anywhere else he is captured like any piece (two attackers on opposite sides, or one and a hostile point).`;
  }
  const edgeRule =
    edge === 'protects'
      ? 'He cannot be captured on the board edge.'
      : 'On the board edge: on his three other sides.';
  return `Attackers on all four sides, or on his three other sides beside the ${throne}; ${substitutes}. ${edgeRule}`;
}

function repetition(variant: Variant): string {
  const { occurrence, outcome } = variant.end.repetition;
  const when = `When a position stands on the board for the ${ORDINAL[occurrence]} time (same pieces, same side to move)`;
  return outcome === 'draw' ? `${when}, the game is drawn.` : `${when}, the player whose move made it loses.`;
}
