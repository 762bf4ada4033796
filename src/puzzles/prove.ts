/**
 * Proofs of puzzles by exhaustive search on the fast core. The solver is the side to move; a goal
 * is reached when the solver wins the game, or (the calmer kind) when, after the other side's
 * answer, the solver has taken `pieces` more pieces than it lost. `reaches(n)` asks whether the
 * solver reaches the goal within n of its own moves against every defence: an AND-OR search over
 * every legal move of both sides, nothing pruned that could change the answer.
 *
 * What keeps it quick is only where it looks first, never what it leaves out: a defence that
 * refuted a solver's move at this depth is tried first against the next one (most moves threaten
 * nothing, and one quiet answer refutes them all), and the solver's last move is looked for among
 * the only moves that could end the game at once (see `winsNow`).
 *
 * Lines stay within MAX_SOLVER_MOVES * 2 plies from the puzzle's position. A third occurrence of
 * a position needs eight plies at least, so within a puzzle no repetition ever wins; a second
 * occurrence (the Walker rules' draw) may happen, and the rules judge it like any other end.
 */

import type { Position } from '../engine/core.ts';
import * as codes from '../engine/core.ts';

// Module-local copies: read through the import binding in the hot loops they cost far more.
const { ATTACKER, ATTACKERS, DEFENDER, DEFENDERS, EMPTY, KING, OFF } = codes;
const { closesPincer, helpsCapture, judge, moveBufferSize, sideOf } = codes;

/** What the solver is to achieve. */
export type Goal = { kind: 'game' } | { kind: 'material'; pieces: number };

/** Paths to the edge sharing no square that one attackers' move cannot all close (see `mayEnclose`). */
const ENCLOSURE_PATHS = 6;

/** The most moves of the solver a puzzle asks for. */
export const MAX_SOLVER_MOVES = 3;

/** The search went past its budget of nodes: no answer either way. */
export class ProofBudgetExceeded extends Error {
  override name = 'ProofBudgetExceeded';
}

export class Prover {
  /** ATTACKERS or DEFENDERS: the side to move when the prover was made. */
  readonly solver: number;
  /** Positions made so far (every move played counts one). */
  nodes = 0;
  private readonly startPly: number;
  /** Pieces the solver has taken minus pieces it has lost, since the start. */
  private net = 0;
  private readonly gains: Int32Array;
  private readonly buffers: Int32Array[];
  /** By ply, two each: the defences that last refuted a solver's move there. */
  private readonly killers: Int32Array;
  /** Workspace of `mayEnclose`, by cell. */
  private readonly pathUsed: Uint8Array;
  private readonly pathParent: Int32Array;
  private readonly pathQueue: Int32Array;

  constructor(
    readonly position: Position,
    readonly goal: Goal,
    private readonly maxNodes = Number.POSITIVE_INFINITY,
  ) {
    this.solver = position.sideToMove;
    this.startPly = position.ply;
    const plies = MAX_SOLVER_MOVES * 2 + 2;
    this.gains = new Int32Array(plies);
    this.killers = new Int32Array(plies * 2);
    this.buffers = Array.from({ length: plies }, () => new Int32Array(moveBufferSize(position.rules)));
    const cellCount = position.cells.length;
    this.pathUsed = new Uint8Array(cellCount);
    this.pathParent = new Int32Array(cellCount);
    this.pathQueue = new Int32Array(cellCount);
  }

  /** Whether the solver, to move, reaches the goal within `n` of its moves against every defence. */
  reaches(n: number): boolean {
    if (n < 1) return false;
    if (n === 1 && this.goal.kind === 'game') return this.winsNow();
    // With one move left the material goal needs a capture (or a win of the game).
    const last = n === 1;
    if (last && this.winsNow()) return true;
    const ply = this.depth();
    const moves = this.buffers[ply];
    const count = this.sortedMoves(moves);
    for (let i = 0; i < count; i++) {
      if (last && !this.mayCapture(moves[i])) continue;
      this.play(moves[i], ply);
      const reached = this.moveReaches(n);
      this.takeBack(ply);
      if (reached) return true;
    }
    return false;
  }

