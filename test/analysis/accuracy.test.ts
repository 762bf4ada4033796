import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIN } from '../../src/ai/scores.ts';
import { gameAccuracy, gradeMove, gradeOf, graver, moveAccuracy } from '../../src/analysis/accuracy.ts';
import { review } from '../../src/analysis/review.ts';
import { defendersChance } from '../../src/analysis/win-chance.ts';
import type { Side } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';

const alternate = (plies: number, first: Side = 'attackers'): Side[] =>
  Array.from({ length: plies }, (_, i) =>
    (i % 2 === 0) === (first === 'attackers') ? 'attackers' : 'defenders',
  );

describe('a move’s accuracy, as lichess reckons it', () => {
  it('100 for a move that keeps or gains the chance; falls off exponentially with the chance given away', () => {
    expect(moveAccuracy(50, 50)).toBe(100);
    expect(moveAccuracy(50, 70)).toBe(100);
    // 103.1668 e^(−0.04354 × 10) − 3.1669, and lichess's +1 for the analysis's imprecision.
    expect(moveAccuracy(60, 50)).toBeCloseTo(64.58, 2);
    expect(moveAccuracy(90, 50)).toBeCloseTo(15.91, 2);
    expect(moveAccuracy(100, 0)).toBe(0);
  });

  it('never leaves 0..100 and never rises as more is given away', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (before, after, further) => {
          const accuracy = moveAccuracy(before, after);
          expect(accuracy).toBeGreaterThanOrEqual(0);
          expect(accuracy).toBeLessThanOrEqual(100);
          expect(moveAccuracy(before, Math.min(after, further))).toBeLessThanOrEqual(accuracy);
        },
      ),
    );
  });

  it('grades by the chance given away: 10 an inaccuracy, 20 a mistake, 30 a blunder', () => {
    expect([9.9, 10, 19.9, 20, 29.9, 30, 80].map(gradeOf)).toEqual([
      null,
      'inaccuracy',
      'inaccuracy',
      'mistake',
      'mistake',
      'blunder',
      'blunder',
    ]);
  });
});

describe('a move’s grade, decided in one place', () => {
  it('a move that loses at once where another would not is a blunder, whatever the chance it gave away', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }),
        fc.boolean(),
        (chanceLost, thrownWinLeft, lostAtOnce) => {
          const grade = gradeMove({ chanceLost, thrownWinLeft, lostAtOnce });
          if (lostAtOnce) expect(grade).toBe('blunder');
          // Never milder than the chance alone says.
          else expect(graver(grade, gradeOf(chanceLost))).toBe(grade);
        },
      ),
    );
    expect(gradeMove({ chanceLost: 0, thrownWinLeft: null, lostAtOnce: true })).toBe('blunder');
    expect(gradeMove({ chanceLost: 14, thrownWinLeft: null, lostAtOnce: false })).toBe('inaccuracy');
    expect(gradeMove({ chanceLost: 2, thrownWinLeft: 200, lostAtOnce: false })).toBe('blunder');
  });
});

describe('a game’s accuracy', () => {
  it('one blunder in an otherwise clean game shows: the volatility-weighted and harmonic means', () => {
    // Ten plies, the attackers first; the defenders' second move (ply 4) drops their chance from 50 to 10.
    const chances = [50, 50, 50, 50, 10, 10, 10, 10, 10, 10, 10];
    const accuracy = gameAccuracy(chances, alternate(10));
    // Windows of two positions: the blunder's weighs 12 (its standard deviation, 20, capped), the rest 0.5.
    // The blunder's own accuracy: 103.1668 e^(−0.04354 × 40) − 2.1669 = 15.909.
    const blunder = 15.9094;
    const weighted = (4 * 0.5 * 100 + 12 * blunder) / (4 * 0.5 + 12);
    const harmonic = 5 / (4 / 100 + 1 / blunder);
    expect(accuracy.defenders).toEqual({
      accuracy: Math.round(((weighted + harmonic) / 2) * 10) / 10,
      moves: 5,
      inaccuracies: 0,
      mistakes: 0,
      blunders: 1,
    });
    expect(accuracy.defenders?.accuracy).toBe(38.3);
    // The attackers only kept what they were given.
    expect(accuracy.attackers).toEqual({
      accuracy: 100,
      moves: 5,
      inaccuracies: 0,
      mistakes: 0,
      blunders: 0,
    });
  });

  it('a side that made no move has none', () => {
    expect(gameAccuracy([50, 40], ['attackers'])).toMatchObject({ defenders: null, attackers: { moves: 1 } });
  });

  it('stays within 0..100 and counts every move once, whatever the chances', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 2, maxLength: 120 }),
        (chances) => {
          const accuracy = gameAccuracy(chances, alternate(chances.length - 1));
          let moves = 0;
          for (const side of ['attackers', 'defenders'] as const) {
            const mine = accuracy[side];
            if (!mine) continue;
            moves += mine.moves;
            expect(mine.accuracy).toBeGreaterThanOrEqual(0);
            expect(mine.accuracy).toBeLessThanOrEqual(100);
            expect(mine.inaccuracies + mine.mistakes + mine.blunders).toBeLessThanOrEqual(mine.moves);
          }
          expect(moves).toBe(chances.length - 1);
        },
      ),
    );
  });
});

