/**
 * Where the king escapes to 2x2 corner blocks (Alea Evangelii): whether the attackers have sealed
 * a corner, so that no square beside its block can be reached from outside the corner's 6x6 box
 * without crossing an attacker, and how many of the five squares of its usual seal they hold.
 * The usual seal (a4 b4 c3 d2 d1 and its mirror images) stands on no square beside the block,
 * where the block's hostility would let a single defender take a piece.
 */
import * as codes from '../engine/core.ts';
import { cellOf, type Position, type RuleTables } from '../engine/core.ts';
import { CORNER_SIGNS } from './features.ts';

const { ATTACKER, KING, OFF } = codes;

/** The corner's box: this many squares along each edge, the block included. */
const BOX = 6;
/** The usual seal as steps from the corner along the file and the rank: a4 b4 c3 d2 d1 at a1. */
const SEAL: readonly [number, number][] = [
  [0, 3],
  [1, 3],
  [2, 2],
  [3, 1],
  [3, 0],
];
/** The squares beside the block, from which the king steps in: a3 b3 c1 c2 at a1. */
const DOORSTEPS: readonly [number, number][] = [
  [0, 2],
  [1, 2],
  [2, 0],
  [2, 1],
];

export interface CornerSeals {
  /** Per corner, in the order of CORNER_SIGNS, its four doorsteps. */
  doorsteps: Int16Array;
  /** Per corner, the five squares of its usual seal. */
  seal: Int16Array;
  /** Per cell: 1 + the corner whose box it lies in (block excluded), else 0. */
  box: Uint8Array;
  /** Per cell: 1 on the box's inner boundary, where a fill from the doorsteps has got out. */
  boundary: Uint8Array;
}

const tables = new WeakMap<RuleTables, CornerSeals>();

export function cornerSealsOf(rules: RuleTables): CornerSeals {
  let seals = tables.get(rules);
  if (seals) return seals;
  const { size, width, cellCount } = rules;
  const doorsteps = new Int16Array(16);
  const seal = new Int16Array(20);
  const box = new Uint8Array(cellCount);
  const boundary = new Uint8Array(cellCount);
  let corner = 0;
  for (const [fileSign, rankSign] of CORNER_SIGNS) {
    const at = (x: number, y: number) =>
      cellOf(width, fileSign > 0 ? x : size - 1 - x, rankSign > 0 ? y : size - 1 - y);
    DOORSTEPS.forEach(([x, y], i) => {
      doorsteps[corner * 4 + i] = at(x, y);
    });
    SEAL.forEach(([x, y], i) => {
      seal[corner * 5 + i] = at(x, y);
    });
    for (let x = 0; x < BOX; x++) {
      for (let y = 0; y < BOX; y++) {
        if (x < 2 && y < 2) continue;
        box[at(x, y)] = corner + 1;
        if (x === BOX - 1 || y === BOX - 1) boundary[at(x, y)] = 1;
      }
    }
    corner++;
  }
  seals = { doorsteps, seal, box, boundary };
  tables.set(rules, seals);
  return seals;
}

/** Whether no square beside corner `corner`'s block can be reached from outside its box, nor holds the king. */
export function cornerSealed(position: Position, seals: CornerSeals, corner: number): boolean {
  const { cells, marks, queue, rules } = position;
  const { directions } = rules;
  const { box, boundary, doorsteps } = seals;
  const seen = position.nextMarkEpoch();
  const inBox = corner + 1;
  let tail = 0;
  for (let i = corner * 4; i < corner * 4 + 4; i++) {
    const cell = doorsteps[i];
    if (cells[cell] === ATTACKER) continue;
    marks[cell] = seen;
    queue[tail++] = cell;
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    if (boundary[cell] === 1 || cells[cell] === KING) return false;
    for (let k = 0; k < 4; k++) {
      const next = cell + directions[k];
      const piece = cells[next];
      if (piece === OFF || piece === ATTACKER || box[next] !== inBox || marks[next] === seen) continue;
      marks[next] = seen;
      queue[tail++] = next;
    }
  }
  return true;
}

/** The attackers' standing at the corners: `sealWeight` per sealed corner, `squareWeight` per square of a usual seal held. */
export function cornerSealScore(position: Position, sealWeight: number, squareWeight: number): number {
  const seals = cornerSealsOf(position.rules);
  const { cells } = position;
  let score = 0;
  for (let corner = 0; corner < 4; corner++) {
    if (cornerSealed(position, seals, corner)) score += sealWeight;
    else
      for (let i = corner * 5; i < corner * 5 + 5; i++)
        if (cells[seals.seal[i]] === ATTACKER) score += squareWeight;
  }
  return score;
}
