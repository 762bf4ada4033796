import type { Variant } from './variants.ts';

/**
 * The engine's internal encoding. A board of size n is stored with a one-cell border of OFF
 * cells, so a piece sliding off the board meets a non-empty cell and stops without a bounds test.
 */
export const EMPTY = 0;
export const ATTACKER = 1;
export const DEFENDER = 2;
export const GUARD = 3;
export const KING = 4;
export const OFF = 5;

export const ATTACKERS = 0;
export const DEFENDERS = 1;

/** Which side a piece code belongs to. Only meaningful for the four piece codes. */
export function sideOf(piece: number): number {
  return piece === ATTACKER ? ATTACKERS : DEFENDERS;
}

/** Where the king stands, for the king-capture rules. */
export const ZONE_ELSEWHERE = 0;
export const ZONE_THRONE = 1;
export const ZONE_BESIDE_THRONE = 2;

export const CAPTURE_SURROUND = 0;
export const CAPTURE_CUSTODIAL = 1;

/** A variant compiled into lookup tables indexed by cell. Built once per variant. */
export interface RuleTables {
  variant: Variant;
  size: number;
  /** Row stride: size + 2. */
  width: number;
  cellCount: number;
  /** On-board cells in notation order: rank 1 a..., then rank 2, ... */
  squares: Int16Array;
  /** East, west, north, south. */
  directions: readonly [number, number, number, number];
  throne: number;
  /** Only the king may stop here. */
  kingOnly: Uint8Array;
  /** Only the king may pass over here. */
  kingOnlyPass: Uint8Array;
  /** The king wins on arriving here. */
  escape: Uint8Array;
  /** The corner squares (or corner blocks) that only the king may enter, hostile to every piece; none with edge escape. */
  corner: Uint8Array;
  edge: Uint8Array;
  kingZone: Uint8Array;
  /** By zone: CAPTURE_SURROUND or CAPTURE_CUSTODIAL. */
  kingCaptureMode: Uint8Array;
  edgeProtectsKing: boolean;
  /** hostileWhenEmpty[victimSide][cell]: the empty cell counts as an enemy of that side's pieces. */
  hostileWhenEmpty: [Uint8Array, Uint8Array];
  /** The empty cell counts as an attacker against the king. */
  hostileToKing: Uint8Array;
  shieldwall: boolean;
  exitFort: boolean;
  /** The throne counts against attackers even with the king on it. */
  throneAlwaysHostileToAttackers: boolean;
  kingArmed: boolean;
  /** Zobrist keys, two 32-bit halves, indexed piece * cellCount + cell. */
  zobristLo: Int32Array;
  zobristHi: Int32Array;
  sideKeyLo: number;
  sideKeyHi: number;
}

export function cellOf(width: number, file: number, rank: number): number {
  return (rank + 1) * width + (file + 1);
}

export function fileOf(width: number, cell: number): number {
  return (cell % width) - 1;
}

export function rankOf(width: number, cell: number): number {
  return Math.floor(cell / width) - 1;
}

/** The corner squares of a variant (none when the king escapes to the edge) as (file, rank) pairs. */
function cornerCoordinates(variant: Variant): [number, number][] {
  if (variant.escapeSquares === 'edge') return [];
  const last = variant.size - 1;
  const corners: [number, number][] = [
    [0, 0],
    [0, last],
    [last, 0],
    [last, last],
  ];
  if (variant.escapeSquares === 'corners') return corners;
  const block: [number, number][] = [];
  for (const [file, rank] of corners) {
    const df = file === 0 ? 1 : -1;
    const dr = rank === 0 ? 1 : -1;
    block.push([file, rank], [file + df, rank], [file, rank + dr], [file + df, rank + dr]);
  }
  return block;
}

/** Keyed by the record itself: two servers' rule sets may share an id, never a record. */
const compiled = new WeakMap<Variant, RuleTables>();

export function rulesFor(variant: Variant): RuleTables {
  let tables = compiled.get(variant);
  if (!tables) {
    tables = compile(variant);
    compiled.set(variant, tables);
  }
  return tables;
}

