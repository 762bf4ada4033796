import type { ServerVariantId, Side, VariantId, VariantKey } from './types.ts';

/**
 * A rule set as data. Changing how a variant plays means editing its record here; the engine
 * reads nothing else. The readings of terse documents are in shared/rules/README.md.
 */
export interface Variant {
  id: VariantKey;
  name: string;
  /** The published rules this record follows, and where the project settled a point they leave open. */
  documents: string[];
  size: number;
  drawnOn: 'points' | 'squares';
  /** OpenTafl position notation, first row record = rank 1. */
  layout: string;
  firstToMove: Side;
  words: {
    /** What the centre square is called in this rule set. */
    throne: 'throne' | 'centre';
    /** What an escape square is called. */
    escape: 'citadel' | 'corner' | 'edge';
  };
  /**
   * The squares the king escapes to: the four corner squares, the 2x2 block in each corner (both
   * king-only and hostile to every piece), or any square of the board edge (ordinary squares).
   */
  escapeSquares: 'corners' | 'corner-blocks' | 'edge';
  movement: {
    /** Non-king pieces may pass over the empty throne (they may never stop on it, nor on an escape square). */
    othersPassThrone: boolean;
  };
  capture: {
    /** The king helps capture, as the moving piece and as the far side of a pincer. */
    kingArmed: boolean;
    /** Guards (`G`) exist: never captured and never help capture. */
    guards: boolean;
    /**
     * When the throne counts as an enemy piece of the side whose piece would be captured against
     * it. `king` is the empty throne's part in capturing the king (beside it, or in a pincer).
     */
    throneHostileTo: {
      attackers: 'always' | 'when-empty';
      defenders: 'when-empty' | 'never';
      king: 'when-empty' | 'never';
    };
    /**
     * Which sides' pieces an empty corner square (or corner-block square) counts as an enemy of;
     * the king goes with the defenders. Absent: hostile to every piece, as in every built-in
     * variant. Only rule sets read from an OpenTafl rules string (`corh`) set it.
     */
    cornersHostileTo?: { attackers: boolean; defenders: boolean };
    /**
     * The shieldwall: a row of two or more enemy pieces on the board edge, each with a capturing
     * piece directly in front of it, falls whole when a move closes its far end on the edge; the
     * other end is a capturing piece or a corner. A king in the row stays.
     */
    shieldwall: boolean;
  };
  /**
   * How the king falls, by where he stands. `surround`: every side closed by attackers, the hostile
   * empty throne or an escape square, and the board edge as `edge` says; `custodial`: like any other piece.
   */
  kingCapture: {
    onThrone: 'surround' | 'custodial';
    besideThrone: 'surround' | 'custodial';
    elsewhere: 'surround' | 'custodial';
    /** `hostile`: the edge closes a side; `protects`: a king on the edge cannot be captured. */
    edge: 'hostile' | 'protects';
  };
  end: {
    /** Attackers win by sealing the king and every defender away from the edge. */
    enclosure: boolean;
    /** Defenders win when the king stands on the edge in a fort no attacker can ever break. */
    exitFort: boolean;
    /** `defenders-lose`: whichever side made the repeating move, the attackers win. */
    repetition: { occurrence: 2 | 3; outcome: 'draw' | 'mover-loses' | 'defenders-lose' };
    noLegalMove: 'loses' | 'draw';
  };
  /** The armed-king rules score a full match of two games with sides swapped. */
  match: boolean;
}

const aleaLayout =
  '/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/' +
  '3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/';

/** Layout A with the four defenders beside the king (i10 k10 j9 j11) as guards. */
const aleaGuardsLayout =
  '/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1G1T2T4/' +
  '3t2T1GKG1T2t3/4T2T1G1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/';

const fetlarLayout = '/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/';

const brandubhLayout = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

const tablutLayout = '/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/';

