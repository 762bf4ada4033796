/**
 * The prover against a plain search that tries every move of both sides at every ply and judges
 * every position: on positions from random games, both say the same of every goal and depth.
 * The prover's short cuts (the solver's last move looked for among the moves that could end the
 * game or capture, the killer defences first, the bound on running out of moves) must never
 * change an answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  judge,
  moveBufferSize,
  Position,
  positionFrom,
  squareName,
  startingPosition,
} from '../../src/engine/core.ts';
import { getVariant, type VariantId } from '../../src/engine/index.ts';
import { goalOf } from '../../src/puzzles/analyse.ts';
import { PuzzleCatalogue, puzzleGame } from '../../src/puzzles/catalogue.ts';
import { type Goal, Prover } from '../../src/puzzles/prove.ts';
import { gameWith } from '../engine/setup.ts';

/** Whether the side to move reaches `goal` within `n` moves, by brute force. */
function plainReaches(position: Position, goal: Goal, n: number): boolean {
  const solver = position.sideToMove;
  let net = 0;
  const buffers = Array.from({ length: 2 * n + 2 }, () => new Int32Array(moveBufferSize(position.rules)));
  const play = (move: number) => {
    const mover = position.sideToMove;
    position.make(move);
    const taken = position.lastCaptureCount();
    const gain = mover === solver ? taken : -taken;
    net += gain;
    return gain;
  };
  const reached = () => goal.kind === 'material' && net >= goal.pieces;
  const solverWins = (left: number, ply: number): boolean => {
    const moves = buffers[ply];
    const count = position.generateMoves(moves);
    for (let i = 0; i < count; i++) {
      const gain = play(moves[i]);
      let ok: boolean;
      const verdict = judge(position);
      if (verdict) ok = verdict.winner === solver;
      else {
        ok = true;
        const replies = buffers[ply + 1];
        const replyCount = position.generateMoves(replies);
        for (let j = 0; j < replyCount && ok; j++) {
          const back = play(replies[j]);
          const after = judge(position);
          if (after) ok = after.winner === solver;
          else if (!reached()) ok = left > 1 && solverWins(left - 1, ply + 2);
          position.unmake();
          net -= back;
        }
      }
      position.unmake();
      net -= gain;
      if (ok) return true;
    }
    return false;
  };
  return solverWins(n, 0);
}

/** A position after `plies` random moves from the start (none if the game ended on the way). */
function randomPosition(variant: VariantId, plies: number, seed: number): Position | null {
  const position = startingPosition(variant);
  const moves = new Int32Array(moveBufferSize(position.rules));
  let state = seed >>> 0;
  for (let i = 0; i < plies; i++) {
    const count = position.generateMoves(moves);
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    position.make(moves[state % count]);
    if (judge(position)) return null;
  }
  return new Position(position.rules, new Int8Array(position.cells), position.sideToMove);
}

const goals: Goal[] = [{ kind: 'game' }, { kind: 'material', pieces: 2 }];

describe('the prover agrees with a plain search', () => {
  it.each([
    ['brandubh', 2, 60],
    ['tablut', 2, 40],
    ['fetlar', 1, 40],
    ['copenhagen', 1, 40],
  ] as const)('%s, to %i moves, positions from random games', (variant, depth, runs) => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 60 }), fc.nat(), (plies, seed) => {
        const position = randomPosition(variant, plies, seed);
        if (!position) return;
        for (const goal of goals) {
          for (let n = 1; n <= depth; n++) {
            const plain = plainReaches(position, goal, n);
            const prover = new Prover(position, goal);
            expect(prover.reaches(n), `${goal.kind} in ${n}`).toBe(plain);
            expect(prover.winningMoves(n).length > 0).toBe(plain);
          }
        }
      }),
      { numRuns: runs, seed: 18 },
    );
  });
});

describe('the prover agrees with a plain search where there is a win', () => {
  // The shipped puzzles' positions two moves from their end: wins in 2 (and, at those
  // positions, in neither 1 nor by the other goal, mostly).
  const catalogue = PuzzleCatalogue.shipped();
  it.each(['brandubh', 'tablut'] as const)('%s puzzles, two moves from the end', (variant) => {
    let wins = 0;
    for (const puzzle of catalogue.of(variant).slice(0, 40)) {
      if (puzzle.depth < 2) continue;
      const game = puzzleGame(puzzle, puzzle.line.length - 3);
      const position = positionFrom(getVariant(variant), game.position(), game.turn);
      for (const goal of [goalOf(puzzle.theme), ...goals]) {
        for (const n of [1, 2]) {
          const plain = plainReaches(position, goal, n);
          if (plain) wins++;
          expect(new Prover(position, goal).reaches(n), `${puzzle.id} ${goal.kind} in ${n}`).toBe(plain);
        }
      }
    }
    expect(wins).toBeGreaterThan(20);
  });
});

describe('the prover’s short cuts for Copenhagen’s ends', () => {
  // A diamond of attackers around the king touching only diagonally, open at i6: k6 closes it
  // on i6, or inside it on h6 or g6.
  const ring = ['c6', 'f9', 'f3', 'h7', 'g8', 'e8', 'd7', 'd5', 'e4', 'g4', 'h5'];
  const position = (attackers: string[], defenders: string[]) => {
    const game = gameWith('copenhagen', { king: 'f6', defenders, attackers }, 'attackers');
    return positionFrom(getVariant('copenhagen'), game.position(), game.turn);
  };
  const name = (move: number, at: Position) =>
    `${squareName(at.rules, move & 511)}-${squareName(at.rules, move >>> 9)}`;

  it('an enclosure in one move is found, as the plain search finds it', () => {
    const closing = position([...ring, 'k6'], ['f7']);
    const prover = new Prover(closing, { kind: 'game' });
    expect(prover.winningMoves(1).map((move) => name(move, closing))).toEqual(['k6-i6', 'k6-h6', 'k6-g6']);
    expect(plainReaches(closing, { kind: 'game' }, 1)).toBe(true);
  });

  it('no enclosure while a defender stands outside the ring', () => {
    const open = position([...ring, 'k6'], ['f7', 'b2']);
    expect(new Prover(open, { kind: 'game' }).reaches(1)).toBe(false);
    expect(plainReaches(open, { kind: 'game' }, 1)).toBe(false);
  });
});
