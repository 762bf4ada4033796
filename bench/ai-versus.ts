/**
 * `npm run bench:ai-versus -- [git-ref]`: the AI in the working tree against the AI at a git ref
 * (default HEAD), over paired games (each opening played with both colours), to check that a
 * change to the AI makes it stronger before it lands: the issue asks for at least 55% over 400
 * games. `--games N` or AI_VERSUS_GAMES (default 400) and `--ms N` or AI_VERSUS_MS (per move,
 * default 100) size the run: `npm run bench:ai-versus -- HEAD --ms 1000 --games 100`. `--variant
 * brandubh` (repeatable) plays only those variants, e.g. to judge one family's learned evaluation;
 * `--openings 8000` starts from other openings than the default run's (seeds 7000 on).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chooseMove } from '../src/ai/index.ts';
import { Game, isVariantId, type Side, type VariantId } from '../src/engine/index.ts';
import { count } from './flags.ts';
import { seededRandom } from './sample-games.ts';

const { values: flags, positionals } = parseArgs({
  options: {
    games: { type: 'string' },
    ms: { type: 'string' },
    variant: { type: 'string', multiple: true },
    openings: { type: 'string' },
  },
  allowPositionals: true,
});
const ref = positionals[0] ?? 'HEAD';
const GAMES = count('games', flags.games ?? process.env.AI_VERSUS_GAMES ?? '400');
const MOVE_MS = count('ms', flags.ms ?? process.env.AI_VERSUS_MS ?? '100');
const families = (flags.variant ?? ['fetlar', 'alea-armed']) as VariantId[];
for (const variant of families)
  if (!isVariantId(variant)) throw new Error(`--variant: no variant ${variant}`);
const OPENING_PLIES = 4;
/** The first opening's seed: another run's openings differ from these. */
const FIRST_OPENING = count('openings', flags.openings ?? '7000');
const CAP = 300;

console.log(`working tree against ${ref}: ${GAMES} games, ${MOVE_MS} ms a move`);
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8', cwd: root }).trim();
const tree = join(tmpdir(), `tafl-ai-${commit}`);
if (!existsSync(tree)) {
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
}
const baseline = (await import(
  pathToFileURL(join(tree, 'src/ai/index.ts')).href
)) as typeof import('../src/ai/index.ts');

/** One game from a seeded random opening; returns the score of the working tree's AI (1, ½ or 0). */
function play(variant: VariantId, currentSide: Side, seed: number): number {
  const game = new Game(variant);
  const random = seededRandom(seed);
  for (let i = 0; i < OPENING_PLIES && !game.isGameOver(); i++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  while (!game.isGameOver() && game.plyCount < CAP) {
    const think = game.turn === currentSide ? chooseMove : baseline.chooseMove;
    game.play(think(game, 'normal', { timeMs: MOVE_MS }).notation);
  }
  const winner = game.result?.winner;
  return winner === currentSide ? 1 : winner ? 0 : 0.5;
}

let score = 0;
let played = 0;
for (let pair = 0; played < GAMES; pair++) {
  const variant = families[pair % families.length];
  for (const side of ['attackers', 'defenders'] as const) {
    score += play(variant, side, FIRST_OPENING + pair);
    played++;
  }
  if (played % 20 === 0) console.log(`  after ${played} games: ${((100 * score) / played).toFixed(1)}%`);
}
const share = (100 * score) / played;
console.log(
  `working tree against ${commit}, ${MOVE_MS} ms a move: ${score} of ${played} = ${share.toFixed(1)}% (${share >= 55 ? 'stronger: may land' : 'not shown stronger'})`,
);
execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
process.exit(0);
