/**
 * The rules text in every catalogue's language: the facts of any variant record, built-in or a
 * server's own, said by the `rules` namespace with no raw key, no unfilled placeholder and no
 * English left over, in the paragraphs the English has, and within one Discord embed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getVariant,
  houseVariant,
  parseOpenTaflRules,
  type Variant,
  variantIds,
} from '../../src/engine/index.ts';
import { describeRules, languages } from '../../src/i18n/index.ts';
import { resources } from '../../src/i18n/resources.ts';
import { joinSentences } from '../../src/i18n/rules.ts';
import { flatten } from './catalogue-checks.ts';

type Tree = Parameters<typeof flatten>[0];
/** Discord's limit on an embed's description, where /rules puts the paragraphs. */
const EMBED_DESCRIPTION = 4096;
/** Every key of the namespace, and each as the code asks for it (without its context or plural form). */
const keys = Object.keys(flatten(resources.en.rules as Tree))
  .filter((key) => key.includes('.'))
  .flatMap((key) => [key, key.replace(/_[a-zA-Z]+$/, '')]);
const heads = (language: string) => (resources[language].rules as { heads: Record<string, string> }).heads;

/** What a reader must never see: a key i18next could not find, or a placeholder left unfilled. */
function leftovers(lines: string[]): string[] {
  const text = lines.join('\n');
  return [...keys.filter((key) => text.includes(key)), ...(text.match(/\{\{|\}\}/g) ?? [])];
}

/** The paragraph a line is: its bold head, or the whole line's first bold words (the king, guards). */
const paragraph = (line: string) => line.slice(0, line.indexOf('**', 2) + 2);

const hostility = fc.constantFrom('always', 'when-empty') as fc.Arbitrary<'always' | 'when-empty'>;
const maybe = fc.constantFrom('when-empty', 'never') as fc.Arbitrary<'when-empty' | 'never'>;
const how = fc.constantFrom('surround', 'custodial') as fc.Arbitrary<'surround' | 'custodial'>;

/** Any combination of the rule facts a record can hold, on Brandubh's board. */
const records: fc.Arbitrary<Variant> = fc
  .record({
    drawnOn: fc.constantFrom('points', 'squares'),
    throne: fc.constantFrom('throne', 'centre'),
    escape: fc.constantFrom('citadel', 'corner', 'edge'),
    escapeSquares: fc.constantFrom('corners', 'corner-blocks', 'edge'),
    firstToMove: fc.constantFrom('attackers', 'defenders'),
    othersPassThrone: fc.boolean(),
    kingArmed: fc.boolean(),
    guards: fc.boolean(),
    throneHostileTo: fc.record({ attackers: hostility, defenders: maybe, king: maybe }),
    cornersHostileTo: fc.option(fc.record({ attackers: fc.boolean(), defenders: fc.boolean() }), {
      nil: undefined,
    }),
    shieldwall: fc.boolean(),
    kingCapture: fc.record({
      onThrone: how,
      besideThrone: how,
      elsewhere: how,
      edge: fc.constantFrom('hostile', 'protects'),
    }),
    enclosure: fc.boolean(),
    exitFort: fc.boolean(),
    repetition: fc.record({
      occurrence: fc.constantFrom(2, 3),
      outcome: fc.constantFrom('draw', 'mover-loses', 'defenders-lose'),
    }),
    noLegalMove: fc.constantFrom('loses', 'draw'),
    match: fc.boolean(),
  })
  .map((r) => {
    const base = getVariant('brandubh');
    return {
      ...base,
      id: 'server:facts',
      name: 'Facts',
      drawnOn: r.drawnOn,
      firstToMove: r.firstToMove,
      words: { throne: r.throne, escape: r.escape },
      escapeSquares: r.escapeSquares,
      movement: { othersPassThrone: r.othersPassThrone },
      capture: {
        kingArmed: r.kingArmed,
        guards: r.guards,
        throneHostileTo: r.throneHostileTo,
        ...(r.cornersHostileTo ? { cornersHostileTo: r.cornersHostileTo } : {}),
        shieldwall: r.shieldwall,
      },
      kingCapture: r.kingCapture,
      end: {
        enclosure: r.enclosure,
        exitFort: r.exitFort,
        repetition: r.repetition,
        noLegalMove: r.noLegalMove,
      },
      match: r.match,
    } as Variant;
  });

