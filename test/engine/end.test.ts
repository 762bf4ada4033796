import { describe, expect, it } from 'vitest';
import { Game, type VariantId } from '../../src/engine/index.ts';
import { gameWith, toldResult } from './setup.ts';

const ALEA: VariantId[] = ['alea-guards', 'alea-armed', 'alea-walker'];

function playAll(game: Game, moves: string[]) {
  for (const move of moves) game.play(move);
}

describe('the king escapes: the defenders win', () => {
  it('Fetlar: the king reaching a corner square', () => {
    const game = gameWith('fetlar', { king: 'k5', attackers: ['a5'] }, 'defenders');
    game.play('k5-k1');
    expect(game.result).toEqual({
      winner: 'defenders',
      reason: 'king-escaped',
      square: 'k1',
    });
    expect(toldResult(game)).toBe('The king escaped to k1: the defenders win.');
    expect(game.isGameOver()).toBe(true);
  });

  it.each(ALEA)('%s: the king reaching any point of a corner block', (variant) => {
    for (const [from, to] of [
      ['b5', 'b2'],
      ['e1', 'b1'],
      ['r12', 'r18'],
      ['p19', 's19'],
    ]) {
      const game = gameWith(variant, { king: from, attackers: ['j3'] }, 'defenders');
      game.play(`${from}-${to}`);
      expect(game.result, `${from}-${to}`).toMatchObject({ winner: 'defenders', reason: 'king-escaped' });
    }
  });

  it('Fetlar: the king on the edge away from a corner has not escaped', () => {
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a5'] }, 'defenders');
    game.play('f6-f11');
    expect(game.result).toBeNull();
  });
});

describe('the king captured is a result, not a captured piece', () => {
  it('the capturing move lists no king among its captures', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'e5', attackers: ['d5', 'f5', 'e6', 'h4'], defenders: ['a10'] },
      'attackers',
    );
    const move = game.play('h4-e4');
    expect(move.captured).toEqual([]);
    expect(game.result?.reason).toBe('king-captured');
  });
});

describe('enclosure (armed-king rules only): the king and all defenders sealed from the edge', () => {
  // A diamond of attackers around the throne touching only diagonally; m10 closes it.
  const ring = ['g10', 'j13', 'j7', 'l11', 'k12', 'i12', 'h11', 'h9', 'i8', 'k8', 'l9'];

  it('attackers touching only diagonally seal the ring: the attackers win', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'j10', defenders: ['j11'], attackers: [...ring, 'p10'] },
      'attackers',
    );
    game.play('p10-m10');
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'enclosed' });
  });

  it('no enclosure while the ring is open', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'j10', defenders: ['j11'], attackers: [...ring, 'p10'] },
      'attackers',
    );
    game.play('p10-o10');
    expect(game.result).toBeNull();
  });

  it('no enclosure while a defender stands outside the ring', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'j10', defenders: ['j11', 'c3'], attackers: [...ring, 'p10'] },
      'attackers',
    );
    game.play('p10-m10');
    expect(game.result).toBeNull();
  });

  it('a pocket that contains edge squares is no enclosure', () => {
    const wall = ['a6', 'b6', 'c6', 'd6', 'e6', 'e5', 'e4', 'e3', 'e2'];
    const game = gameWith(
      'alea-armed',
      { king: 'c4', defenders: ['d3'], attackers: [...wall, 'h1'] },
      'attackers',
    );
    game.play('h1-e1');
    expect(game.result).toBeNull();
  });

  it.each(['alea-guards', 'alea-walker'] as const)('%s: the same ring ends nothing', (variant) => {
    const game = gameWith(
      variant,
      { king: 'j10', defenders: ['j11'], attackers: [...ring, 'p10'] },
      'attackers',
    );
    game.play('p10-m10');
    expect(game.result).toBeNull();
  });
});

describe('repetition', () => {
  const aleaShuffle = ['e5-e6', 'o15-o14', 'e6-e5', 'o14-o15'];

  it('armed-king rules: the player who completes the third occurrence loses', () => {
    const game = gameWith('alea-armed', { king: 'j10', defenders: ['e5'], attackers: ['o15'] }, 'defenders');
    playAll(game, aleaShuffle);
    expect(game.result).toBeNull();
    playAll(game, aleaShuffle.slice(0, 3));
    expect(game.result).toBeNull();
    game.play(aleaShuffle[3]);
    expect(game.result).toMatchObject({ winner: 'defenders', reason: 'repetition' });
    expect(toldResult(game)).toBe('The attackers repeated the position for the third time and lose.');
  });

  it('Walker 2014 rules: a second occurrence is a draw', () => {
    const game = gameWith('alea-walker', { king: 'j10', defenders: ['e5'], attackers: ['o15'] }, 'defenders');
    playAll(game, aleaShuffle.slice(0, 3));
    expect(game.result).toBeNull();
    game.play(aleaShuffle[3]);
    expect(game.result).toMatchObject({ winner: null, reason: 'repetition' });
  });

  it.each([
    ['fetlar', { king: 'f6', defenders: ['c3'], attackers: ['i9'] }, ['i9-i8', 'c3-c4', 'i8-i9', 'c4-c3']],
    [
      'alea-guards',
      { king: 'j10', defenders: ['e5'], attackers: ['o15'] },
      ['o15-o14', 'e5-e6', 'o14-o15', 'e6-e5'],
    ],
  ] as const)('%s: the third occurrence is a draw', (variant, pieces, shuffle) => {
    const game = gameWith(
      variant,
      { ...pieces, defenders: [...pieces.defenders], attackers: [...pieces.attackers] },
      'attackers',
    );
    playAll(game, [...shuffle, ...shuffle.slice(0, 3)]);
    expect(game.result).toBeNull();
    game.play(shuffle[3]);
    expect(game.result).toMatchObject({ winner: null, reason: 'repetition' });
  });
});