export const variants: Record<VariantId, Variant & { id: VariantId }> = {
  'alea-guards': {
    id: 'alea-guards',
    name: 'Alea Evangelii (guard rules)',
    documents: ['Dragonheelslair, "Rules of the game Alea evangelii" (guard rules)'],
    size: 19,
    drawnOn: 'points',
    layout: aleaGuardsLayout,
    firstToMove: 'attackers',
    words: { throne: 'centre', escape: 'citadel' },
    escapeSquares: 'corner-blocks',
    movement: { othersPassThrone: false },
    capture: {
      kingArmed: false,
      guards: true,
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'hostile' },
    end: {
      enclosure: false,
      exitFort: false,
      repetition: { occurrence: 3, outcome: 'draw' },
      noLegalMove: 'loses',
    },
    match: false,
  },
  'alea-armed': {
    id: 'alea-armed',
    name: 'Alea Evangelii (armed king)',
    documents: [
      '"Alea Evangelii (19x19 Tafl)", armed-king rules, English edition ("Strong, armed king, captured on 4 sides")',
      'the same rules, German edition ("Starker, bewaffneter König, gefangen auf 4 Seiten")',
    ],
    size: 19,
    drawnOn: 'points',
    layout: aleaLayout,
    firstToMove: 'defenders',
    words: { throne: 'throne', escape: 'corner' },
    escapeSquares: 'corner-blocks',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'always', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'hostile' },
    end: {
      enclosure: true,
      exitFort: false,
      repetition: { occurrence: 3, outcome: 'mover-loses' },
      noLegalMove: 'draw',
    },
    match: true,
  },
  'alea-walker': {
    id: 'alea-walker',
    name: 'Alea Evangelii (Walker 2014)',
    documents: ['Damian Walker, Alea Evangelii rules (2014), tafl.cyningstan.com'],
    size: 19,
    drawnOn: 'points',
    layout: aleaLayout,
    firstToMove: 'defenders',
    words: { throne: 'centre', escape: 'citadel' },
    escapeSquares: 'corner-blocks',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'custodial', edge: 'hostile' },
    end: {
      enclosure: false,
      exitFort: false,
      repetition: { occurrence: 2, outcome: 'draw' },
      noLegalMove: 'draw',
    },
    match: false,
  },
  fetlar: {
    id: 'fetlar',
    name: 'Fetlar Hnefatafl',
    documents: [
      'Fetlar Hnefatafl, the rules written for a computer implementation of the game',
      'Fetlar Hnefatafl Panel rules (repetition, on which the first is silent)',
    ],
    size: 11,
    drawnOn: 'squares',
    layout: fetlarLayout,
    firstToMove: 'attackers',
    words: { throne: 'throne', escape: 'corner' },
    escapeSquares: 'corners',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'protects' },
    end: {
      enclosure: false,
      exitFort: false,
      repetition: { occurrence: 3, outcome: 'draw' },
      noLegalMove: 'loses',
    },
    match: false,
  },
  copenhagen: {
    id: 'copenhagen',
    name: 'Copenhagen Hnefatafl',
    documents: ['World Tafl Federation, Copenhagen Hnefatafl 11x11 (2024-12-21)'],
    size: 11,
    drawnOn: 'squares',
    layout: fetlarLayout,
    firstToMove: 'attackers',
    words: { throne: 'throne', escape: 'corner' },
    escapeSquares: 'corners',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'always', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: true,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'protects' },
    end: {
      enclosure: true,
      exitFort: true,
      repetition: { occurrence: 3, outcome: 'defenders-lose' },
      noLegalMove: 'loses',
    },
    match: false,
  },
  brandubh: {
    id: 'brandubh',
    name: 'Brandubh',
    documents: ['World Tafl Federation, Brandubh 7x7'],
    size: 7,
    drawnOn: 'squares',
    layout: brandubhLayout,
    firstToMove: 'attackers',
    words: { throne: 'throne', escape: 'corner' },
    escapeSquares: 'corners',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'always', defenders: 'when-empty', king: 'never' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'custodial', elsewhere: 'custodial', edge: 'hostile' },
    end: {
      enclosure: true,
      exitFort: false,
      repetition: { occurrence: 3, outcome: 'defenders-lose' },
      noLegalMove: 'loses',
    },
    match: false,
  },
  tablut: {
    id: 'tablut',
    name: 'Tablut',
    documents: ['World Tafl Federation, Saami Tablut 9x9 (after Linnaeus)'],
    size: 9,
    drawnOn: 'squares',
    layout: tablutLayout,
    firstToMove: 'attackers',
    words: { throne: 'throne', escape: 'edge' },
    escapeSquares: 'edge',
    movement: { othersPassThrone: true },
    capture: {
      kingArmed: true,
      guards: false,
      throneHostileTo: { attackers: 'always', defenders: 'when-empty', king: 'when-empty' },
      shieldwall: false,
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'custodial', edge: 'hostile' },
    end: {
      enclosure: true,
      exitFort: false,
      repetition: { occurrence: 3, outcome: 'defenders-lose' },
      noLegalMove: 'loses',
    },
    match: false,
  },
};

export const variantIds = Object.keys(variants) as VariantId[];

export function isVariantId(id: string): id is VariantId {
  return Object.hasOwn(variants, id);
}

/** `server:` and a slug of lower-case letters, digits and single hyphens, at most 32 long. */
export function isServerVariantId(id: string): id is ServerVariantId {
  return /^server:[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && id.length <= 'server:'.length + 32;
}

export function getVariant(id: VariantId): Variant {
  return variants[id];
}
