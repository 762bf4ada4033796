/**
 * /help's word on /analyze, in every catalogue: the grades on the scale /analyze uses (the winning
 * chance a move gives away, with the thresholds of src/analysis/accuracy.ts), in the words its review
 * uses, and none of chess's pawns, which tafl has not. The help is taken as /help takes it: the
 * catalogue for the member's Discord locale, `help(variants)`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLUNDER, INACCURACY, MISTAKE } from '../../src/analysis/accuracy.ts';
import { LIMITS } from '../../src/bot/discord/discord-limits.ts';
import { getVariant, variantIds } from '../../src/engine/index.ts';
import { discordLocalesOf, languages, messagesFor } from '../../src/i18n/index.ts';
import { resources } from '../../src/i18n/resources.ts';

type Messages = ReturnType<typeof messagesFor>;

/** What a pawn (and a centipawn) is called in each language: the help's old scale counted in them. */
const PAWN_WORDS: Record<string, readonly string[]> = {
  cs: ['pěšec', 'pěšce', 'pěšci', 'pěšců', 'pěšák', 'pěšáka', 'pěšáků'],
  da: ['bonde', 'bonden', 'bønder', 'bønderne'],
  de: ['Bauer', 'Bauern', 'Zentibauer', 'Zentibauern'],
  en: ['pawn', 'pawns', 'centipawn', 'centipawns'],
  es: ['peón', 'peones', 'centipeón', 'centipeones'],
  fi: ['sotilas', 'sotilasta', 'sotilaan', 'sotilaat', 'sotilaita', 'sotilaiden'],
  fr: ['pion', 'pions', 'centipion', 'centipions'],
  it: ['pedone', 'pedoni', 'centipedone', 'centipedoni'],
  ja: ['ポーン', 'センチポーン', '歩兵'],
  ko: ['폰', '센티폰', '보병'],
  nb: ['bonde', 'bonden', 'bønder', 'bøndene'],
  nl: ['pion', 'pionnen', 'centipion', 'centipionnen'],
  pl: ['pion', 'piona', 'piony', 'pionów', 'pionek', 'pionka', 'pionki', 'pionków', 'centypion'],
  pt: ['peão', 'peões', 'centipeão', 'centipeões'],
  ru: ['пешка', 'пешки', 'пешку', 'пешек', 'пешкам', 'пешками', 'сантипешка', 'сантипешки'],
  sv: ['bonde', 'bonden', 'bönder', 'bönderna'],
  tr: ['piyon', 'piyonu', 'piyonlar', 'santipiyon'],
  uk: ['пішак', 'пішака', 'пішаки', 'пішаків', 'пішаком'],
  'zh-CN': ['兵', '卒', '百分兵'],
};

/** The same words in every language: a translation may have kept the English. */
const EVERYWHERE = ['pawn', 'pawns', 'centipawn', 'centipawns'];

/**
 * How each language says "winning chance" in /analyze's footer, as it stands in a sentence (some
 * languages decline it, so a stem).
 */
const WINNING_CHANCE: Record<string, string> = {
  cs: 'šanci na výhru',
  da: 'vinderchance',
  de: 'Gewinnchance',
  en: 'winning chance',
  es: 'probabilidad de ganar',
  fi: 'voittomahdollisuu',
  fr: 'probabilité de gain',
  it: 'probabilità di vittoria',
  ja: '勝率',
  ko: '승률',
  nb: 'vinnersjanse',
  nl: 'winkans',
  pl: 'na wygraną',
  pt: 'chance de vitória',
  ru: 'на победу',
  sv: 'vinstchans',
  tr: 'kazanma şans',
  uk: 'на перемогу',
  'zh-CN': '胜率',
};

const GRADES = ['inaccuracies', 'mistakes', 'blunders'] as const;

/** A catalogue's accuracy namespace: /analyze's words for its grades and its footer. */
const gradeWords = (language: string) => resources[language].accuracy as Record<string, string>;

/** A grade's name as /analyze's counts say it: "{{count}} blunder" without the count (and Chinese's 步 for moves). */
function gradeWord(language: string, grade: (typeof GRADES)[number]): string {
  const words = gradeWords(language);
  const form = words[`${grade}_one`] ?? words[`${grade}_other`];
  return form
    .replace('{{count}}', '')
    .replace(/\s*步$/u, '')
    .trim();
}

/** The catalogue /help reads for a member whose Discord client is in `language`. */
function helpOf(language: string, messagesOf: (locale: string) => Messages = messagesFor): string[] {
  const [locale] = discordLocalesOf(language);
  expect(locale, `a Discord locale reads ${language}`).toBeDefined();
  const m = messagesOf(locale);
  expect(m.language).toBe(language);
  return m.help('');
}

/** The one paragraph that names /analyze's grades: the one with the review's word for a blunder. */
function gradesParagraph(language: string, help: string[]): string {
  const blunder = gradeWord(language, 'blunders');
  const found = help.filter((paragraph) => paragraph.includes(blunder));
  expect(found, `${language}: one paragraph says "${blunder}"`).toHaveLength(1);
  return found[0];
}