describe('no legal move', () => {
  // The lone attacker on the edge is walled in by defenders when the last one arrives.
  const stuck: Record<VariantId, { pieces: Parameters<typeof gameWith>[1]; move: string }> = {
    'alea-guards': {
      pieces: { king: 'j10', attackers: ['a10'], defenders: ['a9', 'a11', 'e10'] },
      move: 'e10-b10',
    },
    'alea-armed': {
      pieces: { king: 'j10', attackers: ['a10'], defenders: ['a9', 'a11', 'e10'] },
      move: 'e10-b10',
    },
    'alea-walker': {
      pieces: { king: 'j10', attackers: ['a10'], defenders: ['a9', 'a11', 'e10'] },
      move: 'e10-b10',
    },
    fetlar: { pieces: { king: 'f6', attackers: ['a6'], defenders: ['a5', 'a7', 'd6'] }, move: 'd6-b6' },
    copenhagen: { pieces: { king: 'f6', attackers: ['a6'], defenders: ['a5', 'a7', 'd6'] }, move: 'd6-b6' },
    brandubh: { pieces: { king: 'd4', attackers: ['a4'], defenders: ['a3', 'a5', 'b6'] }, move: 'b6-b4' },
    tablut: { pieces: { king: 'e5', attackers: ['a6'], defenders: ['a5', 'a7', 'd6'] }, move: 'd6-b6' },
  };

  it.each([
    ['fetlar', 'defenders', 'The attackers have no legal move and lose.'],
    ['copenhagen', 'defenders', 'The attackers have no legal move and lose.'],
    ['brandubh', 'defenders', 'The attackers have no legal move and lose.'],
    ['tablut', 'defenders', 'The attackers have no legal move and lose.'],
    ['alea-guards', 'defenders', 'The attackers have no legal move and lose.'],
    ['alea-armed', null, 'The attackers have no legal move: a draw.'],
    ['alea-walker', null, 'The attackers have no legal move: a draw.'],
  ] as const)('%s: the side to move without a legal move: winner %s', (variant, winner, description) => {
    const { pieces, move } = stuck[variant];
    const game = gameWith(variant, pieces, 'defenders');
    game.play(move);
    expect(game.legalMoves()).toEqual([]);
    expect(game.result).toEqual({ winner, reason: 'no-legal-move' });
    expect(toldResult(game)).toBe(description);
  });
});

describe('precedence: the first end condition that applies decides', () => {
  it('an escape that also leaves the attackers without a move is an escape (armed king: not a draw)', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'b5', attackers: ['a10'], defenders: ['a9', 'a11', 'b10'] },
      'defenders',
    );
    game.play('b5-b2');
    expect(game.result).toMatchObject({ winner: 'defenders', reason: 'king-escaped' });
  });

  it('a king capture that also leaves the defenders without a move is a capture (Walker: not a draw)', () => {
    const game = gameWith('alea-walker', { king: 'e5', attackers: ['d5', 'f9'] }, 'attackers');
    game.play('f9-f5');
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'king-captured' });
  });
});

describe('ends decided off the board', () => {
  it('a player may resign', () => {
    const game = new Game('fetlar');
    expect(game.resign('defenders')).toEqual({ winner: 'attackers', reason: 'resignation' });
    expect(toldResult(game)).toBe('The defenders resigned.');
    expect(game.isGameOver()).toBe(true);
  });

  it('both may agree a draw', () => {
    const game = new Game('alea-armed');
    expect(game.agreeDraw()).toMatchObject({ winner: null, reason: 'agreed-draw' });
  });

  it('undo takes back the last move and its captures', () => {
    const game = gameWith('fetlar', { king: 'f6', defenders: ['c4'], attackers: ['b4', 'd1'] }, 'attackers');
    const before = game.position();
    game.play('d1-d4');
    expect(game.undo()?.notation).toBe('d1-d4xc4');
    expect(game.position()).toBe(before);
    expect(game.turn).toBe('attackers');
    expect(game.undo()).toBeNull();
  });
});
