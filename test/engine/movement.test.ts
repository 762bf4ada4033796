import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { gameWith } from './setup.ts';

function refusalOf(game: Game, move: string) {
  const attempt = game.tryPlay(move);
  if (attempt.ok) throw new Error(`${move} was accepted`);
  // The particulars (params) are checked where they are told in German, in test/i18n.
  const { code } = attempt.refusal;
  return { code, message: messagesFor('en').refusals[code](attempt.refusal.params) };
}

describe('movement: pieces move like rooks and never jump', () => {
  it('a piece moves any distance along a rank or a file', () => {
    const game = gameWith('fetlar', { king: 'f6', attackers: ['c3'], defenders: ['h8'] }, 'attackers');
    const targets = game.legalMoves({ from: 'c3' }).map((move) => move.to);
    expect(targets.sort()).toEqual(
      [
        'a3',
        'b3',
        'c1',
        'c10',
        'c11',
        'c2',
        'c4',
        'c5',
        'c6',
        'c7',
        'c8',
        'c9',
        'd3',
        'e3',
        'f3',
        'g3',
        'h3',
        'i3',
        'j3',
        'k3',
      ].sort(),
    );
  });

  it('refuses a diagonal move: "pieces move along a rank or a file"', () => {
    expect(refusalOf(new Game('fetlar'), 'a4-b5')).toEqual({
      code: 'not-straight',
      message: 'pieces move along a rank or a file',
    });
  });

  it('refuses to jump: names the piece in the way', () => {
    expect(refusalOf(new Game('fetlar'), 'a4-a8')).toEqual({ code: 'blocked', message: 'a5 is in the way' });
  });

  it('refuses a move onto another piece', () => {
    expect(refusalOf(new Game('fetlar'), 'a4-a5').code).toBe('occupied');
  });

  it('refuses an empty starting square by name', () => {
    expect(refusalOf(new Game('fetlar'), 'c3-c5')).toEqual({ code: 'empty-square', message: 'c3 is empty' });
  });

  it("refuses to move the other side's piece", () => {
    expect(refusalOf(new Game('fetlar'), 'f4-c4')).toEqual({
      code: 'not-your-piece',
      message: 'that piece belongs to the defenders',
    });
    expect(refusalOf(new Game('alea-armed'), 'c1-c2')).toEqual({
      code: 'not-your-piece',
      message: 'that piece belongs to the attackers',
    });
  });

  it('refuses squares off the board by name', () => {
    expect(refusalOf(new Game('alea-armed'), 'j9-t3')).toEqual({
      code: 'off-board',
      message: 't3 is not on the 19x19 board',
    });
    expect(refusalOf(new Game('fetlar'), 'a4-l4')).toEqual({
      code: 'off-board',
      message: 'l4 is not on the 11x11 board',
    });
    expect(refusalOf(new Game('fetlar'), 'a12-a4')).toEqual({
      code: 'off-board',
      message: 'a12 is not on the 11x11 board',
    });
  });

  it('refuses text that is not a move', () => {
    const refusal = refusalOf(new Game('fetlar'), 'hello');
    expect(refusal.code).toBe('malformed');
    expect(refusal.message).toContain('e5-e8');
  });

  it.each(['d1-d3', 'd1 d3', 'd1d3', 'D1-D3', 'd1 - d3', '  d1-d3  '])(
    'reads the move written as "%s"',
    (text) => {
      const game = new Game('fetlar');
      expect(game.play(text)).toMatchObject({ from: 'd1', to: 'd3', notation: 'd1-d3' });
    },
  );

  it('refuses every move once the game is over: "the game is over"', () => {
    const game = new Game('fetlar');
    game.resign('attackers');
    expect(refusalOf(game, 'd1-d3')).toEqual({ code: 'game-over', message: 'the game is over' });
  });
});

