/**
 * Answers to a member's own puzzle, judged by the real AI on this thread: a move as good as the
 * AI's best solves it even when it is not the AI's own, a worse one does not; judged as the review
 * judged the game's move (its better move solves, the game's move never does, other answers graded
 * on its scale); and what the move of the game allowed, from the AI's line after it.
 */
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { allowedBy, rateAnswer, refute, type Think } from '../../src/analysis/answer-rating.ts';
import { Game, type LegalMove, loadGame, serializeGame } from '../../src/engine/index.ts';
import { gameWith } from '../engine/setup.ts';

const think: Think = async (position, maxDepth) => {
  const move = chooseMove(position, 'normal', { timeMs: 5000, maxDepth });
  return { best: move.notation, score: move.score, depth: move.depth };
};

/** Fetlar, the attackers to move: the king on f3 is shut in on three sides, and c4-f4 or i4-f4 captures him. */
const record = serializeGame(
  gameWith(
    'fetlar',
    { king: 'f3', attackers: ['e3', 'g3', 'f2', 'c4', 'i4', 'a9', 'k9'], defenders: ['f9'] },
    'attackers',
  ),
);
const start = () => loadGame(record);

describe('an answer to a personal puzzle', () => {
  it('either capture of the king solves it, the AI’s own or the other; a quiet move does not', async () => {
    const own = await rateAnswer(start, 'c4-f4', think);
    const other = ['c4-f4', 'i4-f4'].find((move) => move !== own.best) ?? '';
    expect(['c4-f4', 'i4-f4']).toContain(own.best);
    expect(await rateAnswer(start, other, think)).toMatchObject({
      best: own.best,
      shortfall: 0,
      solved: true,
    });
    const quiet = await rateAnswer(start, 'a9-a8', think);
    expect(quiet.solved).toBe(false);
    expect(quiet.shortfall).toBeGreaterThan(100);
  });

  it('the move of the game that opened the king’s way: the AI’s line after it lets the king escape', async () => {
    const refutation = await refute(start, 'e3-e8', think);
    expect(refutation.allowed).toEqual({ kind: 'king-escapes' });
    expect(refutation.line[0]).toMatch(/^f3-/);
    const game = start();
    game.play('e3-e8');
    for (const move of refutation.line) game.play(move.split('x')[0]);
    expect(game.result?.reason).toBe('king-escaped');
  });

  it('a line that only takes pieces: the squares lost, net of those taken', () => {
    // Brandubh, the defenders to move: d2-c2 walks in between c1 and c3, where c4-c3 takes it.
    const game = gameWith(
      'brandubh',
      { king: 'd4', attackers: ['c1', 'c4', 'a6'], defenders: ['d2', 'f6'] },
      'defenders',
    );
    const own = game.play('d2-c2');
    const reply = game.play('c4-c3');
    expect(reply.captured).toEqual(['c2']);
    expect(allowedBy(game, 'defenders', [own, reply])).toEqual({ kind: 'pieces-lost', squares: ['c2'] });
    expect(allowedBy(game, 'attackers', [own, reply])).not.toMatchObject({ kind: 'pieces-lost' });
    expect(allowedBy(new Game('fetlar'), 'attackers', [])).toEqual({ kind: 'worse' });
  });
});

/**
 * A stand-in for the AI: at the puzzle's position it prefers `preferred`; after a move, it scores
 * the position `values[move]` for the side that played it (0 for a move not listed).
 */
function standIn(preferred: string, values: Record<string, number>): Think {
  return async (position) => {
    const last = position.history().at(-1);
    const any = (position.legalMoves()[0] as LegalMove | undefined)?.notation ?? '';
    if (!last) return { best: preferred, score: values[preferred] ?? 0, depth: 4 };
    return { best: any, score: -(values[`${last.from}-${last.to}`] ?? 0), depth: 3 };
  };
}

describe('an answer judged as the review judged the move of the game', () => {
  // Fetlar from the start, the attackers to move; the review's better move is a4-a2, the game's d1-d2.
  const opening = serializeGame(new Game('fetlar'));
  const begin = () => loadGame(opening);
  const reviewed = { better: 'a4-a2', played: 'd1-d2', winChanceScale: 0.004 };

  it('the review’s better move solves it, though this look prefers another and rates it a piece lower', async () => {
    const think = standIn('f2-f3', { 'f2-f3': 100, 'a4-a2': 0 });
    expect(await rateAnswer(begin, 'a4-a2', think, reviewed)).toMatchObject({
      best: 'a4-a2',
      shortfall: 0,
      solved: true,
    });
    // Judged by the look alone, as answers were: it falls short of the look's own choice.
    expect(await rateAnswer(begin, 'a4-a2', think)).toMatchObject({ best: 'f2-f3', solved: false });
  });

  it('other answers are graded on the review’s scale, against the review’s move; the game’s move never solves', async () => {
    const think = standIn('f2-f3', { 'a4-a2': 100, 'k4-k2': 60, 'h1-h3': -100, 'd1-d2': 100 });
    // At 0.004 a point: 59.9% for the review's move, 56.0% (3.9 points less) and 40.1% (19.7 less).
    expect(await rateAnswer(begin, 'k4-k2', think, reviewed)).toMatchObject({
      best: 'a4-a2',
      shortfall: 40,
      chanceLost: 3.9,
      grade: null,
      solved: true,
    });
    expect(await rateAnswer(begin, 'h1-h3', think, reviewed)).toMatchObject({
      best: 'a4-a2',
      shortfall: 200,
      chanceLost: 19.7,
      grade: 'inaccuracy',
      solved: false,
    });
    expect(await rateAnswer(begin, 'd1-d2', think, reviewed)).toMatchObject({ shortfall: 0, solved: false });
  });

  it('an answer that lets the king be taken at once, where another move would not, is a blunder whatever the look', async () => {
    // Brandubh, the defenders to move: d4-b4 walks in between a4 and the attackers' g4-c4.
    const position = serializeGame(
      gameWith(
        'brandubh',
        { king: 'd4', attackers: ['b2', 'd3', 'e3', 'a4', 'g4', 'f5', 'e6', 'd7'], defenders: ['c3'] },
        'defenders',
      ),
    );
    const think = standIn('c3-c1', {});
    const rating = await rateAnswer(() => loadGame(position), 'd4-b4', think, {
      better: 'c3-c1',
      played: 'c3-c5',
    });
    expect(rating).toMatchObject({ chanceLost: 0, grade: 'blunder', solved: false });
    expect(
      await rateAnswer(() => loadGame(position), 'c3-c2', think, { better: 'c3-c1', played: 'c3-c5' }),
    ).toMatchObject({ grade: null, solved: true });
  });
});