describe('the rules in every language', () => {
  it('are told in 19 languages, English the source', () => {
    expect(languages).toHaveLength(19);
    for (const language of languages) expect(resources[language].rules, language).toBeDefined();
  });

  it.each(languages)('%s: every built-in, in the English paragraphs, whole, within one embed', (language) => {
    for (const id of variantIds) {
      const english = describeRules(getVariant(id));
      const told = describeRules(getVariant(id), language);
      expect(leftovers(told.lines), `${language} ${id}`).toEqual([]);
      expect(told.lines.map(paragraph).length).toBe(english.lines.length);
      for (const [i, line] of english.lines.entries()) {
        const head = Object.entries(heads('en')).find(([, word]) => paragraph(line) === `**${word}**`);
        // Paragraphs with a head start with that head in the language; the king's and the guards' line
        // is a sentence of its own that starts in bold.
        if (head) expect(told.lines[i].startsWith(`**${heads(language)[head[0]]}** `)).toBe(true);
        else expect(told.lines[i].startsWith('**')).toBe(true);
      }
      expect(told.lines.join('\n\n').length, `${language} ${id}`).toBeLessThanOrEqual(EMBED_DESCRIPTION);
      if (language !== 'en') {
        expect(told.lines.join('\n'), `${language} ${id}`).not.toMatch(/\b(the|king|throne|attackers)\b/);
      }
    }
  });

  it('use each language’s own words for the game', () => {
    const text = (language: string) => describeRules(getVariant('tablut'), language).lines.join('\n');
    expect(text('sv')).toMatch(/kungen/);
    expect(text('sv')).toMatch(/försvarare/);
    expect(text('sv')).toMatch(/tronen/);
    expect(text('fi')).toMatch(/kuningas/i);
    expect(text('fi')).toMatch(/valtaistuin/);
    expect(text('de')).toContain('König');
    expect(text('ja')).toContain('王');
    expect(text('zh-CN')).toContain('国王');
    expect(text('ru')).toContain('король');
    // Board size, and how many attackers face how many defenders, with the language's plural.
    expect(text('ru')).toContain('9x9 полей. 16 нападающих против короля и 8 защитников.');
    expect(text('pl')).toContain('16 atakujących przeciw królowi i 8 obrońcom.');
    expect(text('fr')).toContain('16 attaquants contre le roi et 8 défenseurs.');
  });

  it.each(languages)('%s: a built-in’s title is its name in that language', (language) => {
    for (const id of variantIds) {
      const title = describeRules(getVariant(id), language).title;
      expect(title).toBe(
        (resources[language].messages as { variantNames: Record<string, string> }).variantNames[id],
      );
    }
  });

  it.each(languages)('%s: the centre of Alea Evangelii is called otherwise than a throne', (language) => {
    const guards = getVariant('alea-guards');
    expect(guards.words.throne).toBe('centre');
    const asThrone = { ...guards, words: { ...guards.words, throne: 'throne' as const } };
    const centre = describeRules(guards, language).lines;
    const throne = describeRules(asThrone, language).lines;
    // Every paragraph that names it changes, and nothing else does.
    expect(centre.filter((line, i) => line !== throne[i]).length).toBeGreaterThanOrEqual(3);
    expect(centre.map(paragraph)).toEqual(throne.map(paragraph));
  });

  it('any record, in any language: every fact said, no key or placeholder left, within one embed', () => {
    fc.assert(
      fc.property(records, fc.constantFrom(...languages), (variant, language) => {
        const english = describeRules(variant).lines;
        const told = describeRules(variant, language).lines;
        expect(leftovers(told)).toEqual([]);
        expect(told).toHaveLength(english.length);
        expect(told.join('\n\n').length).toBeLessThanOrEqual(EMBED_DESCRIPTION);
        // The English says each fact exactly where the record has it.
        const text = english.join('\n');
        expect(text.includes('**Shieldwall**')).toBe(variant.capture.shieldwall);
        expect(text.includes('**Guards**')).toBe(variant.capture.guards);
        expect(text.includes('**Exit fort**')).toBe(variant.end.exitFort);
        expect(text.includes('A full match')).toBe(variant.match);
        expect(text.includes('is armed')).toBe(variant.capture.kingArmed);
        expect(text.includes(`The ${variant.firstToMove} move first`)).toBe(true);
        expect(text.includes('enclosing the king')).toBe(variant.end.enclosure);
        expect(text.includes(variant.end.repetition.occurrence === 2 ? 'second time' : 'third time')).toBe(
          true,
        );
        expect(text.includes('There are no corner squares')).toBe(variant.escapeSquares === 'edge');
        expect(text.includes('(the 2x2 block in each corner)')).toBe(
          variant.escapeSquares === 'corner-blocks',
        );
        expect(text.includes('There is no automatic draw')).toBe(
          variant.end.repetition.outcome !== 'draw' && variant.end.noLegalMove !== 'draw',
        );
        expect(text.includes(variant.words.throne === 'centre' ? 'the centre' : 'the throne')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a server’s own variant from a rules string is told in the member’s language, under its own name', () => {
    const variant = houseVariant(
      parseOpenTaflRules(
        'name:Kantbrandubh dim:7 esc:e cor: atkf:y ks:c sw:s efe:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      ),
      'server:kantbrandubh',
    );
    const swedish = describeRules(variant, 'sv');
    expect(swedish.title).toBe('Kantbrandubh');
    expect(swedish.lines.map(paragraph)).toEqual([
      '**Brädet**',
      '**Drag**',
      '**Att slå**',
      '**Sköldmur**',
      '**Kungen**',
      '**Att ta kungen**',
      '**Vinst**',
      '**Utbrytningsborg**',
      '**Dessutom**',
    ]);
    expect(swedish.lines.join('\n')).toContain('Försvararna vinner när kungen når en ruta på brädets kant');
    const japanese = describeRules(variant, 'ja').lines.join('\n');
    expect(japanese).toContain(
      '王が盤の端のいずれかのマスに着くか、出口の砦の中に立つと、防御側の勝ちです。',
    );
  });
});

describe('sentences joined as the language writes them', () => {
  it('with a space after a Latin full stop, none after a full-width one', () => {
    expect(joinSentences(['One.', 'two.'], 'en')).toBe('One. Two.');
    expect(joinSentences(['盤です。', '先に指します。'], 'ja')).toBe('盤です。先に指します。');
    expect(joinSentences(['棋盘。', '攻方先走。'], 'zh-CN')).toBe('棋盘。攻方先走。');
    expect(joinSentences(['판입니다.', '둡니다.'], 'ko')).toBe('판입니다. 둡니다.');
  });

  it('a sentence that starts with a filled-in name starts with a capital, by the language’s rule', () => {
    expect(joinSentences(['köşe kareleri sayılır.'], 'tr')).toBe('Köşe kareleri sayılır.');
    expect(joinSentences(['istanbul.'], 'tr')).toBe('İstanbul.');
    expect(joinSentences(['die Eckfelder zählen.'], 'de')).toBe('Die Eckfelder zählen.');
  });
});
