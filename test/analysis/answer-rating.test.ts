/**
 * Answers to a member's own puzzle, judged by the real AI on this thread: a move as good as the
 * AI's best solves it even when it is not the AI's own, a worse one does not; and what the move of
 * the game allowed, from the AI's line after it.
 */
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { allowedBy, rateAnswer, refute, type Think } from '../../src/analysis/answer-rating.ts';
import { Game, loadGame, serializeGame } from '../../src/engine/index.ts';
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
    expect(await rateAnswer(start, other, think)).toEqual({ best: own.best, shortfall: 0, solved: true });
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
