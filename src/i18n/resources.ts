/**
 * The catalogues: `locales/<language>/<namespace>.json`, i18next's resources, read once at start.
 * English is the source and the fallback: a key a catalogue lacks (or leaves empty) is said in
 * English, never shown as a raw key. A new language is a new folder of JSON files, nothing more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource } from 'i18next';

const COMPILED = !import.meta.url.endsWith('.ts');
export const LOCALES_DIR = fileURLToPath(
  new URL(COMPILED ? '../../../locales/' : '../../locales/', import.meta.url),
);

export const SOURCE_LANGUAGE = 'en';
export const namespaces = [
  'messages',
  'failures',
  'tournament',
  'puzzles',
  'sides',
  'practice',
  'rules',
  'titles',
  'openings',
  'accuracy',
  'clock',
  'games',
  'picker',
  'settings',
  'lobby',
  'commands',
  'web',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Every catalogue under `folder`: one subfolder per language, one JSON file per namespace. */
export function readCatalogues(folder: string): Resource {
  const resources: Resource = {};
  const languages = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const language of languages) {
    resources[language] = {};
    for (const namespace of namespaces) {
      const path = join(folder, language, `${namespace}.json`);
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue; // a catalogue may lack a namespace: its messages are said in English
      }
      try {
        resources[language][namespace] = JSON.parse(text);
      } catch (error) {
        throw new Error(
          `locales/${language}/${namespace}.json is not valid JSON: ${(error as Error).message}`,
        );
      }
    }
  }
  return resources;
}

export const resources = readCatalogues(LOCALES_DIR);

/** The languages that have a catalogue, English first. */
export const catalogueLanguages: readonly string[] = [
  SOURCE_LANGUAGE,
  ...Object.keys(resources).filter((language) => language !== SOURCE_LANGUAGE),
];

export const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: SOURCE_LANGUAGE,
  fallbackLng: SOURCE_LANGUAGE,
  ns: namespaces as unknown as string[],
  defaultNS: 'messages',
  initAsync: false,
  returnEmptyString: false,
  // Discord text, not HTML: names arrive made safe for Discord by the caller. Values a member
  // controls are never read as nesting or interpolation (skipOnVariables, i18next's default).
  interpolation: { escapeValue: false, skipOnVariables: true },
});
