import { describe, expect, it } from 'vitest';
import type { Game, VariantId } from '../../src/engine/index.ts';
import { gameWith, toldResult } from './setup.ts';

/**
 * Each case: the king on `king`, attackers already on `attackers`, and one attacker moving
 * `from`-`to` to close the last side. `captured` says whether the king falls.
 */
interface KingCase {
  rule: string;
  king: string;
  attackers: string[];
  defenders?: string[];
  move: string;
  captured: boolean;
}

function play(variant: VariantId, c: KingCase): Game {
  const pieces = {
    king: c.king,
    attackers: [...c.attackers, c.move.split('-')[0]],
    defenders: c.defenders ?? ['a10'],
  };
  if (variant === 'fetlar') pieces.defenders = c.defenders ?? ['k6'];
  const game = gameWith(variant, pieces, 'attackers');
  game.play(c.move);
  return game;
}

function check(variant: VariantId, cases: KingCase[]) {
  it.each(cases)('$rule', (c) => {
    const game = play(variant, c);
    if (c.captured) {
      expect(game.result).toMatchObject({ winner: 'attackers', reason: 'king-captured' });
      expect(game.result?.square).toBe(c.king);
      expect(toldResult(game)).toContain(c.king);
    } else {
      expect(game.result).toBeNull();
      expect(game.pieceAt(c.king)).toBe('king');
    }
  });
}

describe('Fetlar: king captured by four attackers, three beside the throne, never on the edge', () => {
  check('fetlar', [
    {
      rule: 'on the throne: four attackers capture',
      king: 'f6',
      attackers: ['e6', 'g6', 'f7'],
      move: 'c5-f5',
      captured: true,
    },
    {
      rule: 'on the throne: three attackers and a defender do not',
      king: 'f6',
      attackers: ['e6', 'g6', 'f7'],
      defenders: ['f5'],
      move: 'c4-c5',
      captured: false,
    },
    {
      rule: 'beside the throne: three attackers capture (the empty throne closes the fourth side)',
      king: 'f7',
      attackers: ['e7', 'g7'],
      move: 'c8-f8',
      captured: true,
    },
    {
      rule: 'elsewhere: four attackers capture',
      king: 'c3',
      attackers: ['b3', 'd3', 'c4'],
      move: 'h2-c2',
      captured: true,
    },
    {
      rule: 'elsewhere: two attackers on opposite sides do not',
      king: 'c3',
      attackers: ['b3'],
      move: 'd8-d3',
      captured: false,
    },
    {
      rule: 'on the board edge the king cannot be captured',
      king: 'a5',
      attackers: ['a4', 'a6'],
      move: 'd5-b5',
      captured: false,
    },
    {
      rule: 'the corner next to the king does not close a side (he is on the edge)',
      king: 'b1',
      attackers: ['c1'],
      move: 'e2-b2',
      captured: false,
    },
  ]);
});

describe('Alea Evangelii (armed king): four sides, or three on the edge or beside the throne; corners count', () => {
  check('alea-armed', [
    {
      rule: 'on the throne: four attackers capture',
      king: 'j10',
      attackers: ['i10', 'k10', 'j11'],
      move: 'e9-j9',
      captured: true,
    },
    {
      rule: 'on the throne: three attackers do not',
      king: 'j10',
      attackers: ['i10', 'k10'],
      move: 'e11-j11',
      captured: false,
    },
    {
      rule: 'beside the throne: three attackers capture',
      king: 'j11',
      attackers: ['i11', 'k11'],
      move: 'e12-j12',
      captured: true,
    },
    {
      rule: 'beside the throne: two attackers on opposite sides do not',
      king: 'j11',
      attackers: ['i11'],
      move: 'k15-k11',
      captured: false,
    },
    {
      rule: 'elsewhere: four attackers capture',
      king: 'e5',
      attackers: ['d5', 'f5', 'e6'],
      move: 'h4-e4',
      captured: true,
    },
    {
      rule: 'elsewhere: two attackers on opposite sides do not',
      king: 'e5',
      attackers: ['d5'],
      move: 'f9-f5',
      captured: false,
    },
    {
      rule: 'on the edge: three attackers capture',
      king: 'a7',
      attackers: ['a6', 'a8'],
      move: 'd7-b7',
      captured: true,
    },
    {
      rule: 'against a corner point on the edge: two attackers and the corner capture',
      king: 'c1',
      attackers: ['c2'],
      move: 'd8-d1',
      captured: true,
    },
    {
      rule: 'against a corner point off the edge: three attackers and the corner capture',
      king: 'c2',
      attackers: ['c1', 'c3'],
      move: 'd8-d2',
      captured: true,
    },
  ]);
});

