/**
 * The slash commands' names, descriptions and choices in every catalogue (locales/<language>/commands.json),
 * sent to Discord as localizations: German clients see `/zug` where others see `/move`. A catalogue
 * mirrors the commands: `challenge.name`, `challenge.options.side.choices.attackers`, and for a
 * subcommand's option `variant.options.add.options.rules.description`. English, the commands'
 * own words, is written from the command builders (`npx tsx scripts/commands-catalogue.ts`).
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { discordLocalesOf } from '../../i18n/locales.ts';
import { catalogueLanguages, resources, SOURCE_LANGUAGE } from '../../i18n/resources.ts';

type Body = RESTPostAPIChatInputApplicationCommandsJSONBody;
type Option = NonNullable<Body['options']>[number];
type Localizations = Partial<Record<string, string>>;

/** A command's or an option's words in one catalogue. */
export interface CommandWords {
  name?: string;
  description?: string;
  options?: Record<string, CommandWords>;
  choices?: Record<string, string>;
}

/** The commands' words of each catalogue but English, with the Discord locales that read it. */
const translations = catalogueLanguages
  .filter((language) => language !== SOURCE_LANGUAGE)
  .map((language) => ({
    locales: discordLocalesOf(language),
    commands: (resources[language].commands ?? {}) as Record<string, CommandWords>,
  }));

/** The command with its localizations added, its subcommands' options included. */
export function localize(body: Body): Body {
  const words = translations.map(({ locales, commands }) => ({ locales, words: commands[body.name] }));
  return { ...body, ...localized(words), options: localizeOptions(words, body.options) };
}

type Found = { locales: readonly string[]; words: CommandWords | undefined }[];

function inEvery(found: Found, pick: (words: CommandWords) => string | undefined): Localizations | undefined {
  const localizations: Localizations = {};
  for (const { locales, words } of found) {
    const text = words && pick(words);
    if (text) for (const locale of locales) localizations[locale] = text;
  }
  return Object.keys(localizations).length > 0 ? localizations : undefined;
}

function localized(found: Found) {
  const names = inEvery(found, (words) => words.name);
  const descriptions = inEvery(found, (words) => words.description);
  return {
    ...(names ? { name_localizations: names } : {}),
    ...(descriptions ? { description_localizations: descriptions } : {}),
  };
}

function localizeOptions(parent: Found, options: Body['options']): Body['options'] {
  return options?.map((option: Option) => {
    const found = parent.map(({ locales, words }) => ({ locales, words: words?.options?.[option.name] }));
    return {
      ...option,
      ...localized(found),
      ...('options' in option && option.options
        ? { options: localizeOptions(found, option.options as Body['options']) }
        : {}),
      ...('choices' in option && option.choices
        ? {
            choices: option.choices.map((choice) => {
              const names = inEvery(found, (words) => words.choices?.[String(choice.value)]);
              return { ...choice, ...(names ? { name_localizations: names } : {}) };
            }),
          }
        : {}),
    };
  }) as Body['options'];
}
