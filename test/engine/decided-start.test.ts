import { describe, expect, it } from 'vitest';
import {
  decidedStart,
  houseVariant,
  parseOpenTaflRules,
  type Variant,
  variantIds,
} from '../../src/engine/index.ts';

const house = (rules: string): Variant => houseVariant(parseOpenTaflRules(rules), 'server:house');
const RING = '/7/1ttttt1/1t3t1/1t1K1t1/1t3t1/1ttttt1/7/';

describe('a start that leaves nothing to play', () => {
  it('every built-in variant starts a game', () => {
    for (const id of variantIds) expect(decidedStart({ variant: id }), id).toBeNull();
  });

  it('no attackers, even with the defenders to move', () => {
    expect(decidedStart({ variant: house('dim:7 atkf:n start:/7/7/3T3/2TKT2/3T3/7/7/') })).toEqual({
      reason: 'no-attackers',
      sideToMove: 'defenders',
    });
  });

  it('the side to move has no legal move', () => {
    const boxed = house('dim:7 atkf:n surf:n start:/7/7/3t3/2tKt2/3t3/7/7/');
    expect(decidedStart({ variant: boxed })).toEqual({ reason: 'no-legal-move', sideToMove: 'defenders' });
    // The same position with the attackers to move is a game.
    expect(decidedStart({ variant: boxed, sideToMove: 'attackers' })).toBeNull();
  });

  it('every defender enclosed, whoever moves first; without the enclosure rule it is a game', () => {
    expect(decidedStart({ variant: house(`dim:7 start:${RING}`) })?.reason).toBe('enclosed');
    expect(decidedStart({ variant: house(`dim:7 atkf:n start:${RING}`) })?.reason).toBe('enclosed');
    expect(decidedStart({ variant: house(`dim:7 surf:n start:${RING}`) })).toBeNull();
  });

  it('the king in an exit fort, only where exit forts win', () => {
    const fort = '/1T1KT2/2TT3/7/7/7/7/3t3/';
    expect(decidedStart({ variant: house(`dim:7 efe:y start:${fort}`) })?.reason).toBe('exit-fort');
    expect(decidedStart({ variant: house(`dim:7 efe:n start:${fort}`) })).toBeNull();
  });
});
