/**
 * `npm run bench:ai-versus -- [git-ref]`: the AI in the working tree against the AI at a git ref
 * (default HEAD), over paired games (each random opening played with both colours), to check
 * that a change to the AI makes it stronger before it lands. `--games N` or AI_VERSUS_GAMES
 * (default 400, per variant) and `--ms N` or AI_VERSUS_MS (per move, default 100) size the run;
 * `--variant brandubh,tablut` picks the variants (default fetlar and alea-armed); `--without
 * nullMove,futility` switches those parts of the working tree's search off (SearchParts);
 * `--ref-ms N` gives the ref another time per move (hard's 3:1 against normal: `HEAD --ms 300
 * --ref-ms 100`).
 *
 * Every game is appended to a results file as it ends (`--results`, default under the system's
 * temporary folder, named for the ref, the variants and the time per move); a rerun continues
 * where the last stopped, and `--shard 1/2` with `--shard 2/2` split the openings between two
 * processes that share the file. The summary counts every game in the file.
 * `--openings 8000` starts from other openings than the default run's (seeds 7000 on).
 *   npm run bench:ai-versus -- main --variant copenhagen --ms 1000 --games 60
 *
 * `--ratings` plays the levels' round robin for their ratings instead (bench/level-ratings.ts).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chooseMove } from '../src/ai/index.ts';
import { ALL_PARTS, type SearchParts } from '../src/ai/tree.ts';
import { Game, isVariantId, type Side, type VariantId } from '../src/engine/index.ts';
import { count } from './flags.ts';
import { seededRandom } from './sample-games.ts';

if (process.argv.includes('--ratings')) {
  const { runRatings } = await import('./level-ratings.ts');
  await runRatings(process.argv.slice(2));
  process.exit(0);
}

const { values: flags, positionals } = parseArgs({
  options: {
    games: { type: 'string' },
    ms: { type: 'string' },
    variant: { type: 'string' },
    results: { type: 'string' },
    shard: { type: 'string' },
    without: { type: 'string' },
    'ref-ms': { type: 'string' },
    openings: { type: 'string' },
  },
  allowPositionals: true,
});
const ref = positionals[0] ?? 'HEAD';
const GAMES = count('games', flags.games ?? process.env.AI_VERSUS_GAMES ?? '400');
const MOVE_MS = count('ms', flags.ms ?? process.env.AI_VERSUS_MS ?? '100');
const REF_MS = count('ref-ms', flags['ref-ms'] ?? String(MOVE_MS));
/** The first opening's seed: `--openings 8000` plays other openings than the default run's. */
const FIRST_OPENING = count('openings', flags.openings ?? '7000');
const OPENING_PLIES = 4;
const CAP = 300;
const variants = (flags.variant ?? 'fetlar,alea-armed').split(',');
for (const variant of variants) if (!isVariantId(variant)) throw new Error(`no variant ${variant}`);
const [shard, shards] = (flags.shard ?? '1/1').split('/').map((part) => count('shard', part));
if (shard > shards) throw new Error('--shard is k/n with k at most n');

const parts: Partial<SearchParts> = {};
for (const part of flags.without?.split(',') ?? []) {
  if (!(part in ALL_PARTS)) throw new Error(`--without takes parts of ${Object.keys(ALL_PARTS).join(', ')}`);
  parts[part as keyof SearchParts] = false;
}

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8', cwd: root }).trim();
const resultsFile =
  flags.results ??
  join(
    tmpdir(),
    `tafl-ai-versus-${commit}-${variants.join('+')}-${MOVE_MS}ms${REF_MS === MOVE_MS ? '' : `-against-${REF_MS}ms`}${flags.without ? `-without-${flags.without}` : ''}${FIRST_OPENING === 7000 ? '' : `-from-${FIRST_OPENING}`}.jsonl`,
  );
// The ref's tree stays after the run, for a rerun or another shard: `git worktree remove` it when done.
const tree = join(tmpdir(), `tafl-ai-${commit}`);
if (!existsSync(tree)) {
  try {
    execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root, stdio: 'ignore' });
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  } catch (error) {
    // Another shard, started at the same moment, made it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (!existsSync(join(tree, 'node_modules'))) throw error;
  }
}
const baseline = (await import(
  pathToFileURL(join(tree, 'src/ai/index.ts')).href
)) as typeof import('../src/ai/index.ts');

interface Played {
  variant: string;
  opening: number;
  side: Side;
  /** The working tree's score: 1, ½ or 0. */
  score: number;
  plies: number;
  reason: string;
  /** Every move of the game in notation, the opening's included, to replay or study it. */
  moves: string[];
}

/** One game from a seeded random opening, the working tree's AI playing `currentSide`. */
function play(variant: VariantId, currentSide: Side, opening: number): Played {
  const game = new Game(variant);
  const random = seededRandom(FIRST_OPENING + opening);
  for (let i = 0; i < OPENING_PLIES && !game.isGameOver(); i++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  while (!game.isGameOver() && game.plyCount < CAP) {
    const move =
      game.turn === currentSide
        ? chooseMove(game, 'normal', { timeMs: MOVE_MS, parts })
        : baseline.chooseMove(game, 'normal', { timeMs: REF_MS });
    game.play(move.notation);
  }
  const winner = game.result?.winner;
  const score = winner === currentSide ? 1 : winner ? 0 : 0.5;
  return {
    variant,
    opening,
    side: currentSide,
    score,
    plies: game.plyCount,
    reason: game.result?.reason ?? 'cap',
    moves: game.history().map((move) => move.notation),
  };
}

function readResults(): Played[] {
  if (!existsSync(resultsFile)) return [];
  return readFileSync(resultsFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Played);
}

const done = new Set(readResults().map((game) => `${game.variant} ${game.opening} ${game.side}`));
console.log(
  `working tree against ${ref} (${commit}): ${GAMES} games a variant, ${MOVE_MS} ms a move (${REF_MS} ms for the ref), shard ${shard}/${shards}, results in ${resultsFile} (${done.size} already played)`,
);
for (let opening = 0; opening < GAMES / 2; opening++) {
  if (opening % shards !== shard - 1) continue;
  for (const variant of variants) {
    for (const side of ['attackers', 'defenders'] as const) {
      if (done.has(`${variant} ${opening} ${side}`)) continue;
      const game = play(variant as VariantId, side, opening);
      appendFileSync(resultsFile, `${JSON.stringify(game)}\n`);
      console.log(
        `  ${variant} opening ${opening} as ${side}: ${game.score} (${game.reason}, ${game.plies} plies)`,
      );
    }
  }
}

console.log(`working tree against ${commit}, ${MOVE_MS} ms a move:`);
for (const variant of variants) {
  const games = readResults().filter((game) => game.variant === variant);
  const score = games.reduce((sum, game) => sum + game.score, 0);
  const share = games.length === 0 ? 0 : (100 * score) / games.length;
  const sides = (['attackers', 'defenders'] as const).map((side) => {
    const own = games.filter((game) => game.side === side);
    return `${own.reduce((sum, game) => sum + game.score, 0)}/${own.length} as ${side}`;
  });
  console.log(`  ${variant}: ${score} of ${games.length} = ${share.toFixed(1)}% (${sides.join(', ')})`);
}
process.exit(0);
