/**
 * The fast core: a board in a typed array, move generation, make and unmake, and an incremental
 * position hash. Everything a player or the bot sees goes through Game; perft and search use this.
 *
 * A move is one integer: `from | (to << 9)` (cells fit in 9 bits on boards up to 20x20).
 */
import type { CaptureBoard } from './capture.ts';
import * as captureRules from './capture.ts';
import type { RuleTables } from './rules.ts';
import * as codes from './rules.ts';

// Module-local copies: read through the import binding inside the hot loops, these cost
// about ten times more (measured on countMoves).
const { ATTACKER, ATTACKERS, DEFENDERS, EMPTY, KING, OFF, sideOf } = codes;
const { captureAround, kingCapturedBy } = captureRules;

export const ONGOING = 0;
export const KING_ESCAPED = 1;
export const KING_CAPTURED = 2;

export function encodeMove(from: number, to: number): number {
  return from | (to << 9);
}
export function moveFrom(move: number): number {
  return move & 511;
}
export function moveTo(move: number): number {
  return move >>> 9;
}

/** Most moves a side can have: every piece sliding across the whole board, generously bounded. */
export function moveBufferSize(rules: RuleTables): number {
  return rules.size * rules.size * 2 * (rules.size - 1);
}

export class Position implements CaptureBoard {
  readonly rules: RuleTables;
  readonly cells: Int8Array;
  sideToMove: number;
  /** The king's cell, or -1 in a position without a king. */
  king = -1;
  /** Plies made since this Position was set up. */
  ply = 0;
  /** KING_ESCAPED or KING_CAPTURED once the last move did so. */
  status = ONGOING;
  hashLo = 0;
  hashHi = 0;

  // Undo stack, one entry per ply.
  private moves = new Int32Array(256);
  private capturedFrom = new Int32Array(257);
  private statuses = new Int8Array(256);
  private sides = new Int8Array(256);
  private kings = new Int16Array(256);
  private capturedCells = new Int16Array(1024);
  private capturedPieces = new Int8Array(1024);
  private captureCount = 0;
  // Hash after each ply (index 0 = the set-up position) and the first index with the current piece count.
  private hashesLo = new Int32Array(257);
  private hashesHi = new Int32Array(257);
  private sinceCapture = new Int32Array(257);

  /** Scratch space for flood fills, reused to avoid allocation. */
  readonly marks: Uint32Array;
  markEpoch = 0;
  readonly queue: Int16Array;

  constructor(rules: RuleTables, cells: Int8Array, sideToMove: number) {
    this.rules = rules;
    this.cells = cells;
    this.sideToMove = sideToMove;
    this.marks = new Uint32Array(rules.cellCount);
    this.queue = new Int16Array(rules.cellCount);
    for (const cell of rules.squares) {
      const piece = cells[cell];
      if (piece === KING) this.king = cell;
      if (piece !== EMPTY) this.toggleHash(piece, cell);
    }
    if (sideToMove === DEFENDERS) this.toggleSide();
    this.hashesLo[0] = this.hashLo;
    this.hashesHi[0] = this.hashHi;
  }

  static empty(rules: RuleTables): Int8Array {
    const cells = new Int8Array(rules.cellCount).fill(OFF);
    for (const cell of rules.squares) cells[cell] = EMPTY;
    return cells;
  }

  clone(): Position {
    const copy = new Position(this.rules, new Int8Array(this.cells), this.sideToMove);
    copy.status = this.status;
    return copy;
  }

  private toggleHash(piece: number, cell: number): void {
    const key = piece * this.rules.cellCount + cell;
    this.hashLo ^= this.rules.zobristLo[key];
    this.hashHi ^= this.rules.zobristHi[key];
  }

  private toggleSide(): void {
    this.hashLo ^= this.rules.sideKeyLo;
    this.hashHi ^= this.rules.sideKeyHi;
  }

