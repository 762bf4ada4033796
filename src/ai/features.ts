/**
 * What the learned evaluation looks at: a position as a vector of counts that decide tafl, all from
 * the defenders' point of view (the weights give each its sign). Computed at every leaf of the
 * search, so in one walk of the board and a flood fill, without allocation.
 */
import * as codes from '../engine/core.ts';
import * as capture from '../engine/core.ts';
import { type Position, type RuleTables, startingPositionOf } from '../engine/core.ts';

// Module-local copies: read through the import binding in hot loops, these cost far more.
const { ATTACKER, DEFENDER, GUARD, KING, EMPTY, OFF, ATTACKERS, DEFENDERS, fileOf, rankOf, cellOf } = codes;
const { closesPincer } = capture;

/** Each feature's place in the vector. */
const F = {
  /** 1 in every position: the side's standing before anything else is counted. */
  bias: 0,
  attackers: 1,
  defenders: 2,
  guards: 3,
  /** Squares the king reaches in one move. */
  kingMobility: 4,
  /** Escape squares the king reaches in one move. */
  kingOpenLines: 5,
  /** Squares the king reaches in one move from which an escape square is in open line: routes in two. */
  kingRoutes: 6,
  /** Steps from the king to the nearest escape square (the nearest corner, or edge). */
  kingDistance: 7,
  attackersBesideKing: 8,
  defendersBesideKing: 9,
  /** Attackers on the corners' diagonal guard squares (a3-b2-c1 and its mirror images). */
  cornerGuards: 10,
  /** Corners whose whole diagonal guard the attackers hold: the corner is closed to the king. */
  cornersClosed: 11,
  /** Escape squares the king's region touches: squares reached from him without crossing an attacker. */
  cordonGapEscapes: 12,
  /** Edge squares in the king's region: how far the attackers' cordon is from closed. */
  cordonGapEdge: 13,
  /** Attackers a defender's next move could capture. */
  attackersCapturable: 14,
  /** Defenders an attacker's next move could capture. */
  defendersCapturable: 15,
  defendersToMove: 16,
  attackerMobility: 17,
  defenderMobility: 18,
  /** The king on the edge, where an exit fort is built (Copenhagen). */
  kingOnEdge: 19,
  /** Defenders beside or diagonal to the king while he is on the edge: the shape of a fort. */
  edgeFortShape: 20,
} as const;

export type Feature = keyof typeof F;
export const FEATURES = Object.keys(F) as Feature[];
export const FEATURE_COUNT = FEATURES.length;

/** The variant families the weights are learned for. */
export const FAMILIES = ['7x7', '9x9', '11x11', 'copenhagen', '19x19'] as const;
export type Family = (typeof FAMILIES)[number];

/**
 * A variant's family, by how the king escapes before by its size, so that a server's own rules
 * get the weights learned for rules like theirs: escape to the edge as in Tablut, to corner
 * blocks as in Alea Evangelii, to exit forts as in Copenhagen, else to corners by the board.
 */
export function familyOf(rules: RuleTables): Family {
  const { escapeSquares } = rules.variant;
  if (escapeSquares === 'edge') return '9x9';
  if (escapeSquares === 'corner-blocks' || rules.size > 11) return '19x19';
  if (rules.exitFort) return 'copenhagen';
  return rules.size <= 7 ? '7x7' : '11x11';
}

/** The four corners, a1, a-top, right-1 and right-top, as the signs of a step away from each along files and ranks. */
export const CORNER_SIGNS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** Per variant: each corner's diagonal guard squares, in groups of `guardLength`; and the pieces at the start. */
export interface Layout {
  guards: Int16Array;
  guardLength: number;
  /** Each corner's file and rank, in the order of `guards`' groups. */
  corners: Int8Array;
  startingPieces: number;
}
const layouts = new WeakMap<RuleTables, Layout>();
let lastRules: RuleTables | null = null;
let lastLayout: Layout | null = null;

