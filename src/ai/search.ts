/**
 * The AI's search: iterative deepening negamax with alpha-beta, a transposition table on the
 * position's Zobrist hash, and move ordering (the table's move, captures and king moves, killer
 * moves, the history heuristic). Past the nominal depth a quiescence search follows the noisy
 * moves (captures, the king's threats and the answers to them) until the position is quiet, so
 * that a capture one ply beyond the horizon is not missed. It stops when its time is up and
 * returns the best move of the last finished depth.
 */

import * as codes from '../engine/core.ts';
import {
  DRAW,
  escapeLines,
  judge,
  KING_CAPTURED,
  moveBufferSize,
  ONGOING,
  type Position,
} from '../engine/core.ts';
import { capturedWorth, evaluate, material, WEIGHTS, type Weights } from './evaluate.ts';
import { noisyMoves } from './noisy.ts';

const { KING, EMPTY, OFF, DEFENDERS, sideOf } = codes;

export const WIN = 100_000;
const MAX_PLY = 64;
/** How many plies of captures and king threats are followed past the nominal depth. */
export const QUIESCENCE_PLIES = 4;

export interface SearchOptions {
  /** Milliseconds to think. */
  timeMs: number;
  maxDepth?: number;
  /** 0..1: how much noise to add to root scores (the easy level plays weaker moves). */
  randomness?: number;
  random?: () => number;
  /** Plies of quiescence search past the nominal depth; 0 scores the horizon by the evaluation alone. */
  quiescencePlies?: number;
}

export interface SearchResult {
  move: number;
  score: number;
  depth: number;
  nodes: number;
}

interface Entry {
  depth: number;
  score: number;
  flag: 0 | 1 | 2; // exact, lower bound, upper bound
  move: number;
}

class TimeUp extends Error {}