function compile(variant: Variant): RuleTables {
  const size = variant.size;
  const width = size + 2;
  const cellCount = width * width;
  const squares = new Int16Array(size * size);
  const edge = new Uint8Array(cellCount);
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      const cell = cellOf(width, file, rank);
      squares[rank * size + file] = cell;
      if (file === 0 || rank === 0 || file === size - 1 || rank === size - 1) edge[cell] = 1;
    }
  }
  const centre = (size - 1) / 2;
  const throne = cellOf(width, centre, centre);
  const directions = [1, -1, width, -width] as const;

  const corner = new Uint8Array(cellCount);
  for (const [file, rank] of cornerCoordinates(variant)) corner[cellOf(width, file, rank)] = 1;
  const escapeCells = variant.escapeSquares === 'edge' ? new Uint8Array(edge) : new Uint8Array(corner);

  const kingOnly = new Uint8Array(corner);
  kingOnly[throne] = 1;
  const kingOnlyPass = new Uint8Array(corner);
  if (!variant.movement.othersPassThrone) kingOnlyPass[throne] = 1;

  const kingZone = new Uint8Array(cellCount);
  kingZone[throne] = ZONE_THRONE;
  for (const d of directions) kingZone[throne + d] = ZONE_BESIDE_THRONE;
  const modeOf = (mode: Variant['kingCapture']['elsewhere']) =>
    mode === 'surround' ? CAPTURE_SURROUND : CAPTURE_CUSTODIAL;
  const kingCaptureMode = new Uint8Array(3);
  kingCaptureMode[ZONE_ELSEWHERE] = modeOf(variant.kingCapture.elsewhere);
  kingCaptureMode[ZONE_THRONE] = modeOf(variant.kingCapture.onThrone);
  kingCaptureMode[ZONE_BESIDE_THRONE] = modeOf(variant.kingCapture.besideThrone);

  // Corners are hostile to every piece unless the variant says otherwise; the throne as the variant says.
  const { throneHostileTo } = variant.capture;
  const cornersHostileTo = variant.capture.cornersHostileTo ?? { attackers: true, defenders: true };
  const noCorners = new Uint8Array(cellCount);
  const hostileToAttackers = new Uint8Array(cornersHostileTo.attackers ? corner : noCorners);
  const hostileToDefenders = new Uint8Array(cornersHostileTo.defenders ? corner : noCorners);
  const hostileToKing = new Uint8Array(cornersHostileTo.defenders ? corner : noCorners);
  hostileToAttackers[throne] = 1; // 'always' and 'when-empty' both include the empty throne
  hostileToDefenders[throne] = throneHostileTo.defenders === 'when-empty' ? 1 : 0;
  hostileToKing[throne] = throneHostileTo.king === 'when-empty' ? 1 : 0;

  const zobristLo = new Int32Array(5 * cellCount);
  const zobristHi = new Int32Array(5 * cellCount);
  const random = splitMix32(0x7af1 + size);
  for (let i = 0; i < zobristLo.length; i++) {
    zobristLo[i] = random();
    zobristHi[i] = random();
  }

  return {
    variant,
    size,
    width,
    cellCount,
    squares,
    directions,
    throne,
    kingOnly,
    kingOnlyPass,
    escape: escapeCells,
    corner,
    edge,
    kingZone,
    kingCaptureMode,
    edgeProtectsKing: variant.kingCapture.edge === 'protects',
    hostileWhenEmpty: [hostileToAttackers, hostileToDefenders],
    hostileToKing,
    shieldwall: variant.capture.shieldwall,
    exitFort: variant.end.exitFort,
    throneAlwaysHostileToAttackers: variant.capture.throneHostileTo.attackers === 'always',
    kingArmed: variant.capture.kingArmed,
    zobristLo,
    zobristHi,
    sideKeyLo: random(),
    sideKeyHi: random(),
  };
}

/** A small deterministic generator, so hashes are the same in every process. */
function splitMix32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return z ^ (z >>> 16);
  };
}