export function layoutOf(rules: RuleTables): Layout {
  if (rules === lastRules && lastLayout) return lastLayout;
  let layout = layouts.get(rules);
  if (layout) {
    lastRules = rules;
    lastLayout = layout;
    return layout;
  }
  const { variant, size, width } = rules;
  // A corner k squares wide is closed by the k + 2 squares on the diagonal just outside it.
  const k = variant.escapeSquares === 'corner-blocks' ? 2 : variant.escapeSquares === 'corners' ? 1 : 0;
  const guardLength = k === 0 ? 0 : k + 2;
  const guards = new Int16Array(4 * guardLength);
  const corners = new Int8Array(8);
  let n = 0;
  let c = 0;
  for (const [fileSign, rankSign] of CORNER_SIGNS) {
    corners[c++] = fileSign > 0 ? 0 : size - 1;
    corners[c++] = rankSign > 0 ? 0 : size - 1;
    for (let i = 0; i < guardLength; i++) {
      const file = fileSign > 0 ? i : size - 1 - i;
      const step = k + 1 - i;
      const rank = rankSign > 0 ? step : size - 1 - step;
      guards[n++] = cellOf(width, file, rank);
    }
  }
  const start = startingPositionOf(variant);
  let startingPieces = 0;
  for (const cell of rules.squares) if (start.cells[cell] !== EMPTY) startingPieces++;
  layout = { guards, guardLength, corners, startingPieces };
  layouts.set(rules, layout);
  return layout;
}

/**
 * Fills `out` (FEATURE_COUNT long) with the position's features and returns the phase: the share
 * of the starting pieces still on the board, 1 at the start and falling toward 0.
 */
export function extractFeatures(position: Position, out: Float64Array): number {
  const { rules, cells, king } = position;
  const { squares, directions, escape: escapes, edge, width, size } = rules;
  out.fill(0);
  out[F.bias] = 1;
  out[F.defendersToMove] = position.sideToMove === DEFENDERS ? 1 : 0;
  const { kingOnly, kingOnlyPass } = rules;
  let pieces = 0;
  let attackers = 0;
  let defenders = 0;
  let guardPieces = 0;
  let attackersCapturable = 0;
  let defendersCapturable = 0;
  let attackerMobility = 0;
  let defenderMobility = 0;
  for (let i = 0; i < squares.length; i++) {
    const cell = squares[i];
    const piece = cells[cell];
    if (piece === EMPTY) continue;
    pieces++;
    let moves = 0;
    for (let k = 0; k < 4; k++) {
      const d = directions[k];
      let to = cell + d;
      if (piece === KING) {
        while (cells[to] === EMPTY) {
          moves++;
          to += d;
        }
      } else {
        while (cells[to] === EMPTY && kingOnlyPass[to] === 0) {
          moves += 1 - kingOnly[to];
          to += d;
        }
      }
    }
    if (piece === ATTACKER) {
      attackers++;
      attackerMobility += moves;
      if (capturable(position, cell, ATTACKERS)) attackersCapturable++;
    } else {
      defenderMobility += moves;
      if (piece === DEFENDER) {
        defenders++;
        if (capturable(position, cell, DEFENDERS)) defendersCapturable++;
      } else if (piece === GUARD) guardPieces++;
    }
  }
  out[F.attackers] = attackers;
  out[F.defenders] = defenders;
  out[F.guards] = guardPieces;
  out[F.attackersCapturable] = attackersCapturable;
  out[F.defendersCapturable] = defendersCapturable;
  out[F.attackerMobility] = attackerMobility;
  out[F.defenderMobility] = defenderMobility;

  const layout = layoutOf(rules);
  const { guards, guardLength } = layout;
  for (let start = 0; start < guards.length; start += guardLength) {
    let held = 0;
    for (let i = start; i < start + guardLength; i++) if (cells[guards[i]] === ATTACKER) held++;
    out[F.cornerGuards] += held;
    if (held === guardLength) out[F.cornersClosed]++;
  }

  if (king >= 0) {
    let mobility = 0;
    let openLines = 0;
    let routes = 0;
    for (let k = 0; k < 4; k++) {
      const step = directions[k];
      let cell = king + step;
      while (cells[cell] === EMPTY) {
        mobility++;
        if (escapes[cell] === 1) openLines++;
        else if (seesEscape(position, cell, king)) routes++;
        cell += step;
      }
      const beside = cells[king + step];
      if (beside === ATTACKER) out[F.attackersBesideKing]++;
      else if (beside === DEFENDER || beside === GUARD) out[F.defendersBesideKing]++;
    }
    out[F.kingMobility] = mobility;
    out[F.kingOpenLines] = openLines;
    out[F.kingRoutes] = routes;
    const file = fileOf(width, king);
    const rank = rankOf(width, king);
    const toEdgeFile = Math.min(file, size - 1 - file);
    const toEdgeRank = Math.min(rank, size - 1 - rank);
    const { escapeSquares } = rules.variant;
    out[F.kingDistance] =
      escapeSquares === 'edge'
        ? Math.min(toEdgeFile, toEdgeRank)
        : escapeSquares === 'corner-blocks'
          ? Math.max(0, toEdgeFile - 1) + Math.max(0, toEdgeRank - 1)
          : toEdgeFile + toEdgeRank;
    if (edge[king] === 1) {
      out[F.kingOnEdge] = 1;
      let shape = 0;
      for (const around of [1, -1, width, -width, width + 1, width - 1, -width + 1, -width - 1]) {
        if (cells[king + around] === DEFENDER) shape++;
      }
      out[F.edgeFortShape] = shape;
    }
    kingRegion(position, out);
  }
  return Math.min(1, pieces / layout.startingPieces);
}