/** Every number written in a text, as written: "10", "37,5". */
const numbersIn = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

const literally = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pawn words found in a text, as whole words (CJK words as they stand: no spaces to bound them). */
function pawnWordsIn(language: string, text: string): string[] {
  const words = new Set([...(PAWN_WORDS[language] ?? []), ...EVERYWHERE]);
  return [...words].filter((word) => {
    const bounded = /\p{Script=Han}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(word)
      ? literally(word)
      : `(?<!\\p{L})${literally(word)}(?!\\p{L})`;
    return new RegExp(bounded, 'iu').test(text);
  });
}

describe('/help on /analyze', () => {
  it('has a word list and a help text for each of the catalogues', () => {
    expect([...languages].sort()).toEqual(Object.keys(PAWN_WORDS).sort());
    expect([...languages].sort()).toEqual(Object.keys(WINNING_CHANCE).sort());
    expect(languages).toHaveLength(19);
  });

  it.each([...languages])('%s: the thresholds of src/analysis/accuracy.ts, and no pawns', (language) => {
    const help = helpOf(language);
    const paragraph = gradesParagraph(language, help);
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    // The thresholds, in order, and no other figure: the old "1.5, about a pawn and a half; a blunder 4" is gone.
    expect(numbersIn(paragraph)).toEqual([INACCURACY, MISTAKE, BLUNDER].map((n) => number.format(n)));
    expect(paragraph).not.toMatch(/(?<!\d)1[.,]5(?!\d)/);
    expect(paragraph).not.toContain('{{');
    // The review's own words: its three grades, and what they are measured in.
    for (const grade of GRADES) expect(paragraph).toContain(gradeWord(language, grade));
    const lower = (text: string) => text.toLocaleLowerCase(language);
    const chance = lower(WINNING_CHANCE[language]);
    expect(lower(gradeWords(language).footer)).toContain(chance);
    expect(lower(paragraph)).toContain(chance);
    // Tafl has no pawns, nor has any other text of the help.
    expect(pawnWordsIn(language, help.join('\n'))).toEqual([]);
  });

  it('finds the pawns of the old text, so that it would fail on it', () => {
    expect(pawnWordsIn('en', 'a mistake costs 1.5, about a pawn and a half')).toEqual(['pawn']);
    expect(pawnWordsIn('de', 'etwa anderthalb Bauern')).toEqual(['Bauern']);
    expect(pawnWordsIn('es', 'más o menos un peón y medio')).toEqual(['peón']);
    expect(pawnWordsIn('es', 'el campeón del torneo')).toEqual([]);
    expect(pawnWordsIn('fr', 'environ un pion et demi')).toEqual(['pion']);
    expect(pawnWordsIn('fr', 'le champion du tournoi')).toEqual([]);
    expect(pawnWordsIn('pl', 'mniej więcej półtora piona')).toEqual(['piona']);
    expect(pawnWordsIn('ru', 'около полутора пешек')).toEqual(['пешек']);
    expect(pawnWordsIn('uk', 'приблизно півтора пішака')).toEqual(['пішака']);
    expect(pawnWordsIn('cs', 'zhruba jeden a půl pěšce')).toEqual(['pěšce']);
    expect(pawnWordsIn('fi', 'noin puolitoista sotilasta')).toEqual(['sotilasta']);
    expect(pawnWordsIn('zh-CN', '约一枚半兵')).toEqual(['兵']);
    expect(numbersIn('(a mistake costs 1.5, about a pawn and a half; a blunder 4)')).toEqual(['1.5', '4']);
  });

  it.each([...languages])('%s: leaves room in the embed for every built-in variant', (language) => {
    const m = messagesFor(discordLocalesOf(language)[0]);
    const variants = variantIds.map((id) => `\`${id}\` ${m.variantName(getVariant(id))}`).join(' · ');
    // As commands/help.ts reckons the room for the variants' list.
    const room = LIMITS.embedDescription - m.help('').join('\n\n').length;
    expect(variants.length).toBeLessThanOrEqual(room);
    expect(m.help(variants).join('\n\n').length).toBeLessThanOrEqual(LIMITS.embedDescription);
  });
});

describe('/help follows the thresholds /analyze grades by', () => {
  afterEach(() => {
    vi.doUnmock('../../src/analysis/accuracy.ts');
    vi.resetModules();
  });

  it('says other figures when src/analysis/accuracy.ts has others', async () => {
    vi.resetModules();
    vi.doMock('../../src/analysis/accuracy.ts', async (original) => ({
      ...(await original<typeof import('../../src/analysis/accuracy.ts')>()),
      INACCURACY: 12,
      MISTAKE: 23,
      BLUNDER: 37.5,
    }));
    const i18n = await import('../../src/i18n/index.ts');
    for (const language of languages) {
      const paragraph = gradesParagraph(language, helpOf(language, i18n.messagesFor));
      const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
      expect(numbersIn(paragraph), language).toEqual([12, 23, 37.5].map((n) => number.format(n)));
    }
  });
});
