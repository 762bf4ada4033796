/**
 * No module reaches itself through its imports (type-only imports count too: a cycle of types
 * still ties two modules' jobs together). A cycle found is printed as its chain of files.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cycles, sourceFiles } from './graph.ts';

const root = resolve(import.meta.dirname, '../..');

/** Each file's imports (and re-exports) of the project's own modules. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const local = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name))
        .filter((path) => known.has(path));
      return [file, local];
    }),
  );
}

describe('imports', () => {
  it('form no cycle among the modules of src/ and commands/', () => {
    const files = ['src', 'commands'].flatMap((folder) => sourceFiles(join(root, folder)));
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(50);
    const chains = cycles(graph).map((chain) => chain.map((file) => relative(root, file)).join(' -> '));
    expect(chains).toEqual([]);
  });
});
