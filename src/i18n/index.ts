/**
 * The bot's languages. A reply follows the language of the member's Discord client; messages no
 * one asked for (reminders, losses on time, the AI's moves) follow the server's preferred language.
 * The words are in locales/<language>/*.json (i18next's resources); see docs/development.md, "Languages and translations".
 */

import type { Suggestion } from '../analysis/suggestions.ts';
import type { FailureParams } from '../core/outcome.ts';
import type { GameResult, RefusalCode, Side, Variant, VariantId } from '../engine/index.ts';
import { catalogue, type Messages } from './catalogue.ts';
import type { FailureCode, ServiceFailureCode } from './failures.ts';
import { catalogueLanguage } from './locales.ts';
import { catalogueLanguages, i18n } from './resources.ts';
import { describeRules, type RulesText } from './rules.ts';

export type { Messages, ResultContext } from './catalogue.ts';
export type { FailureCode } from './failures.ts';
export { catalogueLanguage, DISCORD_LOCALES, type DiscordLocale, discordLocalesOf } from './locales.ts';
export { describeRules, type RulesText };

/** A catalogue's language: the name of its folder under locales/ ("en", "de", "pt", "zh-CN", …). */
export type Language = string;
export const languages: readonly Language[] = catalogueLanguages;

// Each catalogue's words are looked up once; its messages with particulars on each call.
const catalogues = new Map<Language, Messages>();

/** The catalogue for a Discord locale ("de", "en-US", …), or a catalogue's language; English when there is none. */
export function messagesFor(locale: string | null | undefined): Messages {
  const language = catalogueLanguage(locale);
  let messages = catalogues.get(language);
  if (!messages) {
    messages = catalogue(language);
    catalogues.set(language, messages);
  }
  return messages;
}

/** A built-in variant's name in every catalogue, for reading back what a member typed. */
export function variantNamesOf(id: VariantId): string[] {
  return catalogueLanguages.map((language) => i18n.getFixedT(language, 'messages')(`variantNames.${id}`));
}

/** A refusal of the game service, the tournaments or the engine, in the catalogue's language. */
export function failureText(m: Messages, failure: { code: FailureCode; params?: object }): string {
  const params = (failure.params ?? {}) as FailureParams;
  if (failure.code in m.refusals) return m.refusals[failure.code as RefusalCode](params);
  return m.failures[failure.code as ServiceFailureCode](params);
}

/** The rules of a variant in brief, in the catalogue's language. */
export function rulesText(m: Messages, variant: Variant): RulesText {
  return describeRules(variant, m.language);
}

/** How a game ended, in the catalogue's language. */
export function resultText(
  m: Messages,
  result: GameResult,
  repetition: Variant['end']['repetition'],
  turn: Side,
): string {
  const { occurrence, outcome } = repetition;
  return m.result(result, { turn, occurrence, repetitionLosesDefenders: outcome === 'defenders-lose' });
}

/** Discord's limit on an autocomplete choice's name. */
const CHOICE_NAME_LENGTH = 100;

/** An autocomplete choice's label in the catalogue's language: "e5-e9: captures e9", "a4: attacker, 6 moves". */
export function suggestionName(m: Messages, suggestion: Suggestion): string {
  let name: string;
  if ('piece' in suggestion) name = m.suggestions.piece(suggestion.piece);
  else {
    const { notation, effects } = suggestion.move;
    name =
      effects.length === 0
        ? notation
        : `${notation}: ${effects.map((e) => m.suggestions.effect(e)).join('; ')}`;
  }
  return name.length <= CHOICE_NAME_LENGTH ? name : `${name.slice(0, CHOICE_NAME_LENGTH - 1)}…`;
}
