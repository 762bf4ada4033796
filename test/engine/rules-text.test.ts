import { describe, expect, it } from 'vitest';
import { describeRules, variantIds } from '../../src/engine/index.ts';

describe('the rules text is written from the variant record', () => {
  it.each(variantIds)('%s: names its board and who moves first', (variant) => {
    const text = describeRules(variant).lines.join('\n');
    expect(text).toMatch(variant === 'fetlar' ? /11x11 squares/ : /19x19 points/);
    expect(text).toContain(
      variant === 'alea-armed' || variant === 'alea-walker'
        ? 'The defenders move first'
        : 'The attackers move first',
    );
  });

  it('states each variant its own way where the rules differ', () => {
    const text = (variant: (typeof variantIds)[number]) => describeRules(variant).lines.join('\n');
    expect(text('alea-guards')).toContain('unarmed');
    expect(text('alea-guards')).toContain('only the king may pass over the centre');
    expect(text('alea-armed')).toContain('enclosing the king');
    expect(text('alea-armed')).toContain('the player whose move made it loses');
    expect(text('alea-walker')).toContain('for the second time');
    expect(text('alea-walker')).toContain('like any piece');
    expect(text('fetlar')).toContain('cannot be captured on the board edge');
    expect(text('fetlar')).toContain('A side with no legal move loses');
  });
});
