/**
 * The AI's search: iterative deepening over the tree search (tree.ts), each iteration inside an
 * aspiration window around the last score, the root's moves searched by principal variation and
 * reordered by their scores. The time manager (time-manager.ts) decides when to stop; the search
 * returns the best move of the last finished depth, or of the unfinished one when a move there
 * was already proven better.
 */
import { DEFENDERS, KING, moveBufferSize, ONGOING, type Position } from '../engine/core.ts';
import { evaluate, material, WEIGHTS, type Weights } from './evaluate.ts';
import { type Family, familyOf } from './features.ts';
import { INFINITE, isDecisive, MAX_PLY, WIN } from './scores.ts';
import { TimeManager } from './time-manager.ts';
import { TranspositionTable } from './transposition.ts';
import { ALL_PARTS, type SearchParts, TimeUp, Tree } from './tree.ts';

export { QUIESCENCE_PLIES } from './quiescence.ts';
export type { SearchParts } from './tree.ts';
export { WIN };

export interface SearchOptions {
  /** Milliseconds to think. */
  timeMs: number;
  maxDepth?: number;
  /** 0..1: how much noise to add to root scores (the easy level plays weaker moves). */
  randomness?: number;
  random?: () => number;
  /** Plies of quiescence search past the nominal depth; 0 scores the horizon by the evaluation alone. */
  quiescencePlies?: number;
  /** Parts of the search to switch off (all are on by default). */
  parts?: Partial<SearchParts>;
  /**
   * Starts from what the thread's last searches found instead of an empty transposition table:
   * stronger over a game's moves, but the result then depends on the searches before it, which
   * self-play, puzzles and reviews must not.
   */
  keepTable?: boolean;
  /** The hand-set evaluation's weights by board size (default WEIGHTS); self-play pins its own. */
  weights?: Record<'small' | 'large', Weights>;
}

export interface SearchResult {
  move: number;
  score: number;
  depth: number;
  nodes: number;
  /** The moves the search expects from here, its best move first (read from the transposition table). */
  line: number[];
}

/** Plies of the expected line the search reports at most. */
export const LINE_PLIES = 10;

/** The root's moves from this one on may be searched less deep when quiet (late-move reductions). */
const ROOT_REDUCED_FROM = 4;
/** The aspiration window's first half-width around the last iteration's score. */
const ASPIRATION = 35;
/**
 * A draw costs the side to move at least CONTEMPT_LEAST, unless it stands worse by more than
 * CONTEMPT_FROM (then a draw is welcome); half its lead when ahead, up to CONTEMPT_MAX. Without
 * the least cost, a side at an even evaluation repeated the opening's moves into a draw where
 * repetition draws (Fetlar, Tablut).
 */
const CONTEMPT_FROM = 40;
const CONTEMPT_LEAST = 25;
const CONTEMPT_MAX = 60;
/**
 * Families whose evaluation is far from even at even chances: there a draw is worth to each side
 * the score at which the winning-chance fit gives both sides an even game, in place of contempt.
 * The hand-set 11x11 evaluation with corners (Fetlar) scores the defenders 445 lower than their
 * results (data/win-chance.json's 11x11 curve, offset 2.489 over scale 0.005598, when this was
 * measured), so its defenders took draws by repetition in games they would have won. It beat the
 * contempt above in Fetlar, given to both sides rather than to the defenders alone; Tablut's
 * defenders alone (222) did worse than with contempt, so Tablut keeps contempt. The matches are in
 * docs/benchmarks.md.
 */
const EVEN_DRAW: Partial<Record<Family, number>> = { '11x11': 445 };

// One table for every search on this thread (a search is synchronous): allocated once, and cleared
// for each search unless it keeps the table.
let sharedTable: TranspositionTable | null = null;

