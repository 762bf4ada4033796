/**
 * The rules of a variant in brief, written from the same record the engine plays by, so the text
 * a player reads cannot drift from the rules the bot enforces. Every sentence follows from the
 * record's fields, never from a variant's id.
 */
import type { Variant } from '../engine/index.ts';

export interface RulesText {
  title: string;
  lines: string[];
}

const ORDINAL = { 2: 'second', 3: 'third' } as const;

export function describeRules(variant: Variant): RulesText {
  const { throne } = variant.words;
  const edgeEscape = variant.escapeSquares === 'edge';
  const escapes = escapeSquares(variant);
  const passing = variant.movement.othersPassThrone
    ? `other pieces may pass over the empty ${throne}`
    : `only the king may pass over the ${throne}`;
  const lines = [
    `**Board** ${variant.size}x${variant.size} ${variant.drawnOn}. ${count(variant)}. The ${variant.firstToMove} move first.`,
    `**Moving** Every piece moves like a rook: any distance along a rank or file, never jumping. ${
      edgeEscape
        ? `Only the king may stop on the ${throne}; ${passing}. The king may return to the ${throne} once he has left it. There are no corner squares: the corners, like the rest of the board edge, are ordinary squares for every piece.`
        : `Only the king may stop on the ${throne} or on ${escapes}; ${passing}. The king may return to the ${throne} once he has left it.`
    }`,
    `**Capturing** Trap an enemy piece between two of yours on a rank or file by moving the second one in; moving between two enemies is safe. One move can capture on up to three sides. ${hostility(variant)}`,
    ...(variant.capture.shieldwall ? [`**Shieldwall** ${shieldwall(variant)}`] : []),
    variant.capture.kingArmed
      ? '**The king** is armed: he captures, and helps capture, like any defender.'
      : '**The king** is unarmed: he never captures nor helps capture.',
    ...(variant.capture.guards
      ? ['**Guards** (the four pieces beside the king) are never captured and never help capture.']
      : []),
    `**Capturing the king** ${kingCapture(variant)}`,
    `**Winning** The defenders win when the king reaches ${edgeEscape ? 'any edge square' : `one of ${escapes}`}${
      variant.end.exitFort ? ', or when he stands in an exit fort' : ''
    }. The attackers win by capturing the king${
      variant.end.enclosure
        ? `, or by enclosing the king and every defender so that none of them could reach the board edge through empty squares (the empty ${throne} counts as open; attackers touching only diagonally still seal the ring)`
        : ''
    }.`,
    ...(variant.end.exitFort ? [`**Exit fort** ${EXIT_FORT}`] : []),
    `**Also** ${repetition(variant)} A side with no legal move ${variant.end.noLegalMove === 'loses' ? 'loses' : 'draws the game'}. ${
      automaticDraw(variant) ? 'A player' : 'There is no automatic draw; a player'
    } may resign, and both may agree a draw.${
      variant.match
        ? ' A full match is two games with sides swapped: two wins take it; at one win each, the win in fewer moves.'
        : ''
    }`,
  ];
  return { title: variant.name, lines };
}

/** The squares the king escapes to, when they are special squares (not with edge escape). */
function escapeSquares(variant: Variant): string {
  return variant.escapeSquares === 'corners'
    ? 'the four corner squares'
    : `the 16 ${variant.words.escape} ${variant.drawnOn} (the 2x2 block in each corner)`;
}

/** One escape square: "corner square", "citadel point". */
function oneCorner(variant: Variant): string {
  return `${variant.words.escape} ${variant.drawnOn === 'points' ? 'point' : 'square'}`;
}

/** Whether some rule ends the game in a draw by itself (beyond the players agreeing one). */
function automaticDraw(variant: Variant): boolean {
  return variant.end.repetition.outcome === 'draw' || variant.end.noLegalMove === 'draw';
}

function count(variant: Variant): string {
  const pieces = variant.layout.replace(/[^tTKG]/g, '');
  const attackers = [...pieces].filter((piece) => piece === 't').length;
  const defenders = [...pieces].filter((piece) => piece === 'T' || piece === 'G').length;
  return `${attackers} attackers against the king and ${defenders} defenders`;
}

/** Whose pieces the corner squares count as an enemy of (OpenTafl's `corh`; every built-in: anyone's). */
export function cornersHostileTo(variant: Variant): 'anyone' | 'attackers' | 'defenders' | 'none' {
  const { attackers, defenders } = variant.capture.cornersHostileTo ?? { attackers: true, defenders: true };
  return attackers && defenders ? 'anyone' : attackers ? 'attackers' : defenders ? 'defenders' : 'none';
}

function hostility(variant: Variant): string {
  const { throne, escape: escapeWord } = variant.words;
  const { attackers: toAttackers, defenders: toDefenders, king: toKing } = variant.capture.throneHostileTo;
  const allWhenEmpty =
    toAttackers === 'when-empty' && toDefenders === 'when-empty' && toKing === 'when-empty';
  const kingClause =
    toKing === (toDefenders === 'never' ? 'never' : 'when-empty')
      ? ''
      : toKing === 'never'
        ? ', and never against the king'
        : ', and against the king only when empty';
  const againstWhom = `against attackers ${toAttackers === 'always' ? 'always' : 'when empty'} and against defenders ${
    toDefenders === 'never' ? 'never' : 'only when empty'
  }${kingClause}`;
  if (variant.escapeSquares === 'edge') {
    const throneRule = allWhenEmpty
      ? `The empty ${throne} counts as an enemy piece against anyone`
      : `The ${throne} counts as an enemy piece ${againstWhom}`;
    return `${throneRule}; the board edge, corners included, never does.`;
  }
  const cornerTargets = {
    anyone: 'against anyone',
    attackers: 'against attackers only',
    defenders: 'against defenders (the king included) only',
    none: '',
  }[cornersHostileTo(variant)];
  const corners = cornerTargets
    ? `The ${escapeWord} ${variant.drawnOn} count as an enemy piece ${cornerTargets}`
    : `The ${escapeWord} ${variant.drawnOn} never count as an enemy piece`;
  if (allWhenEmpty)
    return cornerTargets === 'against anyone'
      ? `${corners}, and so does the empty ${throne}.`
      : `${corners}; the empty ${throne} counts against anyone.`;
  return `${corners}; the ${throne} counts ${againstWhom}.`;
}