  /**
   * The solver's first moves that reach the goal within `n` (at most `limit` of them, in the
   * order of move generation): every move is tried to its end, none short-circuited by another.
   */
  winningMoves(n: number, limit = Number.POSITIVE_INFINITY): number[] {
    const ply = this.depth();
    const moves = new Int32Array(moveBufferSize(this.position.rules));
    const count = this.position.generateMoves(moves);
    const found: number[] = [];
    for (let i = 0; i < count && found.length < limit; i++) {
      this.play(moves[i], ply);
      const reached = this.moveReaches(n);
      this.takeBack(ply);
      if (reached) found.push(moves[i]);
    }
    return found;
  }

  /**
   * After the solver's move: the other side's answers after which the solver needs all of its
   * `left` remaining moves (it cannot reach the goal within `left - 1`). These are the best
   * defences; a puzzle's line takes one of them.
   */
  bestDefences(left: number): number[] {
    const ply = this.depth();
    const moves = new Int32Array(moveBufferSize(this.position.rules));
    const count = this.position.generateMoves(moves);
    const best: number[] = [];
    for (let i = 0; i < count; i++) {
      this.play(moves[i], ply);
      const verdict = judge(this.position);
      const stillOpen = verdict === null && !this.materialReached() && !this.reaches(left - 1);
      this.takeBack(ply);
      if (stillOpen) best.push(moves[i]);
    }
    return best;
  }

  /** Plays a move of either side on the prover's position (following a line); `undo` takes it back. */
  follow(move: number): void {
    this.play(move, this.depth());
  }

  undo(): void {
    this.takeBack(this.depth() - 1);
  }

  /** Whether the material goal is met now (never for the game goal). */
  materialReached(): boolean {
    return this.goal.kind === 'material' && this.net >= this.goal.pieces;
  }

  /** Pieces the solver has taken minus pieces it has lost along the moves followed so far. */
  get material(): number {
    return this.net;
  }

  private depth(): number {
    return this.position.ply - this.startPly;
  }

  private play(move: number, ply: number): void {
    if (++this.nodes > this.maxNodes) throw new ProofBudgetExceeded();
    const mover = this.position.sideToMove;
    this.position.make(move);
    const taken = this.position.lastCaptureCount();
    const gain = mover === this.solver ? taken : -taken;
    this.gains[ply] = gain;
    this.net += gain;
  }

  private takeBack(ply: number): void {
    this.position.unmake();
    this.net -= this.gains[ply];
  }

  /** The solver has just moved, with `n` moves counting this one: whether the goal is reached within them. */
  private moveReaches(n: number): boolean {
    const verdict = judge(this.position);
    if (verdict) return verdict.winner === this.solver;
    if (n === 1) {
      if (this.goal.kind === 'game') return false;
      // The answer can only take pieces back (no repetition can win within a puzzle's plies).
      if (this.net < this.goal.pieces) return false;
    }
    return !this.someDefenceHolds(n);
  }

