import { describe, expect, it } from 'vitest';
import { getVariant, houseVariant, parseOpenTaflRules, variantIds } from '../../src/engine/index.ts';
import { describeRules } from '../../src/i18n/index.ts';

type Id = (typeof variantIds)[number];
const text = (variant: Id) => describeRules(getVariant(variant)).lines.join('\n');

describe('the rules text is written from the variant record', () => {
  it.each(variantIds)('%s: names its board and who moves first', (id) => {
    const variant = getVariant(id);
    expect(text(id)).toContain(`${variant.size}x${variant.size} ${variant.drawnOn}`);
    expect(text(id)).toContain(`The ${variant.firstToMove} move first`);
  });

  it.each(variantIds)('%s: tells each rule kind exactly where the record has it', (id) => {
    const variant = getVariant(id);
    const told = text(id);
    expect(told.includes('**Shieldwall**')).toBe(variant.capture.shieldwall);
    expect(told.includes('**Exit fort**')).toBe(variant.end.exitFort);
    expect(told.includes('enclosing the king and every defender')).toBe(variant.end.enclosure);
    expect(told.includes('reaches any edge square')).toBe(variant.escapeSquares === 'edge');
    expect(told.includes('There are no corner squares')).toBe(variant.escapeSquares === 'edge');
    expect(told.includes('the defenders lose, whichever side made the move')).toBe(
      variant.end.repetition.outcome === 'defenders-lose',
    );
    expect(told.includes('never against the king')).toBe(variant.capture.throneHostileTo.king === 'never');
    const drawRule = variant.end.repetition.outcome === 'draw' || variant.end.noLegalMove === 'draw';
    expect(told.includes('There is no automatic draw')).toBe(!drawRule);
    expect(told).toContain(`The king may return to the ${variant.words.throne}`);
    expect(told).toContain('both may agree a draw');
  });

  it('states each variant its own way where the rules differ', () => {
    expect(text('alea-guards')).toContain('unarmed');
    expect(text('alea-guards')).toContain('only the king may pass over the centre');
    expect(text('alea-armed')).toContain('enclosing the king');
    expect(text('alea-armed')).toContain('the player whose move made it loses');
    expect(text('alea-walker')).toContain('for the second time');
    expect(text('alea-walker')).toContain('like any piece');
    expect(text('fetlar')).toContain('cannot be captured on the board edge');
    expect(text('fetlar')).toContain('A side with no legal move loses');
  });

  it('Tablut: the king escapes to any edge square, and there are no corner squares', () => {
    expect(text('tablut')).toContain('The defenders win when the king reaches any edge square.');
    expect(text('tablut')).toContain('Only the king may stop on the throne;');
    expect(text('tablut')).toContain('the board edge, corners included, never does');
    expect(text('tablut')).not.toMatch(/2x2|16 edge|edge points|edge squares count|corner squares count/);
  });

  it('Tablut: four attackers on the throne, three and the throne beside it, two elsewhere', () => {
    const told = text('tablut');
    expect(told).toContain('On the throne: attackers on all four sides.');
    expect(told).toContain(
      'Beside it: attackers on his three other sides, the empty throne making the fourth.',
    );
    expect(told).toContain('Anywhere else he is captured like any piece: two attackers on opposite sides.');
    // Reaching the edge wins, so nothing is said of a king on it.
    expect(told).not.toMatch(/or one and a|on the board edge/);
  });

  it('Brandubh: four attackers on the throne, two anywhere else; the throne never counts against the king', () => {
    const told = text('brandubh');
    expect(told).toContain('On the throne: attackers on all four sides.');
    expect(told).toContain(
      'Anywhere else, beside the throne and on the board edge included, he is captured like any piece: two attackers on opposite sides. A corner square can stand in for one of the two attackers.',
    );
    expect(told).toContain('Neither the board edge nor the empty throne counts against him');
    expect(told).toContain(
      'the throne counts against attackers always and against defenders only when empty',
    );
    expect(told).not.toContain('three other sides');
  });

  it('Copenhagen: shieldwall, exit fort and encirclement as the project reads them', () => {
    const told = text('copenhagen');
    // Shieldwall: a flanking move onto the edge, a corner as one end, the king in the row stays or closes an end.
    expect(told).toContain('when you move a piece onto the edge square at one end of the row');
    expect(told).toContain('the other end already holds one of your pieces or is a corner square');
    expect(told).toContain('completing the front line does not');
    expect(told).toContain('A king in the row stays on the board');
    expect(told).toContain('the king may also close an end');
    // Exit fort: judged pessimistically, after every move.
    expect(told).toContain('or when he stands in an exit fort');
    expect(told).toContain('only a fort that can never break');
    expect(told).toContain('a defender outside the wall protects nothing');
    expect(told).toContain('If in doubt, the game goes on');
    expect(told).toContain('after every move of either side');
    // Encirclement.
    expect(told).toContain('none of them could reach the board edge through empty squares');
    expect(told).toContain('attackers touching only diagonally still seal the ring');
    // King: four sides, three and the throne beside it, never on the edge.
    expect(told).toContain('cannot be captured on the board edge');
    expect(told).toContain('the defenders lose, whichever side made the move');
    expect(told).toContain('There is no automatic draw');
  });
});

describe('a server variant’s corners (OpenTafl `corh`)', () => {
  it.each([
    ['corh:', 'never count as an enemy piece', 'zählen nie als gegnerische Figur'],
    [
      'corh:t',
      'count as an enemy piece against attackers only',
      'zählen nur gegen Angreifer als gegnerische Figur',
    ],
    [
      'corh:T',
      'against defenders (the king included) only',
      'nur gegen Verteidiger (den König eingeschlossen)',
    ],
    ['corh:tT', 'count as an enemy piece against anyone', 'zählen gegen jeden als gegnerische Figur'],
  ])('%s is told as it plays', (entry, english, german) => {
    const variant = houseVariant(
      parseOpenTaflRules(`dim:7 ${entry} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`),
      'server:corners',
    );
    expect(describeRules(variant).lines.join('\n')).toContain(english);
    expect(describeRules(variant, 'de').lines.join('\n')).toContain(german);
  });
});
