import { describe, expect, it } from 'vitest';
import { extractFeatures, FEATURE_COUNT, FEATURES, type Feature, familyOf } from '../../src/ai/features.ts';
import { positionOf, rulesFor } from '../../src/engine/core.ts';
import { houseVariant, parseOpenTaflRules, type Side, type VariantId } from '../../src/engine/index.ts';
import { gameWith, type Pieces } from '../engine/setup.ts';

function featuresOf(variant: VariantId, pieces: Pieces, toMove: Side = 'attackers') {
  const position = positionOf(gameWith(variant, pieces, toMove));
  const out = new Float64Array(FEATURE_COUNT);
  const phase = extractFeatures(position, out);
  const named = Object.fromEntries(FEATURES.map((name, i) => [name, out[i]])) as Record<Feature, number>;
  return { ...named, phase };
}

describe('the learned evaluation sees what decides tafl', () => {
  it('counts a corner closed by its diagonal guard, and a guard half built', () => {
    const closed = featuresOf('fetlar', {
      king: 'f6',
      attackers: ['a3', 'b2', 'c1', 'j6'],
      defenders: ['e5'],
    });
    expect(closed.cornerGuards).toBe(3);
    expect(closed.cornersClosed).toBe(1);
    const open = featuresOf('fetlar', {
      king: 'f6',
      attackers: ['a3', 'c1', 'j6', 'j10'],
      defenders: ['e5'],
    });
    expect(open.cornerGuards).toBe(3);
    expect(open.cornersClosed).toBe(0);
  });

  it('closes an Alea corner block with the four squares of its diagonal', () => {
    const guard = ['a4', 'b3', 'c2', 'd1'];
    expect(featuresOf('alea-armed', { king: 'j10', attackers: guard }).cornersClosed).toBe(1);
    expect(featuresOf('alea-armed', { king: 'j10', attackers: guard.slice(1) }).cornersClosed).toBe(0);
  });

  it('counts a piece the other side can take next move, and not one it cannot reach', () => {
    // The attacker on e5 sits beside the defender on d5; the defender on f9 slides down to f5.
    const hanging = featuresOf('fetlar', { king: 'k6', attackers: ['e5'], defenders: ['d5', 'f9'] });
    expect(hanging.attackersCapturable).toBe(1);
    expect(hanging.defendersCapturable).toBe(0);
    const blocked = featuresOf('fetlar', { king: 'k6', attackers: ['e5', 'f8'], defenders: ['d5', 'f9'] });
    expect(blocked.attackersCapturable).toBe(0);
    // Against a hostile corner no partner is needed: the defender on a2 falls to an attacker reaching a3.
    const corner = featuresOf('fetlar', { king: 'f6', attackers: ['a8'], defenders: ['a2'] });
    expect(corner.defendersCapturable).toBe(1);
  });

  it("follows the king's lines and routes to the corners", () => {
    const position = featuresOf('fetlar', { king: 'c1', attackers: ['f1', 'h7'], defenders: ['e6'] });
    expect(position.kingOpenLines).toBe(1); // a1, along the first rank
    expect(position.kingDistance).toBe(2);
    expect(position.kingOnEdge).toBe(1);
    // b1, d1 and e1 still see a1; up the c-file only c11 sees a corner (a11 and k11).
    expect(position.kingRoutes).toBe(4);
  });

  it('finds the gaps in the cordon: none once the attackers ring the king', () => {
    const ring = ['e4', 'f4', 'g4', 'h5', 'h6', 'h7', 'g8', 'f8', 'e8', 'd7', 'd6', 'd5'];
    const closed = featuresOf('fetlar', { king: 'f6', attackers: ring, defenders: ['e5'] });
    expect(closed.cordonGapEscapes).toBe(0);
    expect(closed.cordonGapEdge).toBe(0);
    const gap = featuresOf('fetlar', { king: 'f6', attackers: ring.slice(1), defenders: ['e5'] });
    expect(gap.cordonGapEscapes).toBe(4);
    expect(gap.cordonGapEdge).toBe(40);
  });

  it('weighs the phase by the pieces left, and sorts variants into families', () => {
    const start = positionOf(gameWith('brandubh', { king: 'd4', attackers: ['d1'] }, 'attackers'));
    const out = new Float64Array(FEATURE_COUNT);
    expect(extractFeatures(start, out)).toBeCloseTo(2 / 13);
    expect(familyOf(start.rules)).toBe('7x7');
    expect(familyOf(positionOf(gameWith('copenhagen', { king: 'f6' }, 'attackers')).rules)).toBe(
      'copenhagen',
    );
    expect(familyOf(positionOf(gameWith('fetlar', { king: 'f6' }, 'attackers')).rules)).toBe('11x11');
    expect(familyOf(positionOf(gameWith('tablut', { king: 'e5' }, 'attackers')).rules)).toBe('9x9');
    expect(familyOf(positionOf(gameWith('alea-guards', { king: 'j10' }, 'attackers')).rules)).toBe('19x19');
    // A server's Brandubh whose king escapes to the edge plays with the weights of Tablut's edge.
    const edgeBrandubh = houseVariant(
      parseOpenTaflRules('dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'),
      'server:edge-brandubh',
    );
    expect(familyOf(rulesFor(edgeBrandubh))).toBe('9x9');
  });
});
