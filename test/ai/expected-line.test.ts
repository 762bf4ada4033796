/**
 * The line the AI expects, as the analysis board shows it: its own move first, every move legal in
 * turn, and the search's choice unchanged by reading it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { LINE_PLIES } from '../../src/ai/search.ts';
import { Game, type VariantId } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';

const VARIANTS: VariantId[] = ['brandubh', 'fetlar', 'copenhagen', 'tablut'];

describe('the expected line', () => {
  it('starts with the move chosen and is legal move by move, from random positions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), fc.array(fc.nat(), { maxLength: 16 }), (variant, picks) => {
        const game = new Game(variant);
        for (const pick of picks) {
          const moves = game.legalMoves();
          if (game.isGameOver() || moves.length === 0) break;
          game.play(moves[pick % moves.length].notation);
        }
        if (game.isGameOver()) return;
        const before = game.position();
        const chosen = chooseMove(game, 'normal', { maxDepth: 3, timeMs: 2000 });
        expect(game.position()).toBe(before);
        expect(chosen.line[0]).toBe(chosen.notation);
        expect(chosen.line.length).toBeLessThanOrEqual(LINE_PLIES);
        for (const move of chosen.line) {
          expect(game.tryPlay(move).ok, `${move} in ${chosen.line.join(' ')}`).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('sees the king escape it plays for', () => {
    const game = gameWith(
      'fetlar',
      { king: 'c1', attackers: ['f1', 'h7', 'j9'], defenders: ['e6'] },
      'defenders',
    );
    const chosen = chooseMove(game, 'normal', { timeMs: 300 });
    expect(chosen.line).toEqual([chosen.notation]);
    game.play(chosen.notation);
    expect(game.result?.reason).toBe('king-escaped');
  });

  it('looks more than one move ahead in a quiet opening', () => {
    const chosen = chooseMove(new Game('brandubh'), 'normal', { maxDepth: 5, timeMs: 5000 });
    expect(chosen.line.length).toBeGreaterThan(2);
  });
});