describe('movement: squares only the king may stop on or pass over', () => {
  it('Fetlar: only the king may stop on the throne', () => {
    const game = gameWith('fetlar', { king: 'b9', defenders: ['f8'], attackers: ['k11'] }, 'defenders');
    expect(refusalOf(game, 'f8-f6')).toEqual({
      code: 'king-only-stop',
      message: 'only the king may stop on the throne',
    });
  });

  it('Fetlar: other pieces may pass over the empty throne', () => {
    const game = gameWith('fetlar', { king: 'b9', defenders: ['f8'], attackers: ['k11'] }, 'defenders');
    expect(game.tryPlay('f8-f4').ok).toBe(true);
  });

  it('Fetlar: only the king may stop on a corner; the king may', () => {
    const game = gameWith('fetlar', { king: 'k5', attackers: ['a5'], defenders: ['h8'] }, 'attackers');
    expect(refusalOf(game, 'a5-a1')).toEqual({
      code: 'king-only-stop',
      message: 'only the king may stop on a corner (a1)',
    });
    game.play('a5-a2');
    expect(game.tryPlay('k5-k1').ok).toBe(true);
  });

  it('Fetlar: the king may return to the throne', () => {
    const game = gameWith('fetlar', { king: 'f8', attackers: ['a5'] }, 'defenders');
    expect(game.tryPlay('f8-f6').ok).toBe(true);
  });

  it('Alea Evangelii (guard rules): only the king may pass over the centre', () => {
    const game = gameWith(
      'alea-guards',
      { king: 'c10', defenders: ['j13'], attackers: ['s19'] },
      'defenders',
    );
    expect(refusalOf(game, 'j13-j5')).toEqual({
      code: 'king-only-pass',
      message: 'only the king may pass over the centre',
    });
    expect(refusalOf(game, 'j13-j10')).toEqual({
      code: 'king-only-stop',
      message: 'only the king may stop on the centre',
    });
  });

  it('Alea Evangelii (guard rules): a guard may not pass over the centre either; the king may', () => {
    const game = gameWith('alea-guards', { king: 'j14', guards: ['j12'], attackers: ['a10'] }, 'defenders');
    expect(refusalOf(game, 'j12-j8').code).toBe('king-only-pass');
    const kingGame = gameWith('alea-guards', { king: 'j12', attackers: ['a10'] }, 'defenders');
    expect(kingGame.tryPlay('j12-j8').ok).toBe(true);
  });

  it('Alea Evangelii (guard rules): only the king may stop on a citadel point', () => {
    const game = gameWith('alea-guards', { king: 'j10', attackers: ['b7'] }, 'attackers');
    expect(refusalOf(game, 'b7-b2')).toEqual({
      code: 'king-only-stop',
      message: 'only the king may stop on a citadel (b2)',
    });
  });

  it.each(['alea-armed', 'alea-walker'] as const)(
    '%s: others may pass the empty centre but not stop on it',
    (variant) => {
      const game = gameWith(variant, { king: 'c10', defenders: ['j13'], attackers: ['s19'] }, 'defenders');
      expect(refusalOf(game, 'j13-j10').code).toBe('king-only-stop');
      expect(game.tryPlay('j13-j5').ok).toBe(true);
    },
  );

  it.each(['alea-armed', 'alea-walker'] as const)(
    '%s: only the king may stop on the 16 corner points',
    (variant) => {
      const game = gameWith(variant, { king: 'j10', attackers: ['r7'] }, 'attackers');
      expect(refusalOf(game, 'r7-r2').code).toBe('king-only-stop');
      expect(game.legalMoves({ from: 'r7' }).map((move) => move.to)).not.toContain('r1');
    },
  );

  it('legal move lists never stop a non-king piece on a special square (starting positions)', () => {
    for (const variant of ['alea-guards', 'alea-armed', 'alea-walker', 'fetlar'] as const) {
      const game = new Game(variant);
      const special = new Set([game.snapshot().special.throne, ...game.snapshot().special.escapes]);
      for (const move of game.legalMoves()) expect(special.has(move.to)).toBe(false);
    }
  });
});
