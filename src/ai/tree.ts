/**
 * The search below the root: principal-variation search with alpha-beta on the fast core, the
 * transposition table, null-move pruning, futility and late-move pruning near the horizon,
 * late-move reductions, an extension while the king threatens to escape, and a quiescence search
 * (quiescence.ts) past the horizon. Each pruning can be switched off (SearchParts) to check what
 * it changes.
 */
import * as codes from '../engine/core.ts';
import { escapeLines, judge, moveBufferSize, ONGOING, type Position } from '../engine/core.ts';
import { capturedWorth, evaluate, type Weights } from './evaluate.ts';
import { MoveOrder, TACTICAL } from './move-order.ts';
import { quiesce } from './quiescence.ts';
import { INFINITE, MAX_PLY, WIN } from './scores.ts';
import type { TimeManager } from './time-manager.ts';
import { EXACT, LOWER, type TranspositionTable, UPPER } from './transposition.ts';

const { ATTACKERS, DRAW, KING, OFF, EMPTY, sideOf } = codes;

/** The parts of the search that can be switched off; all are on by default. */
export interface SearchParts {
  nullMove: boolean;
  lateMoveReductions: boolean;
  /** Futility pruning (static and per move) and late-move pruning near the horizon. */
  futility: boolean;
  aspiration: boolean;
  escapeExtension: boolean;
  /** A draw scores below zero for the side that the evaluation says is better at the root. */
  contempt: boolean;
  /**
   * A table entry from a deeper search answers for a shallower one. Stronger, but the score then
   * depends on what earlier searches stored (an aspiration window's failed try, say), so with this
   * off a search at a fixed depth gives minimax's score exactly.
   */
  deeperEntries: boolean;
}

export const ALL_PARTS: SearchParts = {
  nullMove: true,
  lateMoveReductions: true,
  futility: true,
  aspiration: true,
  escapeExtension: true,
  contempt: true,
  deeperEntries: true,
};

/** Thrown out of the tree when the time is up; the driver takes the position back to the root. */
export class TimeUp extends Error {}

/** A side with at most this many pieces (king included) is near the end: null moves are verified. */
const FEW_PIECES = 4;
const FUTILITY_MARGIN = 90;
/** Quiet moves searched at depth 1 to 3 before the rest are pruned (late-move pruning, off the principal variation). */
const LATE_MOVES = [0, 10, 16, 26];

export class Tree {
  nodes = 0;
  /** A draw's score for the side to move at the root (negative with contempt when it is better). */
  rootDraw = 0;
  quiescencePlies = 4;
  readonly order: MoveOrder;
  private readonly buffers: Int32Array[];
  private readonly tried: Int32Array[];
  private readonly gains = new Int32Array(MAX_PLY + 2);
  private readonly passes = new Uint8Array(MAX_PLY + 2);
  private readonly played = new Int32Array(MAX_PLY + 2);
  /** Material, kept up to date move by move: counting it afresh at every leaf is most of an evaluation. */
  pieces = 0;
  rootSide: number;
  rootPly: number;
  /** The depth of the current iteration: extensions stop at twice as deep. */
  rootDepth = 1;

  constructor(
    readonly position: Position,
    readonly weights: Weights,
    readonly table: TranspositionTable,
    readonly time: TimeManager,
    readonly parts: SearchParts,
  ) {
    const workspace = workspaceFor(moveBufferSize(position.rules));
    this.order = workspace.order;
    this.buffers = workspace.buffers;
    this.tried = workspace.tried;
    this.rootSide = position.sideToMove;
    this.rootPly = position.ply;
  }

  /** The moves of `ply`, for the quiescence search (which never shares a ply with the main search). */
  noisyBuffer(ply: number): Int32Array {
    return this.buffers[ply];
  }

  play(move: number, ply: number): void {
    this.position.make(move);
    const gain = capturedWorth(this.position, this.weights);
    this.gains[ply] = gain;
    this.pieces += gain;
    this.passes[ply] = 0;
    this.played[ply] = move;
  }

