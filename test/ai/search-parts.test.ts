/**
 * Each switchable part of the search against the search without it: where a part must not change
 * the answer it does not. Forced wins are found alike at a fixed depth with every pruning on or
 * off; and with the prunings off, the search (principal variation, transposition table,
 * aspiration windows) scores random positions exactly as plain minimax does. "Off" includes the
 * table's deeper entries: an entry from a deeper search answering for a shallower one changes the
 * score (about 1 Brandubh position in 600 at depth 5, after an aspiration window's failed try).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, WEIGHTS } from '../../src/ai/evaluate.ts';
import { type SearchParts, search, WIN } from '../../src/ai/search.ts';
import { DRAW, judge, moveBufferSize, type Position, positionOf, squareName } from '../../src/engine/core.ts';
import { Game } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';
import { randomPosition } from './random-position.ts';

const PRUNINGS: (keyof SearchParts)[] = [
  'nullMove',
  'lateMoveReductions',
  'futility',
  'aspiration',
  'deeperEntries',
];
const NONE: Partial<SearchParts> = {
  nullMove: false,
  lateMoveReductions: false,
  futility: false,
  aspiration: false,
  escapeExtension: false,
  contempt: false,
  deeperEntries: false,
};

function notation(position: Position, move: number): string {
  return `${squareName(position.rules, move & 511)}-${squareName(position.rules, move >>> 9)}`;
}

/** Positions where the side to move wins by force within a few plies, and in how many. */
const forcedWins: [string, Game, number][] = [
  [
    'fetlar: the king escapes in one',
    gameWith('fetlar', { king: 'c1', attackers: ['f1', 'h7', 'j9'], defenders: ['e6'] }, 'defenders'),
    1,
  ],
  [
    // c3-c1 shows him a1 and k1 along the first rank: the attackers can shut only one.
    'fetlar: the king escapes in two by a fork',
    gameWith(
      'fetlar',
      { king: 'c3', attackers: ['e5', 'f6', 'g7', 'h5', 'a5', 'k5'], defenders: ['e7'] },
      'defenders',
    ),
    3,
  ],
  [
    'brandubh: the king is captured in one by two attackers',
    gameWith('brandubh', { king: 'c2', attackers: ['b2', 'd6', 'g5'], defenders: ['f4'] }, 'attackers'),
    1,
  ],
  [
    'tablut: the king is captured in one',
    gameWith('tablut', { king: 'c3', attackers: ['b3', 'd7', 'h8'], defenders: ['g6'] }, 'attackers'),
    1,
  ],
  [
    // Near the end of the game (a side of two pieces), where a null move must be verified.
    'brandubh: two defenders left, the king escapes in two',
    gameWith('brandubh', { king: 'c3', attackers: ['e4', 'd5', 'f5'], defenders: ['e6'] }, 'defenders'),
    3,
  ],
];

describe('the search finds a forced win alike with each pruning on or off', () => {
  it.each(forcedWins)('%s', (_, game, plies) => {
    const found = (parts: Partial<SearchParts>) =>
      search(positionOf(game), { timeMs: 60_000, maxDepth: 4, parts });
    const all = found({});
    expect(all.score).toBe(WIN - plies);
    for (const part of PRUNINGS) {
      const without = found({ [part]: false });
      expect(without.score, `without ${part}`).toBe(all.score);
    }
    expect(found(NONE).score).toBe(all.score);
    const position = positionOf(game);
    const copy = new Game({ variant: game.variant, position: game.setup.position, sideToMove: game.turn });
    copy.play(notation(position, all.move));
    if (plies === 1) expect(copy.result?.winner).toBe(game.turn);
  });
});

/** Plain negamax to `depth`, the horizon scored by the evaluation: what the search must agree with. */
function minimax(position: Position, depth: number, ply: number): number {
  const verdict = ply > 0 ? judge(position) : null;
  if (verdict) {
    if (verdict.winner === DRAW) return 0;
    return verdict.winner === position.sideToMove ? WIN - ply : -(WIN - ply);
  }
  const weights = position.rules.size > 11 ? WEIGHTS.large : WEIGHTS.small;
  if (depth === 0) return evaluate(position, weights);
  const moves = new Int32Array(moveBufferSize(position.rules));
  const count = position.generateMoves(moves);
  let best = -Infinity;
  for (let i = 0; i < count; i++) {
    position.make(moves[i]);
    best = Math.max(best, -minimax(position, depth - 1, ply + 1));
    position.unmake();
  }
  return best;
}

describe.each([
  ['brandubh', 3, 5],
  ['tablut', 2, 4],
] as const)('%s: with the prunings off, the search is exact', (variant, exactDepth, aspirationDepth) => {
  const positions = fc.array(fc.nat(), { minLength: 0, maxLength: 80 });
  const plain = (position: Position, maxDepth: number, parts: Partial<SearchParts>) =>
    search(position, { timeMs: 60_000, maxDepth, quiescencePlies: 0, parts }).score;

  it(`scores a random position at depth ${exactDepth} as minimax does`, () => {
    fc.assert(
      fc.property(positions, (choices) => {
        const position = randomPosition(variant, choices);
        expect(plain(position, exactDepth, NONE)).toBe(Math.round(minimax(position, exactDepth, 0)));
      }),
      { numRuns: 15 },
    );
  });

  it(`scores a random position at depth ${aspirationDepth} alike with or without aspiration windows`, () => {
    fc.assert(
      fc.property(positions, (choices) => {
        const position = randomPosition(variant, choices);
        const without = plain(position, aspirationDepth, NONE);
        expect(plain(position, aspirationDepth, { ...NONE, aspiration: true })).toBe(without);
      }),
      { numRuns: 15 },
    );
  });
});
