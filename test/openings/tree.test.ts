import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explorerButtonId } from '../../src/bot/views/opening-explorer.ts';
import { seededRandom } from '../../src/core/seeded-random.ts';
import { Game, type VariantId, variantIds } from '../../src/engine/index.ts';
import { packMoves, typedMoves, unpackMoves } from '../../src/openings/moves.ts';
import {
  countedGame,
  gamesIn,
  OPENING_PLIES,
  type OpeningNode,
  type OpeningStep,
  openingSteps,
} from '../../src/openings/tree.ts';
import { gameWith } from '../engine/setup.ts';

/** A game of `plies` random moves (none ending it) from the variant's start. */
function randomGame(variant: VariantId, plies: number, seed: number): Game {
  const random = seededRandom(seed);
  const game = new Game(variant);
  while (game.plyCount < plies) {
    const moves = game.legalMoves();
    const going = moves.find((_, i) => {
      game.play(moves[(i + Math.floor(random() * moves.length)) % moves.length]);
      if (!game.isGameOver()) return true;
      game.undo();
      return false;
    });
    if (!going) break;
  }
  return game;
}

describe('the opening tree', () => {
  it('follows a game through its first 12 plies: the start, each position with the move played from it, and the last', () => {
    const game = randomGame('copenhagen', 20, 1);
    const steps = openingSteps(game);
    expect(steps).toHaveLength(OPENING_PLIES + 1);
    expect(steps.slice(0, -1).map((step) => step.move)).toEqual(
      game
        .history()
        .slice(0, OPENING_PLIES)
        .map((move) => `${move.from}-${move.to}`),
    );
    expect(steps.at(-1)?.move).toBeNull();
    expect(openingSteps(new Game('copenhagen'))).toEqual([{ hash: steps[0].hash, move: null }]);
    expect(new Set(steps.map((step) => step.hash)).size).toBe(steps.length);
  });

  it('names a position by its pieces and side to move, whatever the order of the moves that reached it', () => {
    const one = new Game('brandubh');
    for (const move of ['d2-b2', 'c4-c6', 'f4-f2', 'e4-e6']) one.play(move);
    const other = new Game('brandubh');
    for (const move of ['f4-f2', 'e4-e6', 'd2-b2', 'c4-c6']) other.play(move);
    expect(openingSteps(one).at(-1)?.hash).toBe(openingSteps(other).at(-1)?.hash);
    // The same pieces with the other side to move are another position.
    const oneMore = new Game('brandubh');
    for (const move of ['d2-b2', 'c4-c6', 'f4-f2']) oneMore.play(move);
    expect(openingSteps(oneMore).at(-1)?.hash).not.toBe(openingSteps(one).at(-1)?.hash);
  });

  it('counts nothing of a game set up from another position than the variant’s start', () => {
    const setUp = gameWith(
      'brandubh',
      { king: 'd4', attackers: ['d2', 'a2'], defenders: ['e4'] },
      'attackers',
    );
    setUp.play('d2-b2');
    expect(openingSteps(setUp)).toEqual([]);
  });

  it('counts a game once in a position it reached twice, and each move from it once', () => {
    const steps: OpeningStep[] = [
      { hash: 'a', move: 'd2-b2' },
      { hash: 'b', move: 'c4-c6' },
      { hash: 'c', move: 'b2-d2' },
      { hash: 'd', move: 'c6-c4' },
      { hash: 'a', move: 'd2-b2' },
      { hash: 'b', move: 'c4-c5' },
      { hash: 'e', move: null },
    ];
    const before = new Map([
      [
        'a',
        {
          schema: 1 as const,
          games: { attackers: 2, draws: 0, defenders: 1 },
          moves: { 'd2-b2': { attackers: 2, draws: 0, defenders: 1 } },
        },
      ],
    ]);
    const nodes = countedGame(steps, 'defenders', before);
    expect(nodes.get('a')).toEqual({
      schema: 1,
      games: { attackers: 2, draws: 0, defenders: 2 },
      moves: { 'd2-b2': { attackers: 2, draws: 0, defenders: 2 } },
    });
    expect(nodes.get('b')?.moves).toEqual({
      'c4-c6': { attackers: 0, draws: 0, defenders: 1 },
      'c4-c5': { attackers: 0, draws: 0, defenders: 1 },
    });
    expect(nodes.get('e')).toEqual({ schema: 1, games: { attackers: 0, draws: 0, defenders: 1 }, moves: {} });
    // The node as read is not changed.
    expect(before.get('a')?.games.defenders).toBe(1);
    expect(countedGame(steps, null, new Map()).get('e')?.games).toEqual({
      attackers: 0,
      draws: 1,
      defenders: 0,
    });
  });
});

