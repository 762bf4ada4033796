/**
 * `npm run docs:rules`: writes `docs/rules/<variant>.md` (English, the source) and
 * `docs/rules/<language>/<variant>.md` for every other catalogue, from the variant records, with
 * the very text `/rules` shows in that language, and an index of them. A test fails when a
 * committed doc differs from what this writes, so the docs cannot drift from the rules the engine
 * plays.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getVariant, type VariantId, variantIds } from '../src/engine/index.ts';
import { describeRules, languages } from '../src/i18n/index.ts';
import { i18n, resources, SOURCE_LANGUAGE } from '../src/i18n/resources.ts';

/** Where the docs live: `docs/rules/` of the repository. */
export const RULES_DOCS_DIR = fileURLToPath(new URL('../docs/rules/', import.meta.url));

const GENERATED =
  '<!-- Written by `npm run docs:rules` from src/engine/variants.ts and locales/<language>/rules.json: edit those, not this file. -->';

/** A variant's page in a language, by its path under `docs/rules/`. */
export function rulesDocPath(language: string, id: VariantId): string {
  return language === SOURCE_LANGUAGE ? `${id}.md` : `${language}/${id}.md`;
}

/** A language's name in itself: "Deutsch", "Svenska", "日本語". */
export function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** `/rules variant:fetlar` as a member of that language types it: `/regeln variante:fetlar`. */
function rulesCommand(language: string, id: VariantId): string {
  type Words = { rules: { name: string; options: { variant: { name: string } } } };
  const words = (resources[language]?.commands ?? resources[SOURCE_LANGUAGE].commands) as unknown as Words;
  return `/${words.rules.name} ${words.rules.options.variant.name}:${id}`;
}

function page(language: string, id: VariantId): string {
  const { documents } = getVariant(id);
  const { title, lines } = describeRules(getVariant(id), language);
  const t = i18n.getFixedT(language, 'rules');
  const up = language === SOURCE_LANGUAGE ? '' : '../';
  const others = languages
    .filter((other) => other !== language)
    .map((other) => `[${languageName(other)}](${up}${rulesDocPath(other, id)})`)
    .join(' · ');
  return `${[
    `# ${title}`,
    GENERATED,
    t('docs.intro', { id, command: rulesCommand(language, id) }),
    ...lines,
    `**${t('heads.sources')}** ${documents.join('; ')}.`,
    others,
  ].join('\n\n')}\n`;
}

/** Every doc, by its path under `docs/rules/`. */
export function rulesDocs(): Map<string, string> {
  const docs = new Map<string, string>();
  for (const id of variantIds)
    for (const language of languages) docs.set(rulesDocPath(language, id), page(language, id));
  const rows = variantIds.map((id) => {
    const { name, size, drawnOn, firstToMove } = getVariant(id);
    const translations = languages
      .filter((language) => language !== SOURCE_LANGUAGE)
      .map((language) => `[${language}](${rulesDocPath(language, id)})`)
      .join(' ');
    return `| [${name}](${id}.md) | \`${id}\` | ${size}x${size} ${drawnOn} | ${firstToMove} | ${translations} |`;
  });
  docs.set(
    'README.md',
    `${[
      '# Rules of the variants',
      GENERATED,
      'Each page gives the rules of one variant as the bot plays them, written from its record in `src/engine/variants.ts` through the catalogue of its language (`locales/<language>/rules.json`), and names the published rules the record follows.',
      [
        '| variant | id | board | first move | other languages |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    ].join('\n\n')}\n`,
  );
  return docs;
}

/** Writes every doc, after removing the old ones (so a variant that is gone leaves no page behind). */
export function writeRulesDocs(dir = RULES_DOCS_DIR): string[] {
  rmSync(dir, { recursive: true, force: true });
  const written: string[] = [];
  for (const [path, text] of rulesDocs()) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = writeRulesDocs();
  console.log(`wrote ${written.length} files in docs/rules/`);
}
