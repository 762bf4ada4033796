import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import { gameWith } from '../engine/setup.ts';

describe('the AI ahead does not settle for a draw', () => {
  it('Fetlar: the defenders, four pieces up, do not repeat the position a third time', () => {
    // The king is boxed in by his own men; the defenders have six to the attackers' two.
    const game = gameWith(
      'fetlar',
      { king: 'f6', attackers: ['b3', 'j9'], defenders: ['e6', 'g6', 'f5', 'f7', 'c8', 'h3'] },
      'attackers',
    );
    for (const move of ['b3-b4', 'c8-c9', 'b4-b3', 'c9-c8', 'b3-b4', 'c8-c9', 'b4-b3']) game.play(move);
    const copy = gameWith(
      'fetlar',
      { king: 'f6', attackers: ['b3', 'j9'], defenders: ['e6', 'g6', 'f5', 'f7', 'c8', 'h3'] },
      'attackers',
    );
    for (const move of ['b3-b4', 'c8-c9', 'b4-b3', 'c9-c8', 'b3-b4', 'c8-c9', 'b4-b3', 'c9-c8'])
      copy.play(move);
    expect(copy.result?.reason).toBe('repetition');

    const move = chooseMove(game, 'normal', { timeMs: 300 });
    game.play(move.notation);
    expect(game.result?.reason).not.toBe('repetition');
  });
});