  takeBack(ply: number): void {
    this.position.unmake();
    this.pieces -= this.gains[ply];
  }

  private pass(ply: number): void {
    this.position.makeNull();
    this.gains[ply] = 0;
    this.passes[ply] = 1;
    this.played[ply] = 0;
  }

  /** After a TimeUp: takes every move and pass of the tree back. */
  unwind(): void {
    const position = this.position;
    while (position.ply > this.rootPly) {
      const ply = position.ply - this.rootPly - 1;
      if (this.passes[ply] === 1) position.unmakeNull();
      else this.takeBack(ply);
    }
  }

  evaluate(): number {
    return evaluate(this.position, this.weights, this.pieces);
  }

  /** Counts the node, stops at the deadline, and scores a position where the game has ended (else null). */
  visit(ply: number): number | null {
    this.nodes++;
    if ((this.nodes & 1023) === 0 && this.time.expired()) throw new TimeUp();
    if (ply === 0) return null;
    const verdict = judge(this.position);
    if (!verdict) return null;
    if (verdict.winner === DRAW)
      return this.position.sideToMove === this.rootSide ? this.rootDraw : -this.rootDraw;
    return verdict.winner === this.position.sideToMove ? WIN - ply : -(WIN - ply);
  }

  /**
   * How many plies less to search the quiet move just played, the index-th tried at `depth`
   * (late-move reductions): none for a move that opens the king a line to an escape square.
   */
  reduction(depth: number, index: number, principal: boolean): number {
    const position = this.position;
    if (!this.parts.lateMoveReductions || depth < 3) return 0;
    if (position.sideToMove === ATTACKERS && escapeLines(position) > 0) return 0;
    return lateMoveReduction(depth, index, principal);
  }

