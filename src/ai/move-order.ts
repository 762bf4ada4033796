/**
 * The order in which the search tries a position's moves, best first: the transposition table's
 * move, the king's way to an escape square, his moves into sight of one, captures, the killer moves
 * (quiet moves that refuted a sibling), the countermove (the last reply that refuted the move just
 * played), attackers closing on the king, then the history of quiet moves that caused cutoffs.
 */
import * as codes from '../engine/core.ts';
import { escapeLines, type Position } from '../engine/core.ts';
import { MAX_PLY } from './scores.ts';

const { ATTACKER, ATTACKERS, DEFENDER, KING, closesPincer, helpsCapture, sideOf } = codes;

const TABLE_MOVE = 1 << 30;
const TO_ESCAPE = 1 << 29;
const KING_THREAT = 1 << 28;
const CAPTURE = 1 << 27;
const KILLER = 1 << 25;
const COUNTER = 1 << 24;
const BESIDE_KING = 1 << 22;
/** History scores stay within ±HISTORY_MAX (so that they stay below every band above). */
const HISTORY_MAX = 1 << 20;
/** Moves scored at least this capture, threaten or win: the search never prunes or reduces them. */
export const TACTICAL = CAPTURE;

export class MoveOrder {
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history = new Int32Array(512 * 512);
  private readonly counters = new Int32Array(512 * 512);
  readonly scores: Int32Array[];

  constructor(bufferSize: number) {
    this.scores = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(bufferSize));
  }

  /** Scores the moves of ply `ply`; `previous` is the move that led here (0 if none or a pass). */
  score(
    position: Position,
    moves: Int32Array,
    count: number,
    ply: number,
    tableMove: number,
    previous: number,
  ) {
    const out = this.scores[ply];
    const { cells, rules, king } = position;
    const killer0 = this.killers[ply * 2];
    const killer1 = this.killers[ply * 2 + 1];
    const counter = previous === 0 ? 0 : this.counters[(previous & 511) * 512 + (previous >>> 9)];
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const from = move & 511;
      const to = move >>> 9;
      let score: number;
      if (move === tableMove) score = TABLE_MOVE;
      else if (cells[from] === KING && rules.escape[to] === 1) score = TO_ESCAPE;
      else if (cells[from] === KING && escapeLines(position, to, from) > 0) score = KING_THREAT;
      else {
        const captured = capturesOnArrival(position, from, to);
        if (captured > 0) score = CAPTURE + captured;
        else if (move === killer0) score = KILLER + 1;
        else if (move === killer1) score = KILLER;
        else if (move === counter) score = COUNTER;
        else {
          score = this.history[from * 512 + to] + HISTORY_MAX;
          if (cells[from] === ATTACKER && king >= 0 && besideKing(position, to)) score += BESIDE_KING;
        }
      }
      out[i] = score;
    }
  }

  /** Brings the best of moves[start..count) to `start` and returns it. */
  pick(moves: Int32Array, count: number, start: number, ply: number): number {
    const scores = this.scores[ply];
    let best = start;
    for (let i = start + 1; i < count; i++) if (scores[i] > scores[best]) best = i;
    const move = moves[best];
    if (best !== start) {
      moves[best] = moves[start];
      moves[start] = move;
      const score = scores[best];
      scores[best] = scores[start];
      scores[start] = score;
    }
    return move;
  }

  /**
   * A quiet move refuted the position: it becomes a killer and the countermove of `previous`, and
   * its history rises while that of the quiet moves tried before it falls.
   */
  rewardQuiet(
    move: number,
    ply: number,
    depth: number,
    previous: number,
    tried: Int32Array,
    triedCount: number,
  ) {
    if (this.killers[ply * 2] !== move) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2];
      this.killers[ply * 2] = move;
    }
    if (previous !== 0) this.counters[(previous & 511) * 512 + (previous >>> 9)] = move;
    const bonus = Math.min(depth * depth * 16, 4096);
    this.adjust(move, bonus);
    for (let i = 0; i < triedCount; i++) if (tried[i] !== move) this.adjust(tried[i], -bonus);
  }

  /** Forgets everything, for a new search. */
  clear(): void {
    this.killers.fill(0);
    this.history.fill(0);
    this.counters.fill(0);
  }

  private adjust(move: number, bonus: number): void {
    const index = (move & 511) * 512 + (move >>> 9);
    const value = this.history[index];
    // Gravity: the nearer a score is to the bound, the less it moves towards it.
    this.history[index] = value + bonus - Math.trunc((value * Math.abs(bonus)) / HISTORY_MAX);
  }
}

/** How many ordinary enemy pieces the piece on `from` would capture by moving to `to` (not the shieldwall). */
export function capturesOnArrival(position: Position, from: number, to: number): number {
  const { cells, rules } = position;
  const piece = cells[from];
  if (!helpsCapture(rules, piece)) return 0;
  const victimSide = sideOf(piece) ^ 1;
  const victim = victimSide === ATTACKERS ? ATTACKER : DEFENDER;
  const directions = rules.directions;
  let captured = 0;
  for (let k = 0; k < 4; k++) {
    const step = directions[k];
    // The square beyond the victim is never `from`: the mover slid over the victim's square.
    if (cells[to + step] === victim && closesPincer(rules, cells, to + 2 * step, victimSide)) captured++;
  }
  return captured;
}

function besideKing(position: Position, cell: number): boolean {
  const { king, rules } = position;
  const directions = rules.directions;
  for (let k = 0; k < 4; k++) if (cell + directions[k] === king) return true;
  return false;
}
