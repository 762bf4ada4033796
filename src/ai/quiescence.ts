/**
 * The horizon: past the nominal depth the side to move may stand pat on the evaluation, or play a
 * noisy move (noisy.ts: captures, the king's threats and the answers to them) until the position
 * is quiet, so that a capture one ply beyond the horizon is not missed. The defenders win at once
 * if the king sees an escape square; the attackers, while he does, may not stand pat and must
 * block him or capture him.
 */
import * as codes from '../engine/core.ts';
import { escapeLines, KING_CAPTURED, ONGOING, type Position } from '../engine/core.ts';
import { noisyMoves } from './noisy.ts';
import { MAX_PLY, WIN } from './scores.ts';

/** What the quiescence search asks of the tree it searches in (the main search's Tree). */
export interface QuiescenceTree {
  readonly position: Position;
  /** Counts the node; the score of a position where the game has ended, else null. */
  visit(ply: number): number | null;
  evaluate(): number;
  play(move: number, ply: number): void;
  takeBack(ply: number): void;
  noisyBuffer(ply: number): Int32Array;
}

const { DEFENDERS, KING } = codes;

/** How many plies of captures and king threats are followed past the nominal depth. */
export const QUIESCENCE_PLIES = 4;

export function quiesce(
  tree: QuiescenceTree,
  alpha: number,
  beta: number,
  ply: number,
  left: number,
): number {
  const position = tree.position;
  const end = tree.visit(ply);
  if (end !== null) return end;
  const lines = escapeLines(position);
  if (lines > 0 && position.sideToMove === DEFENDERS) return WIN - (ply + 1);
  if (left <= 0 || ply >= MAX_PLY - 1) return tree.evaluate();
  let best = lines > 0 ? -(WIN - (ply + 2)) : tree.evaluate();
  if (best >= beta) return best;
  if (best > alpha) alpha = best;
  const moves = tree.noisyBuffer(ply);
  const count = noisyMoves(position, moves, lines > 0);
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const kingMoves = position.cells[move & 511] === KING;
    tree.play(move, ply);
    const follows = lines > 0 ? answersThreat(position, lines) : isNoisy(position, kingMoves);
    const score = follows ? -quiesce(tree, -beta, -alpha, ply + 1, left - 1) : null;
    tree.takeBack(ply);
    if (score === null) continue;
    if (score > best) best = score;
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return best;
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
