/**
 * Every catalogue under locales/ against the English source: the same messages with the same
 * placeholders, plural forms by its language's rules, command names Discord accepts, and a Discord
 * locale that reads it. The checks run on made-up broken catalogues too, to show they catch each fault.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishCommandWords } from '../../src/bot/discord/command-words.ts';
import { loadCommands } from '../../src/bot/discord/load-commands.ts';
import { commandBodies } from '../../src/bot/discord/register.ts';
import { getVariant, variantIds } from '../../src/engine/index.ts';
import {
  catalogueLanguage,
  DISCORD_LOCALES,
  discordLocalesOf,
  languages,
  messagesFor,
} from '../../src/i18n/index.ts';
import { LOCALES_DIR, namespaces, readCatalogues, resources } from '../../src/i18n/resources.ts';
import { commandNameProblems, flatten, translationProblems } from './catalogue-checks.ts';
import { messageTexts } from './texts.ts';

type Tree = Parameters<typeof flatten>[0];
const english = (namespace: string) => resources.en[namespace] as Tree;

/** The placeholders a translation may leave out, and why. */
const MAY_OMIT: Record<string, Record<string, readonly string[]>> = {
  // The reader's detail is in English: a translation names every condition instead.
  failures: { 'rules.invalid-start': ['detail'] },
};

const translations = languages.filter((language) => language !== 'en');