/** The shieldwall, as the project reads it: a flanking move onto the edge closes it. */
function shieldwall(variant: Variant): string {
  const corner = variant.escapeSquares === 'edge' ? '' : ` or is a ${oneCorner(variant)}`;
  const king = variant.capture.kingArmed
    ? 'the king may also close an end or stand in front for the defenders'
    : 'the king may stand in front for the defenders but cannot close an end';
  return `Two or more enemy pieces side by side along the board edge, each with one of your pieces directly in front of it (one line inward), are captured together when you move a piece onto the edge square at one end of the row while the other end already holds one of your pieces${corner}. Only that move onto an end captures: completing the front line does not. A king in the row stays on the board while the others are captured; ${king}. The shieldwall and ordinary captures of the same move happen together.`;
}

function kingCapture(variant: Variant): string {
  const { throne, escape: escapeWord } = variant.words;
  const { onThrone, besideThrone, elsewhere, edge } = variant.kingCapture;
  const throneCounts = variant.capture.throneHostileTo.king === 'when-empty';
  // With edge escape the king never stands on the edge while the game goes on: reaching it wins.
  const corners = variant.escapeSquares !== 'edge';
  const edgeRule = !corners
    ? ''
    : edge === 'protects'
      ? ' He cannot be captured on the board edge.'
      : ' On the board edge: on his three other sides.';
  if (onThrone === 'surround' && besideThrone === 'surround' && elsewhere === 'surround' && throneCounts) {
    const substitutes = corners
      ? `the ${escapeWord} ${variant.drawnOn} and the empty ${throne} count in place of an attacker`
      : `the empty ${throne} counts in place of an attacker`;
    return `Attackers on all four sides, or on his three other sides beside the ${throne}; ${substitutes}.${edgeRule}`;
  }
  const parts = [
    onThrone === 'surround'
      ? `On the ${throne}: attackers on all four sides.`
      : `On the ${throne}: two attackers on opposite sides.`,
  ];
  if (besideThrone === 'surround') {
    parts.push(
      throneCounts
        ? `Beside it: attackers on his three other sides, the empty ${throne} making the fourth.`
        : `Beside it he cannot be captured, since the ${throne} never counts against him.`,
    );
  }
  const custodialBeside = besideThrone === 'custodial';
  const anvils = `two attackers on opposite sides${corners ? `, or one and a ${oneCorner(variant)}` : ''}${
    custodialBeside && throneCounts ? `, or beside the ${throne} one and the empty ${throne}` : ''
  }`;
  const ignored = [
    ...(corners ? ['the board edge'] : []),
    ...(custodialBeside && !throneCounts ? [`the empty ${throne}`] : []),
  ];
  const notCounting =
    ignored.length === 2
      ? `; neither ${ignored[0]} nor ${ignored[1]} counts against him`
      : ignored.length === 1
        ? `; ${ignored[0]} never counts against him`
        : '';
  if (elsewhere === 'custodial') {
    const included = [
      ...(custodialBeside ? [`beside the ${throne}`] : []),
      ...(corners ? ['on the board edge'] : []),
    ];
    const where =
      included.length > 0 ? `Anywhere else, ${included.join(' and ')} included,` : 'Anywhere else';
    parts.push(`${where} he is captured like any piece: ${anvils}${notCounting}.`);
  } else {
    if (custodialBeside) parts.push(`Beside it he is captured like any piece: ${anvils}${notCounting}.`);
    parts.push(
      `Anywhere else: attackers on all four sides${corners ? `, a ${oneCorner(variant)} counting in place of one` : ''}.${edgeRule}`,
    );
  }
  return parts.join(' ');
}

/** The exit fort, as the engine judges it: pessimistically, never a fort that could break. */
const EXIT_FORT =
  'The defenders also win when the king stands on the board edge, able to move, in a fort: the squares he can reach are closed off by defenders and the board’s end alone, no attacker is inside, and none of those defenders could ever be captured. The bot judges this cautiously and awards only a fort that can never break: every defender of the wall must have, on both lines through it, at least one side that is the board’s end, another defender of the wall, or a square inside the fort that does not count as an enemy piece; a defender outside the wall protects nothing. If in doubt, the game goes on. The fort is judged after every move of either side.';

function repetition(variant: Variant): string {
  const { occurrence, outcome } = variant.end.repetition;
  const when = `When a position stands on the board for the ${ORDINAL[occurrence]} time (same pieces, same side to move)`;
  if (outcome === 'draw') return `${when}, the game is drawn.`;
  if (outcome === 'defenders-lose') return `${when}, the defenders lose, whichever side made the move.`;
  return `${when}, the player whose move made it loses.`;
}