  // generateMoves, countMoves and hasMove repeat one walk of the board on purpose, for speed.
  /** Fills `out` with the moves of `side` (default: the side to move) and returns how many. */
  generateMoves(out: Int32Array, side = this.sideToMove): number {
    const { cells, rules } = this;
    const { squares, directions, kingOnly, kingOnlyPass } = rules;
    let n = 0;
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i];
      const piece = cells[from];
      if (piece === EMPTY || sideOf(piece) !== side) continue;
      for (let k = 0; k < 4; k++) {
        const d = directions[k];
        let to = from + d;
        if (piece === KING) {
          while (cells[to] === EMPTY) {
            out[n++] = from | (to << 9);
            to += d;
          }
        } else {
          while (cells[to] === EMPTY && kingOnlyPass[to] === 0) {
            if (kingOnly[to] === 0) out[n++] = from | (to << 9);
            to += d;
          }
        }
      }
    }
    return n;
  }

  /** How many moves `side` has, without listing them. */
  countMoves(side = this.sideToMove): number {
    const { cells, rules } = this;
    const { squares, directions, kingOnly, kingOnlyPass } = rules;
    let n = 0;
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i];
      const piece = cells[from];
      if (piece === EMPTY || sideOf(piece) !== side) continue;
      for (let k = 0; k < 4; k++) {
        const d = directions[k];
        let to = from + d;
        if (piece === KING) {
          while (cells[to] === EMPTY) {
            n++;
            to += d;
          }
        } else {
          while (cells[to] === EMPTY && kingOnlyPass[to] === 0) {
            n += 1 - kingOnly[to];
            to += d;
          }
        }
      }
    }
    return n;
  }

  /** Whether `side` has at least one move. */
  hasMove(side = this.sideToMove): boolean {
    const { cells, rules } = this;
    const { squares, directions, kingOnly, kingOnlyPass } = rules;
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i];
      const piece = cells[from];
      if (piece === EMPTY || sideOf(piece) !== side) continue;
      for (let k = 0; k < 4; k++) {
        const d = directions[k];
        let to = from + d;
        while (cells[to] === EMPTY && (piece === KING || kingOnlyPass[to] === 0)) {
          if (piece === KING || kingOnly[to] === 0) return true;
          to += d;
        }
      }
    }
    return false;
  }

  /** Plays a move that move generation produced. The moved piece's side need not be the side to move. */
  make(move: number): void {
    const ply = this.ply;
    if (ply + 1 >= this.moves.length) this.grow();
    const from = move & 511;
    const to = move >>> 9;
    const cells = this.cells;
    const piece = cells[from];
    this.moves[ply] = move;
    this.statuses[ply] = this.status;
    this.sides[ply] = this.sideToMove;
    this.kings[ply] = this.king;
    this.capturedFrom[ply] = this.captureCount;

    cells[from] = EMPTY;
    cells[to] = piece;
    this.toggleHash(piece, from);
    this.toggleHash(piece, to);
    if (piece === KING) this.king = to;

    captureAround(this, to);
    if (piece === KING && this.rules.escape[to] === 1) this.status = KING_ESCAPED;
    else if (piece === ATTACKER && this.king >= 0 && kingCapturedBy(this, to)) this.status = KING_CAPTURED;

    const next = sideOf(piece) ^ 1;
    if (next !== this.sideToMove) {
      this.sideToMove = next;
      this.toggleSide();
    }
    this.ply = ply + 1;
    this.hashesLo[ply + 1] = this.hashLo;
    this.hashesHi[ply + 1] = this.hashHi;
    this.sinceCapture[ply + 1] =
      this.captureCount > this.capturedFrom[ply] ? ply + 1 : this.sinceCapture[ply];
  }

  /**
   * Passes the turn (the search's null move: no rule allows it). It is undone by unmakeNull, and
   * no repetition is counted across it.
   */
  makeNull(): void {
    const ply = this.ply;
    if (ply + 1 >= this.moves.length) this.grow();
    this.moves[ply] = 0;
    this.statuses[ply] = this.status;
    this.sides[ply] = this.sideToMove;
    this.kings[ply] = this.king;
    this.capturedFrom[ply] = this.captureCount;
    this.sideToMove ^= 1;
    this.toggleSide();
    this.ply = ply + 1;
    this.hashesLo[ply + 1] = this.hashLo;
    this.hashesHi[ply + 1] = this.hashHi;
    this.sinceCapture[ply + 1] = ply + 1;
  }

  unmakeNull(): void {
    const ply = --this.ply;
    this.sideToMove = this.sides[ply];
    this.status = this.statuses[ply];
    this.hashLo = this.hashesLo[ply];
    this.hashHi = this.hashesHi[ply];
  }

  /** Called by the capture rules for each piece the current move captures. */
  removeCaptured(cell: number): void {
    if (this.captureCount >= this.capturedCells.length) this.growCaptures();
    const piece = this.cells[cell];
    this.capturedCells[this.captureCount] = cell;
    this.capturedPieces[this.captureCount] = piece;
    this.captureCount++;
    this.cells[cell] = EMPTY;
    this.toggleHash(piece, cell);
  }

  unmake(): void {
    const ply = --this.ply;
    const move = this.moves[ply];
    const from = move & 511;
    const to = move >>> 9;
    const cells = this.cells;
    const piece = cells[to];
    const firstCapture = this.capturedFrom[ply];
    for (let i = this.captureCount - 1; i >= firstCapture; i--) {
      cells[this.capturedCells[i]] = this.capturedPieces[i];
    }
    this.captureCount = firstCapture;
    cells[to] = EMPTY;
    cells[from] = piece;
    this.king = this.kings[ply];
    this.status = this.statuses[ply];
    this.sideToMove = this.sides[ply];
    this.hashLo = this.hashesLo[ply];
    this.hashHi = this.hashesHi[ply];
  }

  /** How many pieces the last move captured, without listing them. */
  lastCaptureCount(): number {
    return this.ply === 0 ? 0 : this.captureCount - this.capturedFrom[this.ply - 1];
  }

  /** The cells whose pieces the last move captured. */
  lastCaptures(): number[] {
    if (this.ply === 0) return [];
    const first = this.capturedFrom[this.ply - 1];
    return Array.from(this.capturedCells.subarray(first, this.captureCount));
  }

  /** How many times the current position, with the same side to move, has stood on the board. */
  occurrences(): number {
    const ply = this.ply;
    const lo = this.hashLo;
    const hi = this.hashHi;
    const oldest = this.sinceCapture[ply];
    let count = 1;
    for (let i = ply - 2; i >= oldest; i -= 2) {
      if (this.hashesLo[i] === lo && this.hashesHi[i] === hi) count++;
    }
    return count;
  }

  /** A new generation of flood-fill marks; cells marked with an older epoch count as unmarked. */
  nextMarkEpoch(): number {
    if (this.markEpoch === 0xffffffff) {
      this.marks.fill(0);
      this.markEpoch = 0;
    }
    return ++this.markEpoch;
  }

  private grow(): void {
    const size = this.moves.length * 2;
    this.moves = resize(this.moves, size);
    this.statuses = resize(this.statuses, size);
    this.sides = resize(this.sides, size);
    this.kings = resize(this.kings, size);
    this.capturedFrom = resize(this.capturedFrom, size + 1);
    this.hashesLo = resize(this.hashesLo, size + 1);
    this.hashesHi = resize(this.hashesHi, size + 1);
    this.sinceCapture = resize(this.sinceCapture, size + 1);
  }

  private growCaptures(): void {
    const size = this.capturedCells.length * 2;
    this.capturedCells = resize(this.capturedCells, size);
    this.capturedPieces = resize(this.capturedPieces, size);
  }
}

function resize<T extends Int32Array | Int16Array | Int8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

export { ATTACKERS, DEFENDERS };
