import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attackersNeededToWin,
  Game,
  getVariant,
  loadGame,
  serializeGame,
  variantIds,
} from '../../src/engine/index.ts';
import { gameWith } from './setup.ts';

describe('running out of time', () => {
  it('the fewest attackers that could win: two where the king is surrounded on four sides and repetitions draw, else one', () => {
    const needed = Object.fromEntries(variantIds.map((id) => [id, attackersNeededToWin(getVariant(id))]));
    expect(needed).toEqual({
      'alea-guards': 2,
      'alea-armed': 1,
      'alea-walker': 1,
      fetlar: 2,
      copenhagen: 1,
      brandubh: 1,
      tablut: 1,
    });
  });

  it('Fetlar: the defenders run out against a lone attacker, who could never win: a draw', () => {
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a5'], defenders: ['c3'] }, 'defenders');
    expect(game.timeOut('defenders')).toEqual({ winner: null, reason: 'timeout' });
  });

  it('Fetlar: against two attackers the defenders lose on time', () => {
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a5', 'b7'] }, 'defenders');
    expect(game.timeOut('defenders')).toEqual({ winner: 'attackers', reason: 'timeout' });
  });

  it('Brandubh: a lone attacker could still capture the king against the corner, so the defenders lose on time', () => {
    const game = gameWith('brandubh', { king: 'd4', attackers: ['a4'] }, 'defenders');
    expect(game.timeOut('defenders')).toEqual({ winner: 'attackers', reason: 'timeout' });
  });

  it('a stored result on time loads as it was decided: a draw, and a loss recorded before the rule for draws', () => {
    const drawn = gameWith('fetlar', { king: 'f6', attackers: ['a5'] }, 'defenders');
    drawn.timeOut('defenders');
    expect(loadGame(serializeGame(drawn)).result).toEqual({ winner: null, reason: 'timeout' });
    const lost = gameWith('fetlar', { king: 'f6', attackers: ['a5'] }, 'defenders');
    lost.endBy('attackers', 'timeout');
    expect(loadGame(serializeGame(lost)).result).toEqual({ winner: 'attackers', reason: 'timeout' });
  });

  it('the attackers running out always lose: the king is on the board and could escape', () => {
    for (const variant of variantIds) {
      const game = new Game(variant);
      expect(game.timeOut('attackers'), variant).toEqual({ winner: 'defenders', reason: 'timeout' });
    }
  });

  it('sound: in Fetlar and Alea Evangelii (guards), a lone attacker never wins, whatever is played', () => {
    const squares = (size: number) =>
      fc
        .tuple(fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 0, max: size - 1 }))
        .map(([file, rank]) => `${String.fromCharCode(97 + file)}${rank + 1}`);
    const variants = fc.constantFrom('fetlar' as const, 'alea-guards' as const);
    const setup = variants.chain((variant) => {
      const size = getVariant(variant).size;
      return fc.record({
        variant: fc.constant(variant),
        pieces: fc.uniqueArray(squares(size), { minLength: 2, maxLength: 6 }),
        choices: fc.array(fc.nat(), { minLength: 1, maxLength: 120 }),
      });
    });
    fc.assert(
      fc.property(setup, ({ variant, pieces, choices }) => {
        const [king, attacker, ...defenders] = pieces;
        let game: Game;
        try {
          game = gameWith(variant, { king, attackers: [attacker], defenders }, 'attackers');
        } catch {
          return; // a piece on a square it may not stand on
        }
        const winner = () => game.result?.winner;
        for (const choice of choices) {
          const moves = game.legalMoves();
          if (game.result || moves.length === 0) break;
          game.play(moves[choice % moves.length].notation);
        }
        expect(winner()).not.toBe('attackers');
      }),
      { numRuns: 300 },
    );
  });
});