  /** The other side to move, the solver having used `n` moves counting its last: whether some answer holds. */
  private someDefenceHolds(n: number): boolean {
    const ply = this.depth();
    const killers = this.killers;
    // The defences that refuted the last moves tried here come first, without listing every move.
    const first = killers[ply * 2];
    const second = killers[ply * 2 + 1];
    if (first !== 0 && this.legal(first) && this.defenceHoldsAfter(first, n, ply)) return true;
    if (second !== 0 && this.legal(second) && this.defenceHoldsAfter(second, n, ply)) return true;
    const moves = this.buffers[ply];
    const count = this.position.generateMoves(moves);
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      if (move === first || move === second) continue;
      if (this.defenceHoldsAfter(move, n, ply)) {
        killers[ply * 2 + 1] = first;
        killers[ply * 2] = move;
        return true;
      }
    }
    return false;
  }

  private defenceHoldsAfter(move: number, n: number, ply: number): boolean {
    this.play(move, ply);
    const held = this.defenceHolds(n);
    this.takeBack(ply);
    return held;
  }

  /** Whether the side to move may play `move` (a killer from another position), by the rules of move generation. */
  private legal(move: number): boolean {
    const { cells, rules, sideToMove } = this.position;
    const from = move & 511;
    const to = move >>> 9;
    const piece = cells[from];
    if (piece === EMPTY || piece === OFF || sideOf(piece) !== sideToMove || cells[to] !== EMPTY) return false;
    const { width, kingOnly, kingOnlyPass } = rules;
    let step: number;
    if (Math.floor(from / width) === Math.floor(to / width)) step = to > from ? 1 : -1;
    else if ((to - from) % width === 0) step = to > from ? width : -width;
    else return false;
    const king = piece === KING;
    if (!king && (kingOnly[to] === 1 || kingOnlyPass[to] === 1)) return false;
    for (let cell = from + step; cell !== to; cell += step) {
      if (cells[cell] !== EMPTY || (!king && kingOnlyPass[cell] === 1)) return false;
    }
    return true;
  }

  /** The other side has just answered; the solver has `n - 1` moves left. */
  private defenceHolds(n: number): boolean {
    const verdict = judge(this.position);
    if (verdict) return verdict.winner !== this.solver;
    if (this.materialReached()) return false;
    if (n - 1 === 0) return true;
    return !this.reaches(n - 1);
  }

  /** The solver's moves, those near the king (his own moves, moves beside him) first. */
  private sortedMoves(moves: Int32Array): number {
    const { cells, rules, king } = this.position;
    const count = this.position.generateMoves(moves);
    let front = 0;
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const from = move & 511;
      const to = move >>> 9;
      let near = cells[from] === KING;
      if (!near && king >= 0) for (const d of rules.directions) if (to + d === king) near = true;
      if (near) {
        moves[i] = moves[front];
        moves[front++] = move;
      }
    }
    return count;
  }

  /**
   * Whether a move of the side to move could capture: it arrives beside an ordinary enemy piece
   * with a piece or square that closes the pincer beyond it (the move leaves that square as it
   * was: the piece could not have come from there, past the enemy), or, with the shieldwall, on
   * the edge.
   */
  private mayCapture(move: number): boolean {
    const { cells, rules } = this.position;
    const to = move >>> 9;
    const piece = cells[move & 511];
    if (!helpsCapture(rules, piece)) return false;
    if (rules.shieldwall && rules.edge[to] === 1) return true;
    const victimSide = sideOf(piece) ^ 1;
    const victim = victimSide === ATTACKERS ? ATTACKER : DEFENDER;
    for (const d of rules.directions) {
      if (cells[to + d] === victim && closesPincer(rules, cells, to + d + d, victimSide)) return true;
    }
    return false;
  }

  /**
   * Whether the solver, to move, has a move that wins the game at once. The rules end a game in
   * the solver's favour after its move only by: the king reaching an escape square; an exit fort
   * (the king on the edge after the move); the king captured (an attacker arriving beside him);
   * enclosure (any attackers' move); the other side left without a legal move. The last two are
   * looked for among every move whenever they could happen; otherwise only the king's moves, or
   * the attackers' moves onto a square beside him, are tried.
   */
  private winsNow(): boolean {
    const position = this.position;
    const { rules, cells, king } = position;
    const solver = this.solver;
    const exitFort = solver === DEFENDERS && rules.exitFort && king >= 0 && rules.edge[king] === 1;
    const enclosure = solver === ATTACKERS && rules.variant.end.enclosure && this.mayEnclose();
    // The king's way to an escape square, the quickest win to find, comes first.
    if (solver === DEFENDERS && king >= 0 && this.kingSeesEscape()) return true;
    if (exitFort || enclosure || this.mayRunOutOfMoves(solver ^ 1)) return this.anyMoveWins();
    if (king < 0) return false;
    const ply = this.depth();
    if (solver === DEFENDERS) {
      for (const d of rules.directions) {
        for (let to = king + d; cells[to] === EMPTY; to += d) {
          if (rules.escape[to] === 1) return true;
          if (rules.exitFort && rules.edge[to] === 1 && this.wins(king | (to << 9), ply)) return true;
        }
      }
      return false;
    }
    for (const d of rules.directions) {
      const beside = king + d;
      if (cells[beside] !== EMPTY || rules.kingOnly[beside] === 1 || rules.kingOnlyPass[beside] === 1)
        continue;
      for (const step of rules.directions) {
        let from = beside + step;
        while (cells[from] === EMPTY && rules.kingOnlyPass[from] === 0) from += step;
        if (cells[from] === ATTACKER && this.wins(from | (beside << 9), ply)) return true;
      }
    }
    return false;
  }

  /** Whether the king, to move, reaches an escape square in one move. */
  private kingSeesEscape(): boolean {
    const { rules, cells, king } = this.position;
    for (const d of rules.directions) {
      for (let to = king + d; cells[to] === EMPTY; to += d) if (rules.escape[to] === 1) return true;
    }
    return false;
  }

  private anyMoveWins(): boolean {
    const ply = this.depth();
    const moves = this.buffers[ply];
    const count = this.position.generateMoves(moves);
    for (let i = 0; i < count; i++) if (this.wins(moves[i], ply)) return true;
    return false;
  }

  /** Whether this solver's move ends the game with the solver winning. */
  private wins(move: number, ply: number): boolean {
    this.play(move, ply);
    const verdict = judge(this.position);
    this.takeBack(ply);
    return verdict !== null && verdict.winner === this.solver;
  }

  /**
   * Whether one move of the other side's enemy could leave `side` without a legal move, where that
   * loses. A piece with an empty neighbour it may stop on keeps a move unless the move lands on
   * that neighbour or captures it: either way the piece stands beside the move's square, which
   * has four neighbours (the shieldwall takes pieces only on the edge, so with it only pieces off
   * the edge are counted). More such pieces than four cannot all be stopped at once.
   */
  private mayRunOutOfMoves(side: number): boolean {
    const { rules, cells } = this.position;
    if (rules.variant.end.noLegalMove !== 'loses') return false;
    const { squares, directions, kingOnly, kingOnlyPass, edge } = rules;
    const enough = 4;
    const shieldwall = rules.shieldwall;
    let free = 0;
    for (let i = 0; i < squares.length; i++) {
      const cell = squares[i];
      const piece = cells[cell];
      if (piece === EMPTY || piece === OFF || sideOf(piece) !== side) continue;
      if (shieldwall && edge[cell] === 1) continue;
      for (let k = 0; k < 4; k++) {
        const next = cell + directions[k];
        if (cells[next] !== EMPTY) continue;
        if (piece === KING || (kingOnly[next] === 0 && kingOnlyPass[next] === 0)) {
          if (++free > enough) return false;
          break;
        }
      }
    }
    return true;
  }

  /**
   * Whether one attackers' move could enclose the defenders. Enclosure needs every defender cut
   * off from the edge. A path of non-attacker squares from a defender off the edge to an edge
   * square stays open after one attackers' move unless the move lands on it or captures the
   * defender it starts from, which then stands beside the move's square (the shieldwall takes
   * only pieces on the edge); so one move spoils at most five paths that share no square, and
   * six such paths mean no enclosure. The paths are found greedily (shortest first, each
   * square used once): a lower bound on how many there are, so "may" errs only towards yes.
   */
  private mayEnclose(): boolean {
    const { rules, cells } = this.position;
    const { squares, edge, directions } = rules;
    const used = this.pathUsed;
    const parent = this.pathParent;
    const queue = this.pathQueue;
    used.fill(0);
    for (let found = 0; found < ENCLOSURE_PATHS; found++) {
      parent.fill(-2);
      let tail = 0;
      for (let i = 0; i < squares.length; i++) {
        const cell = squares[i];
        const piece = cells[cell];
        if (piece > ATTACKER && piece < OFF && edge[cell] === 0 && used[cell] === 0) {
          parent[cell] = -1;
          queue[tail++] = cell;
        }
      }
      let end = -1;
      for (let head = 0; head < tail && end < 0; head++) {
        const cell = queue[head];
        for (let k = 0; k < 4; k++) {
          const next = cell + directions[k];
          const piece = cells[next];
          if (piece === OFF || piece === ATTACKER || used[next] === 1 || parent[next] !== -2) continue;
          parent[next] = cell;
          if (edge[next] === 1) {
            end = next;
            break;
          }
          queue[tail++] = next;
        }
      }
      if (end < 0) return true;
      for (let cell = end; cell >= 0; cell = parent[cell]) used[cell] = 1;
    }
    return false;
  }
}
