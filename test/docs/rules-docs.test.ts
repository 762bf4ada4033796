import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES_DOCS_DIR, rulesDocs } from '../../scripts/docs-rules.ts';
import { getVariant, variantIds } from '../../src/engine/index.ts';
import { describeRules } from '../../src/i18n/index.ts';

const STALE = 'differs from what `npm run docs:rules` writes now: run it and commit the result';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(RULES_DOCS_DIR, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

describe('docs/rules: the rules of every variant, generated from its record', () => {
  const docs = rulesDocs();

  it.each([...docs.keys()])('%s is committed as the generator writes it', (path) => {
    expect(readFileSync(join(RULES_DOCS_DIR, path), 'utf8'), `docs/rules/${path} ${STALE}`).toBe(
      docs.get(path),
    );
  });

  it('holds no page the generator does not write', () => {
    expect(filesUnder(RULES_DOCS_DIR), `docs/rules/ ${STALE}`).toEqual([...docs.keys()].sort());
  });

  it.each(variantIds)('%s: a page in English and in German, with the /rules text and its sources', (id) => {
    const english = docs.get(`${id}.md`) ?? '';
    const { title, lines } = describeRules(getVariant(id));
    expect(english.startsWith(`# ${title}\n`)).toBe(true);
    for (const line of lines) expect(english).toContain(`\n${line}\n`);
    const { documents } = getVariant(id);
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) expect(document).not.toMatch(/\.txt$|shared\/rules/);
    expect(english).toContain(`**Sources** ${documents.join('; ')}.`);
    expect(docs.get(`de/${id}.md`)).toContain(`**Quellen** ${documents.join('; ')}.`);
    expect(docs.get('README.md')).toContain(`(${id}.md)`);
  });
});
