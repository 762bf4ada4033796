/**
 * Whether a position is a puzzle, and checking that a puzzle is one. A puzzle's solver (the side to
 * move) wins within 1 to MAX_SOLVER_MOVES of its moves against every defence, the king escaping
 * or captured, or else wins `pieces` pieces more than it loses; the first winning move is the only
 * one, and so is each later move of the solver against the defence the line follows, which is one
 * of the best (it makes the solver use every move it was given).
 */
import {
  judge,
  moveBufferSize,
  type Position,
  positionFrom,
  readSquare,
  rulesFor,
  squareName,
} from '../engine/core.ts';
import type { Side, Variant } from '../engine/index.ts';
import { type Goal, MAX_SOLVER_MOVES, ProofBudgetExceeded, Prover } from './prove.ts';

export type Theme = 'escape' | 'king-capture' | 'material';

/** The calmer kind of puzzle: the solver ends this many pieces ahead. */
export const MATERIAL_PIECES = 2;

export const goalOf = (theme: Theme): Goal =>
  theme === 'material' ? { kind: 'material', pieces: MATERIAL_PIECES } : { kind: 'game' };

export interface FoundPuzzle {
  theme: Theme;
  /** The solver's moves the puzzle takes. */
  depth: number;
  /** Solver's move, defence, solver's move…: odd length, as integers of the fast core. */
  line: number[];
  /** Positions the search made to find and prove it: the puzzle's effort. */
  nodes: number;
}

export type Analysis =
  | { ok: true; puzzle: FoundPuzzle }
  | { ok: false; why: 'decided' | 'no-win' | 'not-unique' | 'budget' | 'other-end'; nodes: number };

/**
 * Looks for a puzzle in `position` (taken as a fresh position, without history; left as it was).
 * A win of the game in the fewest moves comes first; material only where no such win exists.
 */
export function analyse(
  position: Position,
  {
    maxNodes = Number.POSITIVE_INFINITY,
    materialDepth = MAX_SOLVER_MOVES,
  }: {
    maxNodes?: number;
    /** The most solver moves a material puzzle may take; 0 looks for none. */
    materialDepth?: number;
  } = {},
): Analysis {
  if (judge(position) !== null) return { ok: false, why: 'decided', nodes: 0 };
  let nodes = 0;
  const goals: Goal[] = materialDepth > 0 ? [{ kind: 'game' }, goalOf('material')] : [{ kind: 'game' }];
  for (const goal of goals) {
    const prover = new Prover(position, goal, maxNodes - nodes);
    const deepest = goal.kind === 'material' ? materialDepth : MAX_SOLVER_MOVES;
    try {
      for (let depth = 1; depth <= deepest; depth++) {
        const winners = prover.winningMoves(depth, 2);
        if (winners.length === 0) continue;
        if (winners.length > 1) return { ok: false, why: 'not-unique', nodes: nodes + prover.nodes };
        const line = lineFrom(prover, winners[0], depth);
        nodes += prover.nodes;
        if (!line) return { ok: false, why: 'not-unique', nodes };
        const theme = themeOf(prover, goal, line);
        if (!theme) return { ok: false, why: 'other-end', nodes };
        return { ok: true, puzzle: { theme, depth, line, nodes } };
      }
    } catch (error) {
      if (error instanceof ProofBudgetExceeded) return { ok: false, why: 'budget', nodes: maxNodes };
      throw error;
    }
    nodes += prover.nodes;
  }
  return { ok: false, why: 'no-win', nodes };
}

/** The line from the solver's first move: against one best defence after another, the solver's only winning move. */
function lineFrom(prover: Prover, first: number, depth: number): number[] | null {
  const line = [first];
  prover.follow(first);
  let followed = 1;
  try {
    for (let left = depth - 1; left > 0; left--) {
      let next: [number, number] | null = null;
      for (const defence of byNearness(prover.position, prover.bestDefences(left))) {
        prover.follow(defence);
        const winners = prover.winningMoves(left, 2);
        if (winners.length === 1) {
          next = [defence, winners[0]];
          break;
        }
        prover.undo();
      }
      if (!next) return null;
      followed++;
      prover.follow(next[1]);
      followed++;
      line.push(...next);
    }
    return line;
  } finally {
    for (let i = 0; i < followed; i++) prover.undo();
  }
}

