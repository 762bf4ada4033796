/**
 * Discord's locales, and the catalogue each one reads. A member's client sends its locale with every
 * interaction; a server has a preferred one. A locale whose language has no catalogue yet reads
 * English, and so does any key a catalogue lacks.
 */
import { catalogueLanguages, SOURCE_LANGUAGE } from './resources.ts';

/** Every locale Discord has (https://discord.com/developers/docs/reference#locales), by its catalogue. */
export const DISCORD_LOCALES = {
  id: 'id',
  da: 'da',
  de: 'de',
  'en-GB': 'en',
  'en-US': 'en',
  'es-ES': 'es',
  'es-419': 'es',
  fr: 'fr',
  hr: 'hr',
  it: 'it',
  lt: 'lt',
  hu: 'hu',
  nl: 'nl',
  no: 'nb',
  pl: 'pl',
  'pt-BR': 'pt',
  ro: 'ro',
  fi: 'fi',
  'sv-SE': 'sv',
  vi: 'vi',
  tr: 'tr',
  cs: 'cs',
  el: 'el',
  bg: 'bg',
  ru: 'ru',
  uk: 'uk',
  hi: 'hi',
  th: 'th',
  'zh-CN': 'zh-CN',
  ja: 'ja',
  'zh-TW': 'zh-TW',
  ko: 'ko',
} as const;

export type DiscordLocale = keyof typeof DISCORD_LOCALES;

/** The catalogue for a Discord locale ("de", "en-US", "pt-BR", …); English when it has none. */
export function catalogueLanguage(locale: string | null | undefined): string {
  if (!locale) return SOURCE_LANGUAGE;
  const exact = (DISCORD_LOCALES as Record<string, string>)[locale];
  const language = exact ?? locale.split('-')[0].toLowerCase();
  return catalogueLanguages.includes(language) ? language : SOURCE_LANGUAGE;
}

/** The Discord locales that read a catalogue: where its command names and descriptions are sent. */
export function discordLocalesOf(language: string): DiscordLocale[] {
  return (Object.keys(DISCORD_LOCALES) as DiscordLocale[]).filter(
    (locale) => DISCORD_LOCALES[locale] === language,
  );
}
