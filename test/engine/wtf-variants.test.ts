/**
 * The rules Copenhagen Hnefatafl, Brandubh and Tablut bring (World Tafl Federation readings, see
 * docs/rules/): shieldwall, exit fort, encirclement, edge escape, the king's capture by where he
 * stands, and repetition as a loss for the defenders. Each test is named for its rule.
 */
import { describe, expect, it } from 'vitest';
import type { VariantId } from '../../src/engine/index.ts';
import { gameWith, type Pieces, toldResult } from './setup.ts';

function playFrom(variant: VariantId, pieces: Pieces, toMove: 'attackers' | 'defenders', ...moves: string[]) {
  const game = gameWith(variant, pieces, toMove);
  const played = moves.map((move) => game.play(move));
  return { game, move: played.at(-1) };
}

describe('Copenhagen shieldwall: a row on the edge falls to a flanking move', () => {
  it('a row of three with an attacker in front of each falls when the far end is closed', () => {
    const { game, move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['c1', 'd1', 'e1'], attackers: ['b1', 'c2', 'd2', 'e2', 'i1'] },
      'attackers',
      'i1-f1',
    );
    expect(move?.captured).toEqual(['c1', 'd1', 'e1']);
    expect(move?.notation).toBe('i1-f1xc1/d1/e1');
    for (const square of ['c1', 'd1', 'e1']) expect(game.pieceAt(square)).toBeNull();
  });

  it('a corner closes one end', () => {
    const { move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['b1', 'c1'], attackers: ['b2', 'c2', 'h1'] },
      'attackers',
      'h1-d1',
    );
    expect(move?.captured).toEqual(['b1', 'c1']);
  });

  it('along a file: the west edge', () => {
    const { move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['a3', 'a4'], attackers: ['a2', 'b3', 'b4', 'd5'] },
      'attackers',
      'd5-a5',
    );
    expect(move?.captured).toEqual(['a3', 'a4']);
  });

  it('the king in the row stays; the others go', () => {
    const { game, move } = playFrom(
      'copenhagen',
      { king: 'd1', defenders: ['c1', 'e1'], attackers: ['b1', 'c2', 'd2', 'e2', 'i1'] },
      'attackers',
      'i1-f1',
    );
    expect(move?.captured).toEqual(['c1', 'e1']);
    expect(game.pieceAt('d1')).toBe('king');
    expect(game.result).toBeNull();
  });

  it('the king closes a row of attackers as a bracket', () => {
    const { move } = playFrom(
      'copenhagen',
      { king: 'b1', attackers: ['c1', 'd1'], defenders: ['c2', 'd2', 'e5'] },
      'defenders',
      'e5-e1',
    );
    expect(move?.captured).toEqual(['c1', 'd1']);
  });

  it('completing the front line instead of an end captures nothing', () => {
    const { game, move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['c1', 'd1', 'e1'], attackers: ['b1', 'f1', 'c2', 'd2', 'e5'] },
      'attackers',
      'e5-e2',
    );
    expect(move?.captured).toEqual([]);
    expect(game.pieceAt('d1')).toBe('defender');
  });

  it('a piece of the row without an enemy in front keeps the row standing', () => {
    const { move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['c1', 'd1', 'e1'], attackers: ['b1', 'c2', 'd2', 'i1'] },
      'attackers',
      'i1-f1',
    );
    expect(move?.captured).toEqual([]);
  });

  it('happens together with an ordinary capture of the same move', () => {
    const { move } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['c1', 'd1', 'f1'], attackers: ['b1', 'c2', 'd2', 'g1', 'e5'] },
      'attackers',
      'e5-e1',
    );
    expect(move?.captured).toEqual(['c1', 'd1', 'f1']);
  });

  it('Fetlar has no shieldwall: the same move captures nothing', () => {
    const { move } = playFrom(
      'fetlar',
      { king: 'f6', defenders: ['c1', 'd1', 'e1'], attackers: ['b1', 'c2', 'd2', 'e2', 'i1'] },
      'attackers',
      'i1-f1',
    );
    expect(move?.captured).toEqual([]);
  });
});