/** Whether the king, standing on `from` (having left `vacated`), would see an escape square in line. */
function seesEscape(position: Position, from: number, vacated: number): boolean {
  const { cells, rules } = position;
  for (let k = 0; k < 4; k++) {
    const step = rules.directions[k];
    let cell = from + step;
    while (cells[cell] === EMPTY || cell === vacated) {
      if (rules.escape[cell] === 1) return true;
      cell += step;
    }
  }
  return false;
}

/** The king's region: every square reached from him without crossing an attacker. Counts its escape and edge squares. */
function kingRegion(position: Position, out: Float64Array): void {
  const { cells, rules, marks, queue } = position;
  const { directions, escape: escapes, edge } = rules;
  const seen = position.nextMarkEpoch();
  let tail = 0;
  let escapeCount = 0;
  let edges = 0;
  marks[position.king] = seen;
  queue[tail++] = position.king;
  for (let head = 0; head < tail; head++) {
    const cell = queue[head];
    if (escapes[cell] === 1) escapeCount++;
    if (edge[cell] === 1) edges++;
    for (let k = 0; k < 4; k++) {
      const next = cell + directions[k];
      const piece = cells[next];
      if (piece === OFF || piece === ATTACKER || marks[next] === seen) continue;
      marks[next] = seen;
      queue[tail++] = next;
    }
  }
  out[F.cordonGapEscapes] = escapeCount;
  out[F.cordonGapEdge] = edges;
}

/**
 * Whether the piece on `cell` (of `victimSide`) can be captured by one move of the other side: a
 * pincer's far side is already closed, and an enemy that can capture slides onto the near side.
 */
function capturable(position: Position, cell: number, victimSide: number): boolean {
  const { rules, cells } = position;
  const { directions, kingOnly, kingOnlyPass } = rules;
  const kingCaptures = rules.kingArmed && victimSide === ATTACKERS;
  for (let k = 0; k < 4; k++) {
    const step = directions[k];
    const near = cell + step;
    if (cells[near] !== EMPTY || kingOnly[near] === 1) continue;
    if (!closesPincer(rules, cells, cell - step, victimSide)) continue;
    // An enemy reaching `near` along any line but the one through the victim.
    for (let j = 0; j < 4; j++) {
      const toward = directions[j];
      if (toward === -step) continue;
      let from = near + toward;
      while (cells[from] === EMPTY && kingOnlyPass[from] === 0) from += toward;
      const mover = cells[from];
      if (
        victimSide === DEFENDERS ? mover === ATTACKER : mover === DEFENDER || (mover === KING && kingCaptures)
      )
        return true;
    }
  }
  return false;
}
