import { describe, expect, it } from 'vitest';
import { getVariant, variantIds } from '../../src/engine/index.ts';
import { describeRules } from '../../src/i18n/index.ts';

type Id = (typeof variantIds)[number];
const text = (variant: Id) => describeRules(getVariant(variant), 'de').lines.join('\n');

describe('the rules in German tell every rule kind of the record', () => {
  it.each(variantIds)('%s: each paragraph where the English has it, in the same order', (id) => {
    const heads = (lines: string[]) => lines.map((line) => line.slice(0, line.indexOf('**', 2) + 2));
    const english = heads(describeRules(getVariant(id)).lines);
    const german = heads(describeRules(getVariant(id), 'de').lines);
    const names: Record<string, string> = {
      '**Board**': '**Brett**',
      '**Moving**': '**Ziehen**',
      '**Capturing**': '**Schlagen**',
      '**Shieldwall**': '**Schildwall**',
      '**The king**': '**Der König**',
      '**Guards**': '**Wächter**',
      '**Capturing the king**': '**Den König fangen**',
      '**Winning**': '**Gewinnen**',
      '**Exit fort**': '**Randfestung**',
      '**Also**': '**Außerdem**',
    };
    expect(german).toEqual(english.map((head) => names[head]));
  });

  it.each(variantIds)('%s: exactly the rules the record has', (id) => {
    const variant = getVariant(id);
    const told = text(id);
    expect(told.includes('**Schildwall**')).toBe(variant.capture.shieldwall);
    expect(told.includes('**Randfestung**')).toBe(variant.end.exitFort);
    expect(told.includes('alle Verteidiger so einschließen')).toBe(variant.end.enclosure);
    expect(told.includes('irgendein Feld des Brettrands erreicht')).toBe(variant.escapeSquares === 'edge');
    expect(told.includes('Eckfelder gibt es nicht')).toBe(variant.escapeSquares === 'edge');
    expect(told.includes('verlieren die Verteidiger, gleich welche Seite den Zug gemacht hat')).toBe(
      variant.end.repetition.outcome === 'defenders-lose',
    );
    expect(told.includes('gegen den König nie')).toBe(variant.capture.throneHostileTo.king === 'never');
    const drawRule = variant.end.repetition.outcome === 'draw' || variant.end.noLegalMove === 'draw';
    expect(told.includes('Ein automatisches Remis gibt es nicht')).toBe(!drawRule);
    expect(told).toMatch(/Der König darf auf den (Thron|Mittelpunkt) zurückkehren/);
  });

  it.each(variantIds)('%s: fits in the description of one Discord embed, as /rules sends it', (id) => {
    for (const { lines } of [describeRules(getVariant(id)), describeRules(getVariant(id), 'de')]) {
      expect(lines.join('\n\n').length).toBeLessThanOrEqual(4096);
    }
  });

  it('Tablut: edge escape, no corner squares, the king four / three and the throne / two', () => {
    const told = text('tablut');
    expect(told).toContain('wenn der König irgendein Feld des Brettrands erreicht.');
    expect(told).toContain('der Brettrand, die Ecken eingeschlossen, nie');
    expect(told).not.toMatch(/2x2|16 Zitadellen|Zitadelle|Eckfelder zählen/);
    expect(told).toContain('Auf dem Thron: Angreifer auf allen vier Seiten.');
    expect(told).toContain(
      'Daneben: Angreifer auf seinen drei anderen Seiten, der leere Thron ist die vierte.',
    );
    expect(told).toContain(
      'Überall sonst wird er wie jede Figur gefangen: zwei Angreifer auf gegenüberliegenden Seiten.',
    );
    expect(told).not.toMatch(/oder einer und|am Brettrand:/);
  });

  it('Brandubh: four on the throne, two anywhere else, the throne never against the king', () => {
    const told = text('brandubh');
    expect(told).toContain('Auf dem Thron: Angreifer auf allen vier Seiten.');
    expect(told).toContain(
      'Überall sonst, auch neben dem Thron und am Brettrand, wird er wie jede Figur gefangen: zwei Angreifer auf gegenüberliegenden Seiten. Ein Eckfeld kann einen der beiden Angreifer ersetzen.',
    );
    expect(told).toContain('Weder der Brettrand noch der leere Thron zählen gegen ihn');
  });

  it('Copenhagen: shieldwall, exit fort, encirclement and repetition', () => {
    const told = text('copenhagen');
    expect(told).toContain('auf das Randfeld an einem Ende der Reihe zieht');
    expect(told).toContain('oder dort ein Eckfeld ist');
    expect(told).toContain('die vordere Linie zu vervollständigen schlägt nicht');
    expect(told).toContain('Ein König in der Reihe bleibt stehen');
    expect(told).toContain('oder in einer Randfestung steht');
    expect(told).toContain('nur eine Festung an, die nie brechen kann');
    expect(told).toContain('Im Zweifel geht die Partie weiter');
    expect(told).toContain('über leere Felder den Brettrand erreichen könnte');
    expect(told).toContain('Am Brettrand kann er nicht gefangen werden.');
    expect(told).toContain('verlieren die Verteidiger, gleich welche Seite den Zug gemacht hat');
  });
});