describe('Alea Evangelii (Walker 2014): four on the centre, three beside it, elsewhere like any piece', () => {
  check('alea-walker', [
    {
      rule: 'on the centre: four attackers capture',
      king: 'j10',
      attackers: ['i10', 'k10', 'j11'],
      move: 'e9-j9',
      captured: true,
    },
    {
      rule: 'on the centre: two attackers on opposite sides do not',
      king: 'j10',
      attackers: ['i10'],
      move: 'k15-k10',
      captured: false,
    },
    {
      rule: 'beside the centre: three attackers capture',
      king: 'j11',
      attackers: ['i11', 'k11'],
      move: 'e12-j12',
      captured: true,
    },
    {
      rule: 'beside the centre: two attackers on opposite sides do not',
      king: 'j11',
      attackers: ['i11'],
      move: 'k15-k11',
      captured: false,
    },
    {
      rule: 'elsewhere: two attackers on opposite sides capture',
      king: 'e5',
      attackers: ['d5'],
      move: 'f9-f5',
      captured: true,
    },
    { rule: 'elsewhere: along a file too', king: 'e5', attackers: ['e4'], move: 'a6-e6', captured: true },
    {
      rule: 'elsewhere: one attacker and a corner point capture',
      king: 'c1',
      attackers: [],
      move: 'd8-d1',
      captured: true,
    },
    {
      rule: 'elsewhere: an attacker and a defender do not',
      king: 'e5',
      attackers: [],
      defenders: ['d5'],
      move: 'f9-f5',
      captured: false,
    },
    {
      rule: 'the board edge does not stand in for an attacker',
      king: 'a7',
      attackers: [],
      move: 'd7-b7',
      captured: false,
    },
  ]);
});

describe('Alea Evangelii (guard rules): surrounded; the empty centre and citadels stand in for attackers', () => {
  check('alea-guards', [
    {
      rule: 'on the centre: four attackers capture',
      king: 'j10',
      attackers: ['i10', 'k10', 'j11'],
      move: 'e9-j9',
      captured: true,
    },
    {
      rule: 'beside the centre: three attackers and the empty centre capture',
      king: 'j11',
      attackers: ['i11', 'k11'],
      move: 'e12-j12',
      captured: true,
    },
    {
      rule: 'elsewhere: four attackers capture',
      king: 'e5',
      attackers: ['d5', 'f5', 'e6'],
      move: 'h4-e4',
      captured: true,
    },
    {
      rule: 'elsewhere: three attackers do not',
      king: 'e5',
      attackers: ['d5', 'f5'],
      move: 'h6-e6',
      captured: false,
    },
    {
      rule: 'elsewhere: two attackers on opposite sides do not',
      king: 'e5',
      attackers: ['d5'],
      move: 'f9-f5',
      captured: false,
    },
    {
      rule: 'on the edge: three attackers capture',
      king: 'a7',
      attackers: ['a6', 'a8'],
      move: 'd7-b7',
      captured: true,
    },
    {
      rule: 'against a citadel on the edge: two attackers and the citadel capture',
      king: 'a3',
      attackers: ['a4'],
      move: 'd3-b3',
      captured: true,
    },
    {
      rule: 'against a citadel off the edge: three attackers and the citadel capture',
      king: 'c2',
      attackers: ['c1', 'c3'],
      move: 'd8-d2',
      captured: true,
    },
  ]);

  it('a guard beside the king keeps him from capture', () => {
    const game = gameWith(
      'alea-guards',
      { king: 'e5', guards: ['e4'], attackers: ['d5', 'f5', 'h6'] },
      'attackers',
    );
    game.play('h6-e6');
    expect(game.result).toBeNull();
  });
});

describe('Alea Evangelii (armed king): the throne the king has left', () => {
  it('closes a side of the king beside it, along a rank too', () => {
    const game = gameWith(
      'alea-armed',
      { king: 'k10', attackers: ['k9', 'k11', 'p10'], defenders: ['a10'] },
      'attackers',
    );
    game.play('p10-l10');
    expect(game.result).toMatchObject({ winner: 'attackers', reason: 'king-captured' });
  });
});