describe('the catalogues', () => {
  it('include English, the source, and German', () => {
    expect(languages[0]).toBe('en');
    expect(languages).toContain('de');
    for (const namespace of namespaces) expect(Object.keys(english(namespace)).length).toBeGreaterThan(0);
  });

  it.each(translations)(
    '%s: every message of English, with the same placeholders and its plural forms',
    (language) => {
      for (const namespace of namespaces) {
        const translation = resources[language][namespace] as Tree | undefined;
        expect(translation, `${language}/${namespace}.json`).toBeDefined();
        expect(
          translationProblems(language, english(namespace), translation as Tree, MAY_OMIT[namespace]),
          `${language}/${namespace}.json`,
        ).toEqual([]);
      }
    },
  );

  it.each(languages)('%s: no text uses nesting ($t) or an unclosed placeholder', (language) => {
    for (const namespace of namespaces) {
      for (const [key, text] of Object.entries(flatten((resources[language][namespace] ?? {}) as Tree))) {
        expect(text, `${language} ${namespace}:${key}`).not.toContain('$t(');
        expect(text.split('{{').length, `${language} ${namespace}:${key}`).toBe(text.split('}}').length);
      }
    }
  });

  it.each(translations)('%s: read by at least one Discord locale', (language) => {
    expect(discordLocalesOf(language).length).toBeGreaterThan(0);
    for (const locale of discordLocalesOf(language)) expect(catalogueLanguage(locale)).toBe(language);
  });

  it('every Discord locale reads a catalogue: its own language, else English', () => {
    for (const [locale, language] of Object.entries(DISCORD_LOCALES))
      expect(catalogueLanguage(locale)).toBe(languages.includes(language) ? language : 'en');
    expect(catalogueLanguage('de-AT')).toBe('de');
    expect(catalogueLanguage(undefined)).toBe('en');
    expect(catalogueLanguage('xx-YY')).toBe('en');
    expect(messagesFor('fr-CA').language).toBe(catalogueLanguage('fr'));
  });

  it('the bot’s own variants are named in English as their records name them', () => {
    for (const id of variantIds)
      expect(messagesFor('en').variantName(getVariant(id))).toBe(getVariant(id).name);
  });

  it('a member’s text is shown as it is, never read as a placeholder or a nested key', () => {
    for (const language of languages) {
      const m = messagesFor(language);
      const name = '$t(messages:drawn) {{name}} {{count}}';
      expect(m.declined({ name })).toContain(name);
      expect(m.wins({ name, side: 'attackers' })).toContain(name);
    }
  });

  it.each(languages)(
    '%s: no message comes out as a bare key (a context or plural form the catalogue lacks)',
    (language) => {
      const m = messagesFor(language);
      // Messages whose argument is not an object of particulars are called one by one below.
      const {
        side,
        variantName,
        timeControl,
        level,
        result,
        matchReason,
        tableHead,
        help,
        captionTurn,
        rulesRefusal,
        suggestions,
        refusals,
        clock,
        picker,
        settings,
        ...rest
      } = m;
      const texts = Object.values(
        messageTexts(
          { ...rest, suggestions: { piece: suggestions.piece }, picker: { ...picker, alt: {} } },
          {
            name: 'Ann',
            side: 'defenders',
            who: 'Ann',
            move: 'e5-e8',
            captured: 2,
            moves: 3,
            number: 4,
            count: 2,
            rounds: 3,
            points: 1.5,
            games: 2,
            wins: 1,
            losses: 0,
            draws: 1,
            first: 1,
            last: 3,
            option: 'from',
            format: 'swiss',
            status: 'open',
            theme: 'escape',
            days: 2,
            streak: 2,
            best: 3,
            hour: 9,
            kind: 'king',
            reason: 'no-legal-move',
            rulesCode: 'missing-key',
            key: 'dim',
          },
        ),
      );
      for (const s of ['attackers', 'defenders'] as const)
        texts.push(side(s), captionTurn(s), m.toMove({ who: 'Ann', side: s }));
      texts.push(tableHead(true), tableHead(false), ...help('Fetlar'), level('hard'), timeControl('3d'));
      texts.push(
        timeControl('5+3'),
        clock.cannotWin('attackers'),
        clock.cannotWin('defenders'),
        clock.clocks({ attackers: 3 * 86_400_000, defenders: 9_400 }),
        clock.runsOut({ when: '<t:1:R>' }),
        clock.lowTime({ playerId: '1', when: '<t:1:R>' }),
        clock.field,
      );
      texts.push(
        m.refusals['not-your-piece']({ side: 'attackers' }),
        m.refusals['king-only-stop']({ special: 'corner', square: 'a1' }),
      );
      for (const s of ['attackers', 'defenders'] as const)
        texts.push(picker.alt.position({ variant: 'Fetlar', number: 4, side: s }));
      // /settings: each message, every context.
      for (const s of ['attackers', 'defenders'] as const) texts.push(settings.side(s));
      for (const palette of ['classic', 'colour-blind', 'high-contrast'] as const)
        texts.push(settings.palette({ palette }), settings.paletteName(palette));
      for (const mode of ['off', 'turn', 'digest'] as const)
        texts.push(settings.alerts({ mode, hour: '09:00' }));
      for (const code of [
        'unknown-palette',
        'unknown-language',
        'unknown-variant',
        'server-variant',
        'bad-time',
        'bad-alerts',
        'bad-time-zone',
        'bad-hour',
        'quiet-needs-both',
        'store-unavailable',
        'busy',
      ] as const)
        texts.push(settings.refusal(code, { value: 'x' }));
      const game = {
        variant: 'Fetlar',
        opponent: 'Ann',
        number: 4,
        link: 'https://discord.com/channels/1/2',
      };
      texts.push(
        settings.title,
        settings.coordinates('normal'),
        settings.coordinates('large'),
        settings.language(null),
        settings.language('de'),
        settings.variant({ variant: null }),
        settings.time({ time: '1d' }),
        settings.timeZone({ zone: 'UTC' }),
        settings.quiet(null),
        settings.quiet({ from: '22:00', to: '07:00' }),
        settings.dmsClosed,
        settings.saved,
        settings.resetDone,
        settings.turnAlert(game),
        settings.digest,
        settings.digestLine(game),
      );
      texts.push(
        picker.alt.over({ variant: 'Fetlar', number: 4 }),
        picker.alt.lastMove({ move: 'e5-e8', captured: [] }),
        picker.alt.lastMove({ move: 'e5-e8', captured: ['e9', 'f8'] }),
        picker.alt.king({ square: 'f6' }),
        picker.alt.king({ square: null }),
        picker.alt.kingCanEscape,
        picker.alt.kingCanBeCaptured,
      );
      texts.push(
        suggestions.effect({ kind: 'wins', reason: 'king-escaped' } as never),
        suggestions.effect({ kind: 'captures', squares: ['e9'] } as never),
      );
      const keys = new Set(
        namespaces.flatMap((namespace) =>
          Object.keys(flatten(english(namespace))).flatMap((key) => [key, key.replace(/_[a-z]+$/, '')]),
        ),
      );
      // A word that is also a key ("bye") is fine where the catalogue says it.
      const said = new Set(
        [language, 'en'].flatMap((lng) =>
          namespaces.flatMap((namespace) =>
            Object.values(flatten((resources[lng][namespace] ?? {}) as Tree)),
          ),
        ),
      );
      for (const text of texts) expect(keys.has(text) && !said.has(text), text).toBe(false);
    },
  );

  it('the English commands catalogue is the command builders’ words (npx tsx scripts/commands-catalogue.ts)', async () => {
    const file = JSON.parse(readFileSync(join(LOCALES_DIR, 'en', 'commands.json'), 'utf8'));
    expect(file).toEqual(englishCommandWords(await loadCommands()));
  });

  it.each(translations)(
    '%s: every command name localized follows Discord’s rule, unique within its command',
    async (language) => {
      const bodies = commandBodies(await loadCommands());
      for (const locale of discordLocalesOf(language)) {
        for (const body of bodies) {
          expect(body.name_localizations?.[locale as 'de'], `${locale} /${body.name}`).toBeTruthy();
          expect(commandNameProblems(body, locale), `${locale} /${body.name}`).toEqual([]);
        }
      }
    },
  );
});