describe('the review scores each move by the winning chance it gave away', () => {
  it('a planted blunder: the attackers let the king reach a corner', () => {
    const game = gameWith(
      'fetlar',
      { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
      'attackers',
    );
    game.play('c1-c2');
    game.play('e1-a1');
    const scale = 0.004;
    // Even before the blunder (0 for the attackers), a forced win for the defenders after it; then the game is over.
    const reviewed = review(
      game,
      [{ best: 'c1-b1', score: 0 }, { best: 'e1-a1', score: WIN - 1 }, null],
      [true, false],
      100,
      scale,
    );
    // The defenders' chance: 50% before, 1 / (1 + e^(−0.004 × 1000)) = 98.2% after.
    expect(defendersChance(1000, scale)).toBeCloseTo(98.2, 1);
    expect(reviewed.moves[0]).toMatchObject({ notation: 'c1-c2', chanceLost: 48.2, verdict: 'blunder' });
    expect(reviewed.moves[1]).toMatchObject({ notation: 'e1-a1', chanceLost: 0, verdict: null });
    expect(reviewed.worst.attackers.map((move) => move.notation)).toEqual(['c1-c2']);
    expect(reviewed.winChanceScale).toBe(scale);
    // The attackers' one move: 103.1668 e^(−0.04354 × 48.2) − 2.1669 = 10.5.
    expect(reviewed.accuracy).toEqual({
      attackers: { accuracy: 10.5, moves: 1, inaccuracies: 0, mistakes: 0, blunders: 1 },
      defenders: { accuracy: 100, moves: 1, inaccuracies: 0, mistakes: 0, blunders: 0 },
    });
  });

  it('a move that throws a forced win away is graded by what is left of it, as lichess grades a lost mate', () => {
    // Fetlar, the attackers to move: c4-f4 or i4-f4 captures the king; they play e3-e8 instead.
    const pieces = { king: 'f3', attackers: ['e3', 'g3', 'f2', 'c4', 'i4', 'a9', 'k9'], defenders: ['f9'] };
    const thrown = (left: number) => {
      const game = gameWith('fetlar', pieces, 'attackers');
      game.play('e3-e8');
      // The attackers' forced win before; after it, `left` for them (the defenders to move: −left).
      return review(
        game,
        [
          { best: 'c4-f4', score: WIN - 1 },
          { best: 'f3-b3', score: -left },
        ],
        [false],
        100,
        0.004,
      );
    };
    // 98.2% to 69.0%: 29.2 points, a mistake by the chance alone; a blunder, as the win is gone and 2 is left.
    const blunder = thrown(200);
    expect(blunder.moves[0]).toMatchObject({ chanceLost: 29.2, verdict: 'blunder' });
    expect(blunder.accuracy?.attackers).toMatchObject({ mistakes: 0, blunders: 1 });
    expect(thrown(500).moves[0]).toMatchObject({ verdict: 'mistake' });
    // 8 left: the chance barely moves (2.1 points) but a forced win is gone: an inaccuracy, no verdict.
    const inaccuracy = thrown(800);
    expect(inaccuracy.moves[0]).toMatchObject({ chanceLost: 2.1, verdict: null });
    expect(inaccuracy.accuracy?.attackers).toMatchObject({ inaccuracies: 1, mistakes: 0, blunders: 0 });
    // A forced win kept (a longer one) is no thrown win.
    const game = gameWith('fetlar', pieces, 'attackers');
    game.play('e3-e8');
    const kept = review(
      game,
      [
        { best: 'c4-f4', score: WIN - 1 },
        { best: 'f3-b3', score: -(WIN - 5) },
      ],
      [false],
      100,
      0.004,
    );
    expect(kept.moves[0]).toMatchObject({ chanceLost: 0, verdict: null });
    expect(kept.accuracy?.attackers).toMatchObject({ accuracy: 100, inaccuracies: 0 });
  });
});
