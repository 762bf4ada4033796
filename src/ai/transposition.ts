/**
 * The transposition table: what the search learnt about a position, in flat typed arrays. A
 * position's bucket is picked by the low word of its hash and checked against the high word. Each
 * bucket holds two entries: the first is kept for the deepest search and replaced only by one as
 * deep or deeper; the second always takes the newest result.
 */
import { MAX_PLY, WIN } from './scores.ts';

export const EXACT = 1;
/** The score is at least this (the search failed high). */
export const LOWER = 2;
/** The score is at most this (the search failed low). */
export const UPPER = 3;

export class TranspositionTable {
  private readonly checks: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int32Array;
  private readonly depths: Int8Array;
  /** 0: an empty entry, else EXACT, LOWER or UPPER. */
  private readonly flags: Uint8Array;
  /** Which search wrote each entry: an older search's entry gives way to the current one's. */
  private readonly ages: Uint8Array;
  private readonly mask: number;
  private age = 0;

  // The last probe's finding, read right after probe() returned true (no object a probe).
  move = 0;
  score = 0;
  depth = 0;
  flag = 0;

  constructor(bits = 20) {
    const size = 1 << bits;
    this.checks = new Int32Array(size);
    this.moves = new Int32Array(size);
    this.scores = new Int32Array(size);
    this.depths = new Int8Array(size);
    this.flags = new Uint8Array(size);
    this.ages = new Uint8Array(size);
    this.mask = size - 2;
  }

  clear(): void {
    this.flags.fill(0);
  }

  /**
   * Starts a search that keeps what the earlier ones found (a game's next move meets most of the
   * positions its last search saw), their entries giving way to the new search's.
   */
  nextSearch(): void {
    this.age = (this.age + 1) & 255;
  }

  /** Looks the position up; a score of a won or lost position is given as seen from `ply`. */
  probe(hashLo: number, hashHi: number, ply: number): boolean {
    let slot = hashLo & this.mask;
    if (this.flags[slot] === 0 || this.checks[slot] !== hashHi) {
      slot++;
      if (this.flags[slot] === 0 || this.checks[slot] !== hashHi) return false;
    }
    this.move = this.moves[slot];
    this.score = fromTable(this.scores[slot], ply);
    this.depth = this.depths[slot];
    this.flag = this.flags[slot];
    return true;
  }

  store(
    hashLo: number,
    hashHi: number,
    ply: number,
    depth: number,
    score: number,
    flag: number,
    move: number,
  ): void {
    let slot = hashLo & this.mask;
    const sameHere = this.checks[slot] === hashHi;
    if (this.flags[slot] !== 0 && !sameHere && depth < this.depths[slot] && this.ages[slot] === this.age)
      slot++;
    else if (sameHere && depth < this.depths[slot] && this.flags[slot] === EXACT && flag !== EXACT) slot++;
    // Keep the move a shallower result of the same position had, when this one has none.
    if (move === 0 && this.checks[slot] === hashHi && this.flags[slot] !== 0) move = this.moves[slot];
    this.checks[slot] = hashHi;
    this.moves[slot] = move;
    this.scores[slot] = toTable(score, ply);
    this.depths[slot] = Math.min(depth, 127);
    this.flags[slot] = flag;
    this.ages[slot] = this.age;
  }
}

// A won or lost score counts the plies from the root; the table keeps it counted from the position.
function toTable(score: number, ply: number): number {
  if (score >= WIN - MAX_PLY) return score + ply;
  if (score <= -(WIN - MAX_PLY)) return score - ply;
  return score;
}

function fromTable(score: number, ply: number): number {
  if (score >= WIN - MAX_PLY) return score - ply;
  if (score <= -(WIN - MAX_PLY)) return score + ply;
  return score;
}
