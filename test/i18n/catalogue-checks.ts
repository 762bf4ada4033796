/**
 * What every catalogue must keep, as checks that return the problems found (an empty list when all
 * is well), so that the tests can run them on the real catalogues and on broken ones alike.
 */

type Tree = { [key: string]: string | string[] | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every message of a namespace by its dotted key (an array of lines is one message). */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[`${prefix}${key}`] = value;
    else if (Array.isArray(value)) flat[`${prefix}${key}`] = value.join('\n');
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}

/** The names of the values a message interpolates: `{{name}}`, `{{count, number}}`. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((match) => match[1]);
}

/** The keys of a namespace grouped by message: plural forms (`_one`, `_other`, …) under one key. */
function messages(flat: Record<string, string>): Map<string, Map<string, string>> {
  const grouped = new Map<string, Map<string, string>>();
  for (const [key, text] of Object.entries(flat)) {
    const plural = key.match(PLURAL_SUFFIX);
    const base = plural ? key.slice(0, -plural[0].length) : key;
    const forms = grouped.get(base) ?? new Map<string, string>();
    forms.set(plural ? plural[1] : '', text);
    grouped.set(base, forms);
  }
  return grouped;
}

const union = (forms: Map<string, string>) =>
  [...new Set([...forms.values()].flatMap((text) => placeholders(text)))].sort();

/**
 * A translation against the English source: every message of English and no other, each with
 * the same placeholders (a placeholder in `mayOmit` may be left out), in the plural forms its
 * language's rules (Intl.PluralRules) have, no more and no fewer.
 */
export function translationProblems(
  language: string,
  english: Tree,
  translation: Tree,
  mayOmit: Record<string, readonly string[]> = {},
): string[] {
  const problems: string[] = [];
  const source = messages(flatten(english));
  const target = messages(flatten(translation));
  const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
  for (const [key, forms] of source) {
    const translated = target.get(key);
    if (!translated) {
      problems.push(`${key}: missing`);
      continue;
    }
    const plural = forms.has('other');
    if (plural !== translated.has('other')) {
      problems.push(`${key}: ${plural ? 'needs plural forms' : 'is not plural in English'}`);
      continue;
    }
    if (plural) {
      const given = [...translated.keys()].sort();
      if (given.join() !== categories.join())
        problems.push(`${key}: plural forms ${given.join(', ')}; ${language} has ${categories.join(', ')}`);
    }
    const wanted = union(forms).filter((name) => !mayOmit[key]?.includes(name));
    const got = union(translated);
    const missing = wanted.filter((name) => !got.includes(name));
    const unknown = got.filter((name) => !union(forms).includes(name));
    if (missing.length) problems.push(`${key}: lacks {{${missing.join('}}, {{')}}}`);
    if (unknown.length)
      problems.push(`${key}: has {{${unknown.join('}}, {{')}}}, which English does not give`);
    for (const [form, text] of translated)
      if (!text.trim()) problems.push(`${key}${form ? `_${form}` : ''}: empty`);
  }
  for (const key of target.keys()) if (!source.has(key)) problems.push(`${key}: not in English`);
  return problems;
}

/** Discord's rule for a command's, an option's or a choice's localized name (lower case where the script has case). */
const COMMAND_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Named {
  name: string;
  description?: string;
  name_localizations?: Partial<Record<string, string | null>> | null;
  description_localizations?: Partial<Record<string, string | null>> | null;
  options?: unknown;
  choices?: unknown;
}

/**
 * A command as sent to Discord, in one locale: every localized name follows Discord's rule and is
 * unique among the options beside it; descriptions and choices' names fit in 1 to 100 characters.
 */
export function commandNameProblems(body: Named, locale: string): string[] {
  const problems: string[] = [];
  const check = (item: Named, where: string) => {
    const name = item.name_localizations?.[locale];
    if (name === undefined || name === null) return;
    if (!COMMAND_NAME.test(name)) problems.push(`${where}: "${name}" breaks Discord's rule for names`);
    if (name !== name.toLocaleLowerCase(locale)) problems.push(`${where}: "${name}" is not lower case`);
    const description = item.description_localizations?.[locale];
    if (
      description !== undefined &&
      description !== null &&
      (description.length < 1 || description.length > 100)
    )
      problems.push(`${where}: a description of ${description.length} characters`);
  };
  const walk = (options: Named[], where: string) => {
    const seen = new Map<string, string>();
    for (const option of options) {
      check(option, `${where}.${option.name}`);
      const name = option.name_localizations?.[locale] ?? option.name;
      const before = seen.get(name);
      if (before) problems.push(`${where}: "${name}" names both ${before} and ${option.name}`);
      seen.set(name, option.name);
      if (Array.isArray(option.options)) walk(option.options as Named[], `${where}.${option.name}`);
      for (const choice of (Array.isArray(option.choices) ? option.choices : []) as Named[]) {
        const label = choice.name_localizations?.[locale];
        if (label !== undefined && label !== null && (label.length < 1 || label.length > 100))
          problems.push(
            `${where}.${option.name}=${choice.name}: a choice's name of ${label.length} characters`,
          );
      }
    }
  };
  check(body, body.name);
  walk((Array.isArray(body.options) ? body.options : []) as Named[], body.name);
  return problems;
}
