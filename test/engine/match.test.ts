import { describe, expect, it } from 'vitest';
import { type MatchGame, scoreMatch } from '../../src/engine/index.ts';

const game = (
  attackers: string,
  defenders: string,
  winner: MatchGame['winner'],
  winnerMoves = 0,
): MatchGame => ({
  players: { attackers, defenders },
  winner,
  winnerMoves,
});

describe('armed-king rules: a match is two games with sides swapped', () => {
  it('is undecided after one game', () => {
    expect(scoreMatch([game('ann', 'bob', 'attackers', 30)])).toMatchObject({ winner: null, decided: false });
  });

  it('two wins take it', () => {
    expect(
      scoreMatch([game('ann', 'bob', 'attackers', 30), game('bob', 'ann', 'defenders', 50)]),
    ).toMatchObject({ winner: 'ann', decided: true });
  });

  it('at one win each, the win in fewer moves takes it', () => {
    const score = scoreMatch([game('ann', 'bob', 'attackers', 40), game('bob', 'ann', 'attackers', 25)]);
    expect(score).toMatchObject({ winner: 'bob', decided: true });
    expect(score.reason).toEqual({
      kind: 'fewer-moves',
      winner: 'bob',
      moves: 25,
      other: 'ann',
      otherMoves: 40,
    });
  });

  it('one win and a draw: the winner takes it', () => {
    expect(scoreMatch([game('ann', 'bob', null), game('bob', 'ann', 'defenders', 60)])).toMatchObject({
      winner: 'ann',
    });
  });

  it('one win each in as many moves, or two draws, is a drawn match', () => {
    expect(
      scoreMatch([game('ann', 'bob', 'attackers', 30), game('bob', 'ann', 'attackers', 30)]),
    ).toMatchObject({ winner: null, decided: true });
    expect(scoreMatch([game('ann', 'bob', null), game('bob', 'ann', null)])).toMatchObject({
      winner: null,
      decided: true,
    });
  });
});