  /** The score of the position at `ply` within (alpha, beta), searched `depth` plies deep. */
  search(depth: number, alpha: number, beta: number, ply: number, mayPass: boolean): number {
    const position = this.position;
    const end = this.visit(ply);
    if (end !== null) return end;
    const lines = escapeLines(position);
    const threatened = lines > 0 && position.sideToMove === ATTACKERS;
    if (threatened && this.parts.escapeExtension && ply < 2 * this.rootDepth) depth++;
    if (depth <= 0 || ply >= MAX_PLY - 16) {
      return this.quiescencePlies > 0
        ? quiesce(this, alpha, beta, ply, this.quiescencePlies)
        : this.evaluate();
    }
    // The king sees an escape square with the defenders to move: he takes it.
    if (lines > 0 && !threatened) return WIN - (ply + 1);
    const principal = beta - alpha > 1;
    const table = this.table;
    let tableMove = 0;
    if (table.probe(position.hashLo, position.hashHi, ply)) {
      tableMove = table.move;
      const deepEnough = this.parts.deeperEntries ? table.depth >= depth : table.depth === depth;
      if (!principal && deepEnough) {
        const score = table.score;
        if (table.flag === EXACT) return score;
        if (table.flag === LOWER && score >= beta) return score;
        if (table.flag === UPPER && score <= alpha) return score;
      }
    }

    const standing = threatened ? -INFINITE : this.evaluate();
    const parts = this.parts;
    const nearWin = beta >= WIN - MAX_PLY || alpha <= -(WIN - MAX_PLY);
    // Static futility: far enough above beta that the last plies will not bring it back down.
    if (parts.futility && !principal && !threatened && !nearWin && depth <= 3) {
      if (standing - FUTILITY_MARGIN * depth >= beta) return standing;
    }
    if (
      parts.nullMove &&
      mayPass &&
      !principal &&
      !threatened &&
      !nearWin &&
      depth >= 3 &&
      standing >= beta
    ) {
      const reduction = 3 + (depth >= 8 ? 1 : 0);
      this.pass(ply);
      const score = -this.search(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
      position.unmakeNull();
      if (score >= beta) {
        // Near the end of the game passing may be the only thing the side cannot afford
        // (zugzwang): there the cutoff must also come out of a search without a pass.
        if (!fewPieces(position)) return score >= WIN - MAX_PLY ? beta : score;
        if (this.search(depth - reduction, beta - 1, beta, ply, false) >= beta) return beta;
      }
    }

    const moves = this.buffers[ply];
    const count = position.generateMoves(moves);
    const previous = ply > 0 ? this.played[ply - 1] : 0;
    const order = this.order;
    order.score(position, moves, count, ply, tableMove, previous);
    const scores = order.scores[ply];
    const tried = this.tried[ply];
    let triedQuiet = 0;
    const startAlpha = alpha;
    let best = -INFINITE;
    let bestMove = 0;
    const futile =
      parts.futility &&
      !principal &&
      !threatened &&
      depth <= 3 &&
      standing + FUTILITY_MARGIN * depth <= alpha;
    for (let i = 0; i < count; i++) {
      const move = order.pick(moves, count, i, ply);
      const kingMoves = position.cells[move & 511] === KING;
      if (
        scores[i] < TACTICAL &&
        !kingMoves &&
        i > 0 &&
        best > -(WIN - MAX_PLY) &&
        parts.futility &&
        !threatened
      ) {
        if (futile || (!principal && depth < LATE_MOVES.length && triedQuiet >= LATE_MOVES[depth])) continue;
      }
      this.play(move, ply);
      const quiet = !kingMoves && position.lastCaptureCount() === 0 && position.status === ONGOING;
      let score: number;
      if (i === 0) {
        score = -this.search(depth - 1, -beta, -alpha, ply + 1, true);
      } else {
        const reduction = quiet && i >= 2 && !threatened ? this.reduction(depth, i, principal) : 0;
        score = -this.search(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
        if (score > alpha && reduction > 0)
          score = -this.search(depth - 1, -alpha - 1, -alpha, ply + 1, true);
        if (score > alpha && score < beta) score = -this.search(depth - 1, -beta, -alpha, ply + 1, true);
      }
      this.takeBack(ply);
      if (score > best) {
        best = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            if (quiet) order.rewardQuiet(move, ply, depth, previous, tried, triedQuiet);
            break;
          }
        }
      }
      if (quiet) tried[triedQuiet++] = move;
    }
    const flag = best >= beta ? LOWER : best > startAlpha ? EXACT : UPPER;
    table.store(position.hashLo, position.hashHi, ply, depth, best, flag, bestMove);
    return best;
  }
}

/** A search's move lists and move-ordering tables, kept for the next search on a board of the same size. */
interface Workspace {
  order: MoveOrder;
  buffers: Int32Array[];
  tried: Int32Array[];
}

// Searches run one at a time on a thread: allocating these afresh each move costs more than clearing them.
const workspaces = new Map<number, Workspace>();

function workspaceFor(size: number): Workspace {
  let workspace = workspaces.get(size);
  if (!workspace) {
    workspace = {
      order: new MoveOrder(size),
      buffers: Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(size)),
      tried: Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(size)),
    };
    workspaces.set(size, workspace);
  }
  workspace.order.clear();
  return workspace;
}

const reductions = Array.from({ length: 64 }, (_, depth) =>
  Array.from({ length: 256 }, (_, index) =>
    depth === 0 || index === 0 ? 0 : Math.floor(0.5 + (Math.log(depth) * Math.log(index)) / 1.8),
  ),
);

function lateMoveReduction(depth: number, index: number, principal: boolean): number {
  let reduction = reductions[Math.min(depth, 63)][Math.min(index, 255)];
  if (principal) reduction--;
  return Math.max(0, Math.min(reduction, depth - 2));
}

/** Whether the side to move is down to a few pieces, where a pass might be its best move. */
function fewPieces(position: Position): boolean {
  const { cells, rules } = position;
  const side = position.sideToMove;
  let count = 0;
  for (const cell of rules.squares) {
    const piece = cells[cell];
    if (piece !== EMPTY && piece !== OFF && sideOf(piece) === side && ++count > FEW_PIECES) return false;
  }
  return true;
}