describe('Copenhagen exit fort: the king on the edge in a fort no attacker can break', () => {
  // The king's region e1 f1 e2 f2, walled by d1 g1 d2 g2 e3 f3: each wall piece has, on each
  // axis, the region, another wall piece or the board's end beside it.
  const wall = ['d1', 'g1', 'd2', 'g2', 'e3', 'f3'];

  it('the king stepping onto the edge inside a sound fort wins', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'e2', defenders: wall, attackers: ['c1', 'c5', 'h4', 'j9'] },
      'defenders',
      'e2-e1',
    );
    expect(game.result).toMatchObject({ winner: 'defenders', reason: 'exit-fort', square: 'e1' });
    expect(toldResult(game)).toBe('The king built an exit fort on e1: the defenders win.');
  });

  it('the last wall piece arriving completes the fort', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'f1', defenders: ['d1', 'g1', 'd2', 'g2', 'e3', 'f7'], attackers: ['c1', 'j9'] },
      'defenders',
      'f7-f3',
    );
    expect(game.result).toMatchObject({ winner: 'defenders', reason: 'exit-fort' });
  });

  it('a wall piece that two attackers could take is no fort', () => {
    // Region f1 f2; f3 has e3 and g3 open on either side.
    const { game } = playFrom(
      'copenhagen',
      { king: 'f2', defenders: ['e1', 'g1', 'e2', 'g2', 'f3'], attackers: ['c5', 'j9'] },
      'defenders',
      'f2-f1',
    );
    expect(game.result).toBeNull();
  });

  it('a defender outside the fort protects nothing', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'f2', defenders: ['e1', 'g1', 'e2', 'g2', 'f3', 'e3', 'g3'], attackers: ['c5', 'j9'] },
      'defenders',
      'f2-f1',
    );
    expect(game.result).toBeNull();
  });

  it('an attacker inside the fort spoils it', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'e2', defenders: wall, attackers: ['f2', 'c5', 'j9'] },
      'defenders',
      'e2-e1',
    );
    expect(game.result).toBeNull();
  });

  it('a king who cannot move is in no fort', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'f1', defenders: ['e1', 'g1', 'e2', 'g2', 'f5'], attackers: ['c5', 'j9'] },
      'defenders',
      'f5-f2',
    );
    expect(game.result).toBeNull();
  });

  it('Fetlar has no exit fort', () => {
    const { game } = playFrom(
      'fetlar',
      { king: 'e2', defenders: wall, attackers: ['c1', 'c5', 'h4', 'j9'] },
      'defenders',
      'e2-e1',
    );
    expect(game.result).toBeNull();
  });
});

describe('encirclement: the attackers seal the king and every defender from the edge', () => {
  const ring = ['f8', 'e7', 'g7', 'd6', 'h6', 'e5', 'g5'];

  it.each([
    ['copenhagen', 'f1-f4'],
    ['tablut', 'f1-f4'],
  ] as const)('%s: the last attacker closing the ring wins', (variant, move) => {
    const size = variant === 'tablut' ? 9 : 11;
    const { game } = playFrom(
      variant,
      { king: 'f6', defenders: ['f7'], attackers: [...ring, move.split('-')[0]] },
      'attackers',
      move,
    );
    expect(size).toBeGreaterThan(7);
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'enclosed' });
  });

  it('brandubh: a ring around the throne wins', () => {
    const { game } = playFrom(
      'brandubh',
      { king: 'd4', defenders: ['d5'], attackers: ['d6', 'c5', 'e5', 'b4', 'f4', 'c3', 'e3', 'd1'] },
      'attackers',
      'd1-d2',
    );
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'enclosed' });
  });

  it('a defender outside the ring, on the edge, is no encirclement', () => {
    const { game } = playFrom(
      'copenhagen',
      { king: 'f6', defenders: ['f7', 'a5'], attackers: [...ring, 'f1'] },
      'attackers',
      'f1-f4',
    );
    expect(game.result).toBeNull();
  });
});

