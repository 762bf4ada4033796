/**
 * The folders of src/ stand in layers: each may import only the folders beneath it (the table
 * below), so the engine stays at the bottom, the renderer and the messages know nothing of the
 * games in progress, and no two folders lean on each other. Imports are read as the import-cycles
 * test reads them: type-only imports count too (a type ties two folders' jobs together).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cycles, sourceFiles } from './graph.ts';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

/**
 * What each folder may import besides itself. `failures` stands for a module's list of refusal
 * codes (`<module>/failures.ts`, which imports nothing of its module): the catalogues word every
 * module's refusals, and know nothing else of them. Files directly in src/ are folders of their
 * own, named by the file (`app`: the one wiring place; `log`, `metrics`, `config`: the process's).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  engine: [],
  store: ['metrics'],
  core: ['engine', 'store'],
  ai: ['engine', 'core', 'metrics'],
  analysis: ['engine', 'core', 'ai'],
  i18n: ['engine', 'core', 'analysis', 'failures'],
  render: ['engine', 'core', 'analysis', 'i18n', 'failures'],
  game: ['engine', 'store', 'core', 'analysis', 'failures'],
  openings: ['engine', 'store', 'core', 'game', 'failures'],
  tournament: ['engine', 'store', 'core', 'game', 'failures'],
  puzzles: ['engine', 'store', 'core', 'ai', 'analysis', 'game', 'failures'],
  settings: ['engine', 'store', 'core', 'i18n', 'render', 'game', 'failures'],
  replay: ['engine', 'core', 'analysis', 'i18n', 'render', 'game', 'failures'],
  app: ['engine', 'store', 'core', 'game', 'openings', 'tournament', 'puzzles', 'settings', 'failures'],
  // The study page asks the AI for its view of a position and shows a review's winning chances.
  web: [
    'engine',
    'store',
    'core',
    'ai',
    'analysis',
    'i18n',
    'render',
    'game',
    'settings',
    'app',
    'config',
    'log',
    'failures',
  ],
};

/** The folder of a file of src/: its first folder, or its own name for a file directly in src/. */
function folderOf(file: string): string {
  const parts = relative(src, file).split(sep);
  return parts.length === 1 ? parts[0].replace(/\.ts$/, '') : parts[0];
}

/** Every import (and re-export) of one file of src/ by another, as [importer, imported]. */
function imports(): Array<[string, string]> {
  const files = sourceFiles(src);
  const known = new Set(files);
  return files.flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name))
      .filter((path) => known.has(path))
      .map((path): [string, string] => [file, path]),
  );
}

/** The folder an import reaches, `failures` for another module's list of refusal codes. */
function reached(from: string, to: string): string {
  const folder = folderOf(to);
  return folder !== folderOf(from) && to.endsWith(`${sep}failures.ts`) ? 'failures' : folder;
}

describe('the folders of src/', () => {
  const edges = imports();

  it('import only the folders beneath them', () => {
    expect(edges.length).toBeGreaterThan(500);
    const wrong = edges
      .filter(([from, to]) => {
        const allowed = MAY_IMPORT[folderOf(from)];
        const folder = reached(from, to);
        return allowed !== undefined && folder !== folderOf(from) && !allowed.includes(folder);
      })
      .map(([from, to]) => `${relative(root, from)} -> ${relative(root, to)}`);
    expect(wrong).toEqual([]);
  });

  it('form no cycle: no folder reaches itself through the others', () => {
    const graph = new Map<string, Set<string>>();
    for (const [from, to] of edges) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph).map((chain) => chain.join(' -> '))).toEqual([]);
  });

  it('are each in the table, so a new folder is placed in a layer on purpose', () => {
    const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
    expect(folders.filter((folder) => folder !== 'bot' && !(folder in MAY_IMPORT))).toEqual([]);
  });
});
