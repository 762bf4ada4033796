import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Game,
  loadGame,
  type PieceKind,
  type Side,
  serializeGame,
  variantIds,
} from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { squaresOf } from './setup.ts';

const KINDS: PieceKind[] = ['attacker', 'defender', 'guard', 'king'];
const sideOfKind = (kind: PieceKind): Side => (kind === 'attacker' ? 'attackers' : 'defenders');

function census(game: Game): Record<PieceKind, number> {
  const counts = { attacker: 0, defender: 0, guard: 0, king: 0 };
  for (const row of game.snapshot().board) for (const piece of row) if (piece) counts[piece]++;
  return counts;
}

/** Plays the moves the choices pick (index into the legal move list) until the game ends. */
function playout(game: Game, choices: number[], eachPly: (before: Record<PieceKind, number>) => void) {
  for (const choice of choices) {
    if (game.isGameOver()) return;
    const moves = game.legalMoves();
    if (moves.length === 0) return;
    const before = census(game);
    game.play(moves[choice % moves.length]);
    eachPly(before);
  }
}

const choicesArbitrary = fc.array(fc.nat(), { minLength: 1, maxLength: 120 });

describe.each(variantIds)('%s: random legal playouts', (variant) => {
  it('never stop a piece other than the king on the throne or an escape square', () => {
    fc.assert(
      fc.property(choicesArbitrary, (choices) => {
        const game = new Game(variant);
        const { throne, escapes } = game.snapshot().special;
        playout(game, choices, () => {
          for (const square of [throne, ...escapes]) {
            const piece = game.pieceAt(square);
            expect(piece === null || piece === 'king', `${piece} on ${square}`).toBe(true);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('change the piece count only by the captures reported', () => {
    fc.assert(
      fc.property(choicesArbitrary, (choices) => {
        const game = new Game(variant);
        playout(game, choices, (before) => {
          const move = game.history().at(-1);
          if (!move) throw new Error('no move recorded');
          const after = census(game);
          const lost = KINDS.reduce((sum, kind) => sum + before[kind] - after[kind], 0);
          expect(lost).toBe(move.captured.length);
          for (const kind of KINDS) {
            if (sideOfKind(kind) === move.side || kind === 'king' || kind === 'guard')
              expect(after[kind]).toBe(before[kind]);
          }
          for (const square of move.captured) expect(game.pieceAt(square)).toBeNull();
          expect(after.king).toBe(1);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('reach positions that survive a stored-record and an OpenTafl-notation round trip', () => {
    fc.assert(
      fc.property(choicesArbitrary, (choices) => {
        const game = new Game(variant);
        playout(game, choices, () => {});
        const loaded = loadGame(serializeGame(game));
        expect(loaded.position()).toBe(game.position());
        expect(loaded.turn).toBe(game.turn);
        expect(loaded.result).toEqual(game.result);
        expect(loaded.history()).toEqual(game.history());
        const fromNotation = new Game({ variant, position: game.position(), sideToMove: game.turn });
        expect(fromNotation.position()).toBe(game.position());
        expect(squaresOf(fromNotation, 'king')).toEqual(squaresOf(game, 'king'));
      }),
      { numRuns: 40 },
    );
  });

  it('accept exactly the moves the generator lists, and explain every refusal', () => {
    const size = new Game(variant).variant.size;
    const square = fc
      .record({ file: fc.nat(size - 1), rank: fc.integer({ min: 1, max: size }) })
      .map(({ file, rank }) => `${String.fromCharCode(97 + file)}${rank}`);
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.tuple(square, square), { minLength: 1, maxLength: 30 }),
        (choices, tries) => {
          const game = new Game(variant);
          playout(game, choices, () => {});
          const legal = new Set(game.legalMoves().map((move) => `${move.from}-${move.to}`));
          for (const [from, to] of tries) {
            const copy = loadGame(serializeGame(game));
            const attempt = copy.tryPlay(`${from}-${to}`);
            expect(attempt.ok, `${from}-${to}`).toBe(legal.has(`${from}-${to}`));
            if (!attempt.ok)
              expect(messagesFor('en').refusals[attempt.refusal.code](attempt.refusal.params)).not.toMatch(
                /illegal|undefined/i,
              );
          }
          for (const move of legal) expect(loadGame(serializeGame(game)).tryPlay(move).ok).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});
