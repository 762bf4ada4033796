/**
 * `npm run docs:rules`: writes `docs/rules/<variant>.md` (English) and `docs/rules/de/<variant>.md`
 * (German) from the variant records, with the very text `/rules` shows, and an index of them.
 * A test fails when a committed doc differs from what this writes, so the docs cannot drift from
 * the rules the engine plays.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getVariant, type VariantId, variantIds } from '../src/engine/index.ts';
import { describeRules, describeRulesDe, type RulesText } from '../src/i18n/index.ts';

/** Where the docs live: `docs/rules/` of the repository. */
export const RULES_DOCS_DIR = fileURLToPath(new URL('../docs/rules/', import.meta.url));

const GENERATED =
  '<!-- Written by `npm run docs:rules` from src/engine/variants.ts: edit the record, not this file. -->';

function page(rules: RulesText, intro: string, sources: string, id: VariantId): string {
  const { documents } = getVariant(id);
  return [
    `# ${rules.title}`,
    GENERATED,
    intro,
    ...rules.lines,
    `**${sources}** ${documents.join('; ')}.`,
  ].join('\n\n');
}

/** Every doc, by its path under `docs/rules/`. */
export function rulesDocs(): Map<string, string> {
  const docs = new Map<string, string>();
  for (const id of variantIds) {
    docs.set(
      `${id}.md`,
      `${page(
        describeRules(getVariant(id)),
        `The rules the bot plays as \`${id}\`, as \`/rules variant:${id}\` shows them. [Deutsch](de/${id}.md)`,
        'Sources',
        id,
      )}\n`,
    );
    docs.set(
      `de/${id}.md`,
      `${page(
        describeRulesDe(getVariant(id)),
        `Die Regeln, nach denen der Bot \`${id}\` spielt, wie \`/regeln variante:${id}\` sie zeigt. [English](../${id}.md)`,
        'Quellen',
        id,
      )}\n`,
    );
  }
  const rows = variantIds.map((id) => {
    const { name, size, drawnOn, firstToMove } = getVariant(id);
    return `| [${name}](${id}.md) ([Deutsch](de/${id}.md)) | \`${id}\` | ${size}x${size} ${drawnOn} | ${firstToMove} |`;
  });
  docs.set(
    'README.md',
    `${[
      '# Rules of the variants',
      GENERATED,
      'Each page gives the rules of one variant as the bot plays them, written from its record in `src/engine/variants.ts`, and names the published rules the record follows.',
      ['| variant | id | board | first move |', '| --- | --- | --- | --- |', ...rows].join('\n'),
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
