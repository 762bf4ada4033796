/**
 * `npm run puzzles`: finds puzzles in the AI's games against itself and writes them to
 * data/puzzles/<variant>.json, one variant for each board size (family). The same seed and
 * settings write the same files: the AI searches to a fixed depth, with seeded noise.
 *
 *   npm run puzzles                          # every family, 200 puzzles each (Copenhagen 50)
 *   npm run puzzles -- --variant brandubh --count 20 --seed 7 --out /tmp/puzzles
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { VariantId } from '../src/engine/index.ts';
import { PUZZLE_FAMILIES } from '../src/puzzles/catalogue.ts';
import { type GeneratorOptions, generatePuzzles } from '../src/puzzles/generate.ts';
import { initialRating, writePuzzleFile } from '../src/puzzles/puzzle-file.ts';

/** How each family is searched: small boards at every ply, large ones where a puzzle is likely. */
const SETTINGS: Record<VariantId, Omit<GeneratorOptions, 'variant' | 'seed' | 'wanted'>> = {
  brandubh: settings({ aiDepth: 2, maxNodes: 200_000, materialDepth: 3, focused: false }),
  tablut: settings({ aiDepth: 2, maxNodes: 300_000, materialDepth: 3, focused: true }),
  fetlar: settings({ aiDepth: 2, maxNodes: 300_000, materialDepth: 2, focused: true }),
  // Puzzles are rare on 19x19 (most endings offer several ways to take the king): every kind is kept.
  'alea-walker': settings({ aiDepth: 1, maxNodes: 300_000, materialDepth: 2, focused: true, kindShare: 1 }),
  'alea-guards': settings({ aiDepth: 1, maxNodes: 300_000, materialDepth: 2, focused: true }),
  'alea-armed': settings({ aiDepth: 1, maxNodes: 300_000, materialDepth: 2, focused: true }),
  // The king's escape is most of what Copenhagen's games end in: at most three puzzles in four.
  copenhagen: settings({ aiDepth: 2, maxNodes: 300_000, materialDepth: 2, focused: true, themeShare: 0.75 }),
};

/** How many puzzles a set has unless `--count` says: Copenhagen's are the slowest to find. */
const COUNTS: Partial<Record<VariantId, number>> = { copenhagen: 50 };

function settings(
  own: Pick<GeneratorOptions, 'aiDepth' | 'maxNodes' | 'materialDepth' | 'focused'> &
    Partial<Pick<GeneratorOptions, 'kindShare' | 'themeShare'>>,
): Omit<GeneratorOptions, 'variant' | 'seed' | 'wanted'> {
  return { randomness: 0.3, maxPlies: 300, materialShare: 0.34, oneMoveShare: 0.3, kindShare: 0.4, ...own };
}

const { values } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true },
    count: { type: 'string' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: 'data/puzzles' },
  },
});
const variants = (values.variant ?? PUZZLE_FAMILIES.map((family) => family.variant)) as VariantId[];
const seed = Number(values.seed);
mkdirSync(values.out, { recursive: true });

for (const variant of variants) {
  if (!(variant in SETTINGS)) throw new Error(`unknown variant ${variant}`);
  const wanted = Number(values.count ?? COUNTS[variant] ?? 200);
  const options: GeneratorOptions = { variant, seed, wanted, ...SETTINGS[variant] };
  const started = performance.now();
  let told = started;
  const { puzzles, stats } = generatePuzzles({
    ...options,
    onGame(progress) {
      if (performance.now() - told < 30_000) return;
      told = performance.now();
      const minutes = (told - started) / 60_000;
      console.log(
        `${variant}: ${progress.found}/${wanted} puzzles, ${progress.games} games, ${progress.positions} positions searched, ${minutes.toFixed(1)} min`,
      );
    },
  });
  const minutes = (performance.now() - started) / 60_000;
  const file = join(values.out, `${variant}.json`);
  writeFileSync(
    file,
    writePuzzleFile({
      variant,
      generator: { seed, ...SETTINGS[variant] },
      puzzles: puzzles.map((puzzle, index) => ({
        id: `${variant}-${String(index + 1).padStart(3, '0')}`,
        position: puzzle.position,
        sideToMove: puzzle.sideToMove,
        theme: puzzle.theme,
        depth: puzzle.depth,
        line: puzzle.line,
        nodes: puzzle.nodes,
        rating: initialRating(puzzle.depth, puzzle.nodes),
      })),
    }),
  );
  const themes: Record<string, number> = {};
  for (const puzzle of puzzles)
    themes[`${puzzle.theme} in ${puzzle.depth}`] = (themes[`${puzzle.theme} in ${puzzle.depth}`] ?? 0) + 1;
  console.log(
    `${variant}: wrote ${puzzles.length} puzzles to ${file} in ${minutes.toFixed(1)} min, ${(puzzles.length / minutes).toFixed(1)} a minute; ` +
      `${stats.games} games, ${stats.positions} positions searched (search ${(stats.searchMs / 1000).toFixed(0)} s, ` +
      `play ${(stats.playMs / 1000).toFixed(0)} s); rejected ${JSON.stringify(stats.rejected)}; ${JSON.stringify(themes)}`,
  );
}