describe('a tree of many games', () => {
  it('adds up: every game at the start, each position’s games are its moves’ games and those that ended there', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            plies: fc.integer({ min: 0, max: 16 }),
            seed: fc.integer({ min: 0, max: 7 }),
            winner: fc.constantFrom('attackers', 'defenders', null),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        (games) => {
          const tree = new Map<string, OpeningNode>();
          const steps = games.map(({ plies, seed }) => openingSteps(randomGame('brandubh', plies, seed)));
          for (const [i, game] of games.entries())
            for (const [hash, node] of countedGame(steps[i], game.winner, tree)) tree.set(hash, node);
          const start = tree.get(steps[0][0].hash);
          expect(start && gamesIn(start.games)).toBe(games.length);
          expect(start?.games.draws).toBe(games.filter((game) => game.winner === null).length);
          for (const [hash, node] of tree) {
            const onward = Object.values(node.moves).reduce((sum, tally) => sum + gamesIn(tally), 0);
            const endedHere = steps.filter((path) =>
              path.some((step) => step.hash === hash && step.move === null),
            ).length;
            // Brandubh's first plies never repeat a position in these games, so each game is in a position once.
            expect(onward + endedHere).toBe(gamesIn(node.games));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('moves as the explorer takes them', () => {
  it('reads the forms /move takes, separated by spaces or commas, with move numbers skipped', () => {
    expect(typedMoves('')).toEqual([]);
    expect(typedMoves('  e5-e8 d1-d4  ')).toEqual(['e5-e8', 'd1-d4']);
    expect(typedMoves('e5 e8, d1 d4')).toEqual(['e5-e8', 'd1-d4']);
    expect(typedMoves('1. e5e8 D1-D4 2. a4-a3xb3')).toEqual(['e5e8', 'D1-D4', 'a4-a3xb3']);
    expect(typedMoves('e5-e8,d1-d4;k6-i6')).toEqual(['e5-e8', 'd1-d4', 'k6-i6']);
    expect(typedMoves('e5 hello')).toEqual(['e5', 'hello']);
  });

  it('packs any line of legal moves into a button’s id and back, four characters a move', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...variantIds),
        fc.integer({ min: 0, max: OPENING_PLIES }),
        fc.integer(),
        (variant, plies, seed) => {
          const moves = randomGame(variant, plies, seed)
            .history()
            .map((move) => `${move.from}-${move.to}`);
          const packed = packMoves(moves);
          expect(packed).toMatch(/^[0-9a-z]*$/);
          expect(packed).toHaveLength(4 * moves.length);
          expect(unpackMoves(packed)).toEqual(moves);
        },
      ),
      { numRuns: 60 },
    );
    // The longest a button's id gets: a server variant's longest id, twelve moves on a 19x19 board.
    const longest = explorerButtonId('move', `server:${'a'.repeat(32)}`, Array(12).fill('s19-s10'));
    expect(longest.length).toBeLessThanOrEqual(100);
    expect(unpackMoves('447')).toBeNull();
    expect(unpackMoves('44-8')).toBeNull();
  });
});