export function search(position: Position, options: SearchOptions): SearchResult {
  const deadline = performance.now() + options.timeMs;
  const weights: Weights = position.rules.size > 11 ? WEIGHTS.large : WEIGHTS.small;
  const table = new Map<number, Entry>();
  const killers = new Int32Array(MAX_PLY * 2);
  const history = new Int32Array(512 * 512);
  const buffers = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(moveBufferSize(position.rules)));
  const scores = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(moveBufferSize(position.rules)));
  let nodes = 0;
  const random = options.random ?? Math.random;
  const noise = (options.randomness ?? 0) * 150;
  const quiescencePlies = options.quiescencePlies ?? QUIESCENCE_PLIES;

  // Material, kept up to date move by move: counting it afresh at every leaf is most of an evaluation.
  let pieces = material(position, weights);
  const gains = new Int32Array(MAX_PLY + 1);
  const play = (move: number, ply: number) => {
    position.make(move);
    gains[ply] = capturedWorth(position, weights);
    pieces += gains[ply];
  };
  const takeBack = (ply: number) => {
    position.unmake();
    pieces -= gains[ply];
  };

  const key = () => (position.hashLo >>> 0) * 4096 + (position.hashHi & 4095);

  function terminal(ply: number): number | null {
    const verdict = judge(position);
    if (!verdict) return null;
    if (verdict.winner === DRAW) return 0;
    return verdict.winner === position.sideToMove ? WIN - ply : -(WIN - ply);
  }

  function order(moves: Int32Array, count: number, ply: number, best: number): void {
    const order = scores[ply];
    const cells = position.cells;
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const from = move & 511;
      const to = move >>> 9;
      let score = history[from * 512 + to];
      if (move === best) score += 1 << 28;
      else if (move === killers[ply * 2] || move === killers[ply * 2 + 1]) score += 1 << 24;
      if (cells[from] === KING) score += 1 << 20;
      if (position.rules.escape[to] === 1) score += 1 << 27;
      // Moves next to enemy pieces are where captures happen.
      for (const step of position.rules.directions) {
        const neighbour = cells[to + step];
        if (neighbour !== EMPTY && neighbour !== OFF && sideOf(neighbour) !== position.sideToMove)
          score += 1 << 18;
      }
      order[i] = score;
    }
    // Insertion sort, best first: the lists are short and mostly ordered.
    for (let i = 1; i < count; i++) {
      const move = moves[i];
      const score = order[i];
      let j = i - 1;
      while (j >= 0 && order[j] < score) {
        moves[j + 1] = moves[j];
        order[j + 1] = order[j];
        j--;
      }
      moves[j + 1] = move;
      order[j + 1] = score;
    }
  }

  /** Counts the node, stops at the deadline, and scores a position where the game has ended (else null). */
  function visit(ply: number): number | null {
    nodes++;
    if ((nodes & 1023) === 0 && performance.now() > deadline) throw new TimeUp();
    return ply > 0 ? terminal(ply) : null;
  }

  /**
   * The horizon: the side to move may stand pat on the evaluation, or play a noisy move. The
   * defenders win at once if the king sees an escape square; the attackers, while he does, may not
   * stand pat and must block him or capture him.
   */
  function quiesce(alpha: number, beta: number, ply: number, left: number): number {
    const end = visit(ply);
    if (end !== null) return end;
    const lines = escapeLines(position);
    if (lines > 0 && position.sideToMove === DEFENDERS) return WIN - (ply + 1);
    if (left <= 0 || ply >= MAX_PLY) return evaluate(position, weights, pieces);
    let best = lines > 0 ? -(WIN - (ply + 2)) : evaluate(position, weights, pieces);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
    const moves = buffers[ply];
    const count = noisyMoves(position, moves, lines > 0);
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const kingMoves = position.cells[move & 511] === KING;
      play(move, ply);
      let score: number | null = null;
      try {
        if (lines > 0 ? answersThreat(position, lines) : isNoisy(position, kingMoves)) {
          score = -quiesce(-beta, -alpha, ply + 1, left - 1);
        }
      } finally {
        takeBack(ply);
      }
      if (score === null) continue;
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  }

  function negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const end = visit(ply);
    if (end !== null) return end;
    if (depth <= 0 || ply >= MAX_PLY) {
      return quiescencePlies > 0
        ? quiesce(alpha, beta, ply, quiescencePlies)
        : evaluate(position, weights, pieces);
    }

    const hash = key();
    const entry = table.get(hash);
    if (entry && entry.depth >= depth && ply > 0) {
      if (entry.flag === 0) return entry.score;
      if (entry.flag === 1 && entry.score >= beta) return entry.score;
      if (entry.flag === 2 && entry.score <= alpha) return entry.score;
    }
    const moves = buffers[ply];
    const count = position.generateMoves(moves);
    order(moves, count, ply, entry?.move ?? 0);
    const startAlpha = alpha;
    let best = -Infinity;
    let bestMove = moves[0];
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      play(move, ply);
      let score: number;
      try {
        score = -negamax(depth - 1, -beta, -alpha, ply + 1);
      } finally {
        takeBack(ply);
      }
      if (score > best) {
        best = score;
        bestMove = move;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        if (killers[ply * 2] !== move) {
          killers[ply * 2 + 1] = killers[ply * 2];
          killers[ply * 2] = move;
        }
        history[(move & 511) * 512 + (move >>> 9)] += depth * depth;
        break;
      }
    }
    table.set(hash, {
      depth,
      score: best,
      flag: best <= startAlpha ? 2 : best >= beta ? 1 : 0,
      move: bestMove,
    });
    return best;
  }

  // The root: every move scored, so that the easy level can pick among the good ones.
  const rootMoves = new Int32Array(moveBufferSize(position.rules));
  const rootCount = position.generateMoves(rootMoves);
  if (rootCount === 0) throw new Error('no legal move to search');
  let result: SearchResult = { move: rootMoves[0], score: 0, depth: 0, nodes: 0 };
  const maxDepth = options.maxDepth ?? MAX_PLY - 1;
  try {
    for (let depth = 1; depth <= maxDepth; depth++) {
      order(rootMoves, rootCount, 0, result.move);
      let alpha = -Infinity;
      let bestMove = rootMoves[0];
      let bestScore = -Infinity;
      for (let i = 0; i < rootCount; i++) {
        play(rootMoves[i], 0);
        let score: number;
        try {
          score = -negamax(depth - 1, -Infinity, -alpha + Math.max(noise, 0), 1);
        } finally {
          takeBack(0);
        }
        if (noise > 0 && Math.abs(score) < WIN / 2) score += (random() - 0.5) * noise;
        if (score > bestScore) {
          bestScore = score;
          bestMove = rootMoves[i];
        }
        if (score > alpha) alpha = score;
      }
      result = { move: bestMove, score: bestScore, depth, nodes };
      if (Math.abs(bestScore) >= WIN - MAX_PLY) break; // a forced win or loss is found
    }
  } catch (error) {
    if (!(error instanceof TimeUp)) throw error;
  }
  return { ...result, nodes };
}

/** After a candidate noisy move: it captured, ended the game, or brought the king in sight of an escape square. */
function isNoisy(position: Position, kingMoved: boolean): boolean {
  if (position.status !== ONGOING || position.lastCaptureCount() > 0) return true;
  return kingMoved && escapeLines(position) > 0;
}

/** After an attackers' move while the king saw `lines` escape squares: he sees fewer, or he is taken. */
function answersThreat(position: Position, lines: number): boolean {
  return position.status === KING_CAPTURED || escapeLines(position) < lines;
}