describe('the checks catch a broken catalogue', () => {
  const source = { hello: 'Hello {{name}}', moves_one: '{{count}} move', moves_other: '{{count}} moves' };

  it('a missing message, a lost or misspelt placeholder, a message English lacks', () => {
    expect(
      translationProblems('de', source, {
        moves_one: '{{count}} Zug',
        moves_other: '{{count}} Züge',
        extra: 'x',
      }),
    ).toEqual(['hello: missing', 'extra: not in English']);
    expect(
      translationProblems('de', source, {
        hello: 'Hallo {{nmae}}',
        moves_one: '{{count}} Zug',
        moves_other: 'Züge',
      }),
    ).toEqual(['hello: lacks {{name}}', 'hello: has {{nmae}}, which English does not give']);
  });

  it('plural forms other than the language’s: Polish needs one, few, many and other', () => {
    const polish = { hello: 'Cześć {{name}}', moves_one: '{{count}} ruch', moves_other: '{{count}} ruchu' };
    expect(translationProblems('pl', source, polish)).toEqual([
      'moves: plural forms one, other; pl has few, many, one, other',
    ]);
    expect(
      translationProblems('pl', source, {
        ...polish,
        moves_few: '{{count}} ruchy',
        moves_many: '{{count}} ruchów',
      }),
    ).toEqual([]);
    expect(
      translationProblems('ja', source, { hello: 'こんにちは {{name}}', moves_other: '{{count}} 手' }),
    ).toEqual([]);
  });

  it('command names Discord refuses, upper case, or one name for two options', () => {
    const body = {
      name: 'move',
      name_localizations: { fr: 'Jouer' },
      options: [
        { name: 'from', name_localizations: { fr: 'case' }, description: 'x' },
        { name: 'to', name_localizations: { fr: 'case' }, description: 'x' },
        { name: 'speed', name_localizations: { fr: 'vitesse rapide' }, description: 'x' },
      ],
    };
    expect(commandNameProblems(body, 'fr')).toEqual([
      'move: "Jouer" is not lower case',
      'move: "case" names both from and to',
      'move.speed: "vitesse rapide" breaks Discord\'s rule for names',
    ]);
    expect(
      commandNameProblems({ name: 'move', name_localizations: { hi: 'चाल', ja: '移動' } }, 'hi'),
    ).toEqual([]);
  });
});

describe('reading the catalogues', () => {
  it('takes each folder as a language, leaves other files alone, and names a file that is not JSON', () => {
    const folder = mkdtempSync(join(tmpdir(), 'locales-'));
    try {
      mkdirSync(join(folder, 'fr'));
      writeFileSync(join(folder, 'fr', 'messages.json'), '{"drawn": "Partie nulle."}');
      writeFileSync(join(folder, 'README.md'), 'not a language');
      expect(readCatalogues(folder)).toEqual({ fr: { messages: { drawn: 'Partie nulle.' } } });
      writeFileSync(join(folder, 'fr', 'puzzles.json'), '{"you": "Vous",}');
      expect(() => readCatalogues(folder)).toThrow(/locales\/fr\/puzzles\.json is not valid JSON/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
