/**
 * The bot's languages. A reply follows the language of the member's Discord client; messages no
 * one asked for (reminders, losses on time, the AI's moves) follow the server's preferred language.
 */
import type { GameResult, RefusalCode, Side, Variant } from '../engine/index.ts';
import type { Suggestion } from '../game/suggestions.ts';
import type { FailureCode, FailureParams, ServiceFailureCode } from '../game/types.ts';
import { de } from './de.ts';
import { en, type Messages } from './en.ts';
import { describeRulesDe } from './rules-text.de.ts';
import { describeRules, type RulesText } from './rules-text.en.ts';

export { VARIANT_NAMES_DE } from './de.ts';
export type { Messages, ResultContext } from './en.ts';
export { describeRules, describeRulesDe, type RulesText };

export type Language = Messages['language'];
export const languages: readonly Language[] = ['en', 'de'];

/** The catalogue for a Discord locale ("de", "en-US", …); anything but German is English. */
export function messagesFor(locale: string | null | undefined): Messages {
  return locale?.toLowerCase().startsWith('de') ? de : en;
}

/** A refusal of the game service or the engine, in the catalogue's language. */
export function failureText(m: Messages, failure: { code: FailureCode; params?: object }): string {
  const params = (failure.params ?? {}) as FailureParams;
  if (failure.code in m.refusals) return m.refusals[failure.code as RefusalCode](params);
  const text = m.failures[failure.code as ServiceFailureCode];
  return typeof text === 'function' ? text(params) : text;
}

/** The rules of a variant in brief, in the catalogue's language. */
export function rulesText(m: Messages, variant: Variant): RulesText {
  return m.language === 'de' ? describeRulesDe(variant) : describeRules(variant);
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