describe('Tablut: the king escapes to any edge square', () => {
  it.each(['c3-c1', 'c3-a3', 'c3-c9'])('%s wins', (move) => {
    const { game } = playFrom(
      'tablut',
      { king: 'c3', attackers: ['h8'], defenders: ['g2'] },
      'defenders',
      move,
    );
    expect(game.result).toMatchObject({ winner: 'defenders', reason: 'king-escaped', square: move.slice(3) });
  });

  it('a corner is an ordinary square: an attacker may stop there, and it is not hostile', () => {
    const { game } = playFrom(
      'tablut',
      { king: 'e5', attackers: ['c1', 'c3'], defenders: ['a2'] },
      'attackers',
      'c1-a1',
    );
    expect(game.pieceAt('a1')).toBe('attacker');
    expect(game.pieceAt('a2')).toBe('defender');
    const defender = playFrom(
      'tablut',
      { king: 'e5', attackers: ['a2', 'c1'], defenders: ['h3'] },
      'defenders',
      'h3-a3',
    );
    expect(defender.move?.captured).toEqual([]);
  });

  it('the king may return to the throne, and others pass over it while empty', () => {
    const game = gameWith('tablut', { king: 'e6', attackers: ['a1'], defenders: ['d5'] }, 'defenders');
    expect(game.legalMoves({ from: 'e6' }).map((move) => move.to)).toContain('e5');
    expect(game.legalMoves({ from: 'd5' }).map((move) => move.to)).toEqual(
      expect.arrayContaining(['f5', 'g5', 'h5']),
    );
    expect(game.legalMoves({ from: 'd5' }).map((move) => move.to)).not.toContain('e5');
  });
});

interface KingCase {
  rule: string;
  pieces: Pieces;
  move: string;
  captured: boolean;
}

function kingCases(variant: VariantId, cases: KingCase[]) {
  it.each(cases)('$rule', ({ pieces, move, captured }) => {
    const { game } = playFrom(variant, pieces, 'attackers', move);
    if (captured) expect(game.result).toMatchObject({ winner: 'attackers', reason: 'king-captured' });
    else expect(game.pieceAt(pieces.king)).toBe('king');
  });
}

describe('Brandubh: the king falls to four on the throne, to two anywhere else', () => {
  kingCases('brandubh', [
    {
      rule: 'on the throne: four attackers',
      pieces: { king: 'd4', attackers: ['c4', 'e4', 'd5', 'd1'] },
      move: 'd1-d3',
      captured: true,
    },
    {
      rule: 'on the throne: three and a defender do not',
      pieces: { king: 'd4', attackers: ['c4', 'e4', 'd1'], defenders: ['d5'] },
      move: 'd1-d3',
      captured: false,
    },
    {
      rule: 'beside the throne: two on opposite sides',
      pieces: { king: 'd5', attackers: ['c5', 'e7'] },
      move: 'e7-e5',
      captured: true,
    },
    {
      rule: 'beside the throne: the empty throne never stands in for an attacker',
      pieces: { king: 'd5', attackers: ['a6'] },
      move: 'a6-d6',
      captured: false,
    },
    {
      rule: 'on the edge: two along the edge',
      pieces: { king: 'a3', attackers: ['a2', 'c4'] },
      move: 'c4-a4',
      captured: true,
    },
    {
      rule: 'on the edge: the edge is not hostile',
      pieces: { king: 'a3', attackers: ['c3'] },
      move: 'c3-b3',
      captured: false,
    },
    {
      rule: 'beside a corner: one attacker and the corner',
      pieces: { king: 'a2', attackers: ['c3'] },
      move: 'c3-a3',
      captured: true,
    },
  ]);

  it('the empty throne is hostile to defenders, and to attackers', () => {
    const defender = playFrom(
      'brandubh',
      { king: 'f2', defenders: ['d5'], attackers: ['a6'] },
      'attackers',
      'a6-d6',
    );
    expect(defender.move?.captured).toEqual(['d5']);
    const attacker = playFrom(
      'brandubh',
      { king: 'f2', attackers: ['d5'], defenders: ['a6'] },
      'defenders',
      'a6-d6',
    );
    expect(attacker.move?.captured).toEqual(['d5']);
  });
});