export function search(position: Position, options: SearchOptions): SearchResult {
  const time = new TimeManager(options.timeMs);
  const parts: SearchParts = { ...ALL_PARTS, ...options.parts };
  const table = options.weights ?? WEIGHTS;
  const weights: Weights = position.rules.size > 11 ? table.large : table.small;
  sharedTable ??= new TranspositionTable();
  if (options.keepTable) sharedTable.nextSearch();
  else sharedTable.clear();
  const tree = new Tree(position, weights, sharedTable, time, parts);
  tree.pieces = material(position, weights);
  if (options.quiescencePlies !== undefined) tree.quiescencePlies = options.quiescencePlies;
  const advantage = evaluate(position, weights, tree.pieces);
  const evenDraw = EVEN_DRAW[familyOf(position.rules)];
  if (parts.contempt && evenDraw !== undefined)
    tree.rootDraw = position.sideToMove === DEFENDERS ? -evenDraw : evenDraw;
  else if (parts.contempt && advantage > -CONTEMPT_FROM)
    tree.rootDraw = -Math.max(CONTEMPT_LEAST, Math.min(CONTEMPT_MAX, Math.round(advantage / 2)));

  const random = options.random ?? Math.random;
  const noise = (options.randomness ?? 0) * 150;
  const moves = new Int32Array(moveBufferSize(position.rules));
  const count = position.generateMoves(moves);
  if (count === 0) throw new Error('no legal move to search');
  const scores = new Float64Array(count).fill(-INFINITE);
  let result: Omit<SearchResult, 'line'> = { move: moves[0], score: 0, depth: 0, nodes: 0 };
  // The best move of an unfinished iteration, once proven better than the last iteration's.
  let partial = null as Omit<SearchResult, 'line'> | null;
  const maxDepth = Math.min(options.maxDepth ?? MAX_PLY - 32, MAX_PLY - 32);

  /** Searches every root move within (alpha, beta); returns the best score, the best move first in `moves`. */
  function searchRoot(depth: number, alpha: number, beta: number): number {
    let best = -INFINITE;
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      tree.play(move, 0);
      let score: number;
      if (noise > 0) {
        // Every move gets a score near its own worth, so that the noise picks among the good ones.
        score = -tree.search(depth - 1, -INFINITE, -(alpha - noise), 1, true);
        if (!isDecisive(score)) score += (random() - 0.5) * noise;
      } else if (i === 0) {
        score = -tree.search(depth - 1, -beta, -alpha, 1, true);
      } else {
        const quiet = position.lastCaptureCount() === 0 && position.cells[move >>> 9] !== KING;
        const reduction = quiet && i >= ROOT_REDUCED_FROM ? tree.reduction(depth, i, true) : 0;
        score = -tree.search(depth - 1 - reduction, -alpha - 1, -alpha, 1, true);
        if (score > alpha && reduction > 0) score = -tree.search(depth - 1, -alpha - 1, -alpha, 1, true);
        if (score > alpha && score < beta) score = -tree.search(depth - 1, -beta, -alpha, 1, true);
      }
      tree.takeBack(0);
      scores[i] = score;
      if (score > best) {
        best = score;
        if (i > 0) bringToFront(i);
        // Proven better than the rest so far: the move to play if the time runs out now.
        if (i > 0 && score > alpha) partial = { move, score, depth: depth - 1, nodes: 0 };
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  function bringToFront(i: number): void {
    const move = moves[i];
    const score = scores[i];
    for (let j = i; j > 0; j--) {
      moves[j] = moves[j - 1];
      scores[j] = scores[j - 1];
    }
    moves[0] = move;
    scores[0] = score;
  }

  try {
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (depth > 1 && !time.mayStartAnother()) break;
      tree.rootDepth = depth;
      sortByScore(moves, scores, count);
      partial = null;
      let score: number;
      if (parts.aspiration && noise === 0 && depth >= 4 && !isDecisive(result.score)) {
        let width = ASPIRATION;
        let alpha = result.score - width;
        let beta = result.score + width;
        for (;;) {
          score = searchRoot(depth, alpha, beta);
          if (score <= alpha) alpha = Math.max(-INFINITE, alpha - width);
          else if (score >= beta) beta = Math.min(INFINITE, beta + width);
          else break;
          width *= 3;
          if (width > 1000) {
            alpha = -INFINITE;
            beta = INFINITE;
          }
        }
      } else {
        score = searchRoot(depth, -INFINITE, INFINITE);
      }
      result = { move: moves[0], score: Math.round(score), depth, nodes: tree.nodes };
      time.finished(moves[0]);
      if (isDecisive(score)) break; // a forced win or loss is found
    }
  } catch (error) {
    if (!(error instanceof TimeUp)) throw error;
    tree.unwind();
    if (partial && partial.move !== result.move) {
      result = { ...partial, score: Math.round(partial.score), depth: result.depth };
    }
  }
  return { ...result, nodes: tree.nodes, line: expectedLine(position, sharedTable, result.move) };
}

/**
 * The line the search expects after `first`: each position's best move as the table keeps it, as
 * long as it is a legal move there, the game goes on and no position repeats. Reading it changes
 * nothing the search decided; the position is left as it was.
 */
function expectedLine(position: Position, table: TranspositionTable, first: number): number[] {
  const line = [first];
  const seen = new Set<string>();
  const moves = new Int32Array(moveBufferSize(position.rules));
  position.make(first);
  let made = 1;
  while (line.length < LINE_PLIES && position.status === ONGOING) {
    const key = `${position.hashLo}:${position.hashHi}`;
    if (seen.has(key) || !table.probe(position.hashLo, position.hashHi, 0) || table.move === 0) break;
    seen.add(key);
    const next = table.move;
    const count = position.generateMoves(moves);
    if (!moves.subarray(0, count).includes(next)) break;
    position.make(next);
    made++;
    line.push(next);
  }
  for (; made > 0; made--) position.unmake();
  return line;
}

/** Best first; stable, so that equal scores keep the order of the last iteration. */
function sortByScore(moves: Int32Array, scores: Float64Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const move = moves[i];
    const score = scores[i];
    let j = i - 1;
    while (j >= 0 && scores[j] < score) {
      moves[j + 1] = moves[j];
      scores[j + 1] = scores[j];
      j--;
    }
    moves[j + 1] = move;
    scores[j + 1] = score;
  }
}