/** Defences the way a player looks for them: those arriving nearest the king first. */
function byNearness(position: Position, moves: number[]): number[] {
  const { king, rules } = position;
  if (king < 0) return moves;
  const distance = (move: number) => {
    const to = move >>> 9;
    return (
      Math.abs((to % rules.width) - (king % rules.width)) +
      Math.abs(Math.floor(to / rules.width) - Math.floor(king / rules.width))
    );
  };
  return moves
    .map((move, index) => ({ move, index, distance: distance(move) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map(({ move }) => move);
}

/** The theme the line ends in: how the game ends after it, or material. */
function themeOf(prover: Prover, goal: Goal, line: number[]): Theme | null {
  if (goal.kind === 'material') return 'material';
  for (const move of line) prover.follow(move);
  const verdict = judge(prover.position);
  for (let i = 0; i < line.length; i++) prover.undo();
  if (verdict?.reason === 'king-escaped' || verdict?.reason === 'exit-fort') return 'escape';
  if (verdict?.reason === 'king-captured' || verdict?.reason === 'enclosed') return 'king-capture';
  return null;
}

export interface PuzzleClaim {
  variant: Variant;
  position: string;
  sideToMove: Side;
  theme: Theme;
  depth: number;
  /** The line in `from-to` notation. */
  line: string[];
}

/**
 * Proves a puzzle as stated, from scratch: the solver cannot reach the goal in fewer moves; at each
 * of its turns in the line its move is the only one that reaches it in the moves left; each
 * defence is legal and one of the best; the line ends as the theme says. Returns the nodes the
 * proof took, or what failed.
 */
export function provePuzzle(
  claim: PuzzleClaim,
  maxNodes = Number.POSITIVE_INFINITY,
): { ok: true; nodes: number } | { ok: false; why: string } {
  const rules = rulesFor(claim.variant);
  const position = positionFrom(claim.variant, claim.position, claim.sideToMove);
  if (judge(position) !== null) return { ok: false, why: 'the position is decided already' };
  if (claim.depth < 1 || claim.depth > MAX_SOLVER_MOVES || claim.line.length !== claim.depth * 2 - 1)
    return { ok: false, why: `a line of ${claim.line.length} plies does not fit depth ${claim.depth}` };
  const moves: number[] = [];
  for (const text of claim.line) {
    const [from, to] = text.split('-').map((square) => readSquare(rules, square));
    if (!from?.ok || !to?.ok) return { ok: false, why: `${text} is not a move` };
    moves.push(from.cell | (to.cell << 9));
  }
  const goal = goalOf(claim.theme);
  const prover = new Prover(position, goal, maxNodes);
  const name = (move: number) => `${squareName(rules, move & 511)}-${squareName(rules, move >>> 9)}`;
  try {
    if (claim.depth > 1 && prover.winningMoves(claim.depth - 1, 1).length > 0)
      return { ok: false, why: `the solver wins in fewer than ${claim.depth} moves` };
    for (let i = 0, left = claim.depth; i < moves.length; i += 2, left--) {
      const winners = prover.winningMoves(left, 2);
      if (winners.length !== 1 || winners[0] !== moves[i])
        return {
          ok: false,
          why: `at ply ${i + 1} the winning moves are ${winners.map(name).join(', ') || 'none'}`,
        };
      prover.follow(moves[i]);
      if (i + 1 === moves.length) break;
      const defence = moves[i + 1];
      if (!isLegal(prover.position, defence)) return { ok: false, why: `${name(defence)} is not legal` };
      prover.follow(defence);
      const open = judge(prover.position) === null && !prover.materialReached();
      if (!open || prover.reaches(left - 2))
        return { ok: false, why: `${name(defence)} at ply ${i + 2} is not a best defence` };
    }
    if (goal.kind === 'game') {
      const verdict = judge(prover.position);
      const theme =
        verdict?.reason === 'king-escaped' || verdict?.reason === 'exit-fort'
          ? 'escape'
          : verdict?.reason === 'king-captured' || verdict?.reason === 'enclosed'
            ? 'king-capture'
            : null;
      if (theme !== claim.theme) return { ok: false, why: `the line ends in ${verdict?.reason ?? 'no end'}` };
    }
    return { ok: true, nodes: prover.nodes };
  } catch (error) {
    if (error instanceof ProofBudgetExceeded) return { ok: false, why: `more than ${maxNodes} nodes` };
    throw error;
  }
}

function isLegal(position: Position, move: number): boolean {
  const moves = new Int32Array(moveBufferSize(position.rules));
  const count = position.generateMoves(moves);
  for (let i = 0; i < count; i++) if (moves[i] === move) return true;
  return false;
}