describe('Tablut: four on the throne, three and the throne beside it, two elsewhere', () => {
  kingCases('tablut', [
    {
      rule: 'on the throne: four attackers',
      pieces: { king: 'e5', attackers: ['d5', 'f5', 'e6', 'e2'] },
      move: 'e2-e4',
      captured: true,
    },
    {
      rule: 'on the throne: three and a defender do not',
      pieces: { king: 'e5', attackers: ['d5', 'f5', 'e2'], defenders: ['e6'] },
      move: 'e2-e4',
      captured: false,
    },
    {
      rule: 'beside the throne: three and the empty throne',
      pieces: { king: 'e6', attackers: ['d6', 'f6', 'a7'] },
      move: 'a7-e7',
      captured: true,
    },
    {
      rule: 'beside the throne: two on opposite sides do not',
      pieces: { king: 'e6', attackers: ['d6', 'f8'] },
      move: 'f8-f6',
      captured: false,
    },
    {
      rule: 'elsewhere: two on opposite sides',
      pieces: { king: 'c3', attackers: ['b3', 'd7'] },
      move: 'd7-d3',
      captured: true,
    },
  ]);
});

describe('Copenhagen: four sides, three and the empty throne beside it, never on the edge', () => {
  kingCases('copenhagen', [
    {
      rule: 'on the throne: four attackers',
      pieces: { king: 'f6', attackers: ['e6', 'g6', 'f7', 'f2'] },
      move: 'f2-f5',
      captured: true,
    },
    {
      rule: 'beside the throne: three and the empty throne',
      pieces: { king: 'f7', attackers: ['e7', 'g7', 'a8'] },
      move: 'a8-f8',
      captured: true,
    },
    {
      rule: 'elsewhere: four sides',
      pieces: { king: 'c3', attackers: ['b3', 'd3', 'c4', 'h2'] },
      move: 'h2-c2',
      captured: true,
    },
    {
      rule: 'elsewhere: two on opposite sides do not',
      pieces: { king: 'c3', attackers: ['b3', 'd7'] },
      move: 'd7-d3',
      captured: false,
    },
    {
      rule: 'on the edge: never',
      pieces: { king: 'a5', attackers: ['a4', 'b5', 'c6'] },
      move: 'c6-a6',
      captured: false,
    },
  ]);
});

describe('repetition: the third occurrence loses for the defenders, whoever made it', () => {
  const cases = [
    [
      'copenhagen',
      { king: 'f6', attackers: ['c3'], defenders: ['h8'] },
      ['c3-c4', 'h8-h9', 'c4-c3', 'h9-h8'],
    ],
    ['brandubh', { king: 'd4', attackers: ['b2'], defenders: ['f6'] }, ['b2-b3', 'f6-f5', 'b3-b2', 'f5-f6']],
    ['tablut', { king: 'e5', attackers: ['b2'], defenders: ['h8'] }, ['b2-b3', 'h8-h7', 'b3-b2', 'h7-h8']],
  ] as const;

  it.each(cases)('%s: the defenders make the third occurrence', (variant, pieces, shuffle) => {
    const game = gameWith(
      variant,
      { ...pieces, attackers: [...pieces.attackers], defenders: [...pieces.defenders] },
      'attackers',
    );
    for (const move of [...shuffle, ...shuffle.slice(0, 3)]) game.play(move);
    expect(game.result).toBeNull();
    game.play(shuffle[3]);
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'repetition' });
    expect(toldResult(game)).toBe('The position stood on the board for the third time: the defenders lose.');
  });

  it.each(cases)('%s: the attackers make the third occurrence', (variant, pieces, shuffle) => {
    const game = gameWith(
      variant,
      { ...pieces, attackers: [...pieces.attackers], defenders: [...pieces.defenders] },
      'defenders',
    );
    const order = [shuffle[1], shuffle[0], shuffle[3], shuffle[2]];
    for (const move of [...order, ...order.slice(0, 3)]) game.play(move);
    expect(game.result).toBeNull();
    game.play(order[3]);
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'repetition' });
  });
});
