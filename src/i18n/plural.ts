/**
 * A number with its noun, in the form the language's plural rules (Intl.PluralRules) ask for:
 * "1 game", "2 games", "1,5 Punkte". Every count the catalogues print goes through `counted`.
 */

/** The noun in each plural category the language uses; `other` serves any category not given. */
export type PluralForms = { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

// One PluralRules and one NumberFormat per language: building them is far dearer than using them.
const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, language: string, make: (language: string) => T): T {
  let value = cache.get(language);
  if (value === undefined) {
    value = make(language);
    cache.set(language, value);
  }
  return value;
}

/** The noun alone, in the form `n` takes. */
export function pluralForm(language: string, n: number, forms: PluralForms): string {
  const category = cached(rules, language, (code) => new Intl.PluralRules(code)).select(n);
  return forms[category] ?? forms.other;
}

/** `n` written as the language writes numbers, then its noun in the form `n` takes. */
export function counted(language: string, n: number, forms: PluralForms): string {
  const number = cached(
    numbers,
    language,
    (code) => new Intl.NumberFormat(code, { maximumFractionDigits: 2 }),
  );
  return `${number.format(n)} ${pluralForm(language, n, forms)}`;
}
