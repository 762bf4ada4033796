import type { Side, VariantId } from './types.ts';

/**
 * A rule set as data. Changing how a variant plays means editing its record here; the engine
 * reads nothing else. The readings of terse documents are in shared/rules/README.md.
 */
export interface Variant {
  id: VariantId;
  name: string;
  /** The rule documents this record follows, in shared/rules/. */
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
    escape: 'citadel' | 'corner';
  };
  /** The squares the king escapes to: the four corner squares, or the 2x2 block in each corner. */
  escapeSquares: 'corners' | 'corner-blocks';
  movement: {
    /** Non-king pieces may pass over the empty throne (they may never stop on it, nor on an escape square). */
    othersPassThrone: boolean;
  };
  capture: {
    /** The king helps capture, as the moving piece and as the far side of a pincer. */
    kingArmed: boolean;
    /** Guards (`G`) exist: never captured and never help capture. */
    guards: boolean;
    /** When the throne counts as an enemy piece of the side whose piece would be captured against it. */
    throneHostileTo: { attackers: 'always' | 'when-empty'; defenders: 'when-empty' | 'never' };
  };
  /**
   * How the king falls, by where he stands. `surround`: every side closed by attackers, the hostile
   * empty throne or an escape square, and the board edge as `edge` says; `custodial`: like any other piece.
   */
  kingCapture: {
    onThrone: 'surround';
    besideThrone: 'surround';
    elsewhere: 'surround' | 'custodial';
    /** `hostile`: the edge closes a side; `protects`: a king on the edge cannot be captured. */
    edge: 'hostile' | 'protects';
  };
  end: {
    /** Attackers win by sealing the king and every defender away from the edge. */
    enclosure: boolean;
    repetition: { occurrence: 2 | 3; outcome: 'draw' | 'mover-loses' };
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

export const variants: Record<VariantId, Variant> = {
  'alea-guards': {
    id: 'alea-guards',
    name: 'Alea Evangelii (guard rules)',
    documents: ['000_c2eae202b7628809.txt'],
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
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty' },
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'hostile' },
    end: { enclosure: false, repetition: { occurrence: 3, outcome: 'draw' }, noLegalMove: 'loses' },
    match: false,
  },
  'alea-armed': {
    id: 'alea-armed',
    name: 'Alea Evangelii (armed king)',
    documents: ['001_c33d8cdb06d29128.txt', '003_23ec5d2b8c766355.txt'],
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
      throneHostileTo: { attackers: 'always', defenders: 'when-empty' },
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'hostile' },
    end: { enclosure: true, repetition: { occurrence: 3, outcome: 'mover-loses' }, noLegalMove: 'draw' },
    match: true,
  },
  'alea-walker': {
    id: 'alea-walker',
    name: 'Alea Evangelii (Walker 2014)',
    documents: ['004_84722d3329ea840e.txt'],
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
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty' },
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'custodial', edge: 'hostile' },
    end: { enclosure: false, repetition: { occurrence: 2, outcome: 'draw' }, noLegalMove: 'draw' },
    match: false,
  },
  fetlar: {
    id: 'fetlar',
    name: 'Fetlar Hnefatafl',
    documents: ['002_73ea41ef393d9b62.txt'],
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
      throneHostileTo: { attackers: 'when-empty', defenders: 'when-empty' },
    },
    kingCapture: { onThrone: 'surround', besideThrone: 'surround', elsewhere: 'surround', edge: 'protects' },
    end: { enclosure: false, repetition: { occurrence: 3, outcome: 'draw' }, noLegalMove: 'loses' },
    match: false,
  },
};

export const variantIds = Object.keys(variants) as VariantId[];

export function isVariantId(id: string): id is VariantId {
  return Object.hasOwn(variants, id);
}

export function getVariant(id: VariantId): Variant {
  return variants[id];
}
