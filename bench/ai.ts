/**
 * `npm run bench:ai`: the AI against a random player and a greedy one-ply capturer, paired colours
 * (each pairing plays both sides with the same seeds), a 300-ply cap counted as a draw; then the
 * depth the search reaches in one second from the start, and the bot's event-loop delay while the
 * AI thinks in its worker. `--games N` or AI_BENCH_GAMES (per side, default 4) and `--ms N` or
 * AI_BENCH_MS (per AI move, default 50) size the run: the full run (200 games a pairing at
 * 1 s a move) takes hours. `--variant fetlar` and `--opponent greedy` play only those pairings;
 * `--depth-only` skips the games. `--level easy` plays the games at that level (default normal).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chooseMove, LEVELS, type Level } from '../src/ai/index.ts';
import { AiPlayer } from '../src/ai/player.ts';
import { search } from '../src/ai/search.ts';
import { positionOf } from '../src/engine/core.ts';
import { Game, type Side, type VariantId } from '../src/engine/index.ts';
import { count } from './flags.ts';
import { seededRandom } from './sample-games.ts';

const { values: flags } = parseArgs({
  options: {
    games: { type: 'string' },
    ms: { type: 'string' },
    variant: { type: 'string' },
    opponent: { type: 'string' },
    'depth-only': { type: 'boolean' },
    level: { type: 'string' },
  },
});
const GAMES = count('games', flags.games ?? process.env.AI_BENCH_GAMES ?? '4');
const LEVEL = (flags.level ?? 'normal') as Level;
if (!(LEVEL in LEVELS)) throw new Error('--level is easy, normal or hard');
// A level asked for plays at its own time unless --ms says otherwise.
const MOVE_MS = count(
  'ms',
  flags.ms ?? process.env.AI_BENCH_MS ?? (flags.level ? String(LEVELS[LEVEL].timeMs) : '50'),
);
const CAP = 300;

type Opponent = (game: Game, random: () => number) => string;

const randomPlayer: Opponent = (game, random) => {
  const moves = game.legalMoves();
  return moves[Math.floor(random() * moves.length)].notation;
};

/** Wins at once when it can, else captures the most, else plays at random. */
const greedyPlayer: Opponent = (game, random) => {
  let best: string[] = [];
  let bestScore = -1;
  for (const move of game.legalMoves()) {
    const played = game.play(move);
    const score = game.result?.winner === played.side ? 1000 : played.captured.length;
    game.undo();
    if (score > bestScore) {
      bestScore = score;
      best = [move.notation];
    } else if (score === bestScore) best.push(move.notation);
  }
  return best[Math.floor(random() * best.length)];
};

function play(variant: VariantId, aiSide: Side, opponent: Opponent, seed: number): 'win' | 'loss' | 'draw' {
  const game = new Game(variant);
  const random = seededRandom(seed);
  while (!game.isGameOver() && game.plyCount < CAP) {
    const move =
      game.turn === aiSide ? chooseMove(game, LEVEL, { timeMs: MOVE_MS }).notation : opponent(game, random);
    game.play(move);
  }
  const winner = game.result?.winner;
  return winner === aiSide ? 'win' : winner ? 'loss' : 'draw';
}

console.log(`ai (${LEVEL}): ${GAMES} games a side per pairing, ${MOVE_MS} ms a move, ${CAP}-ply cap`);
const variants = (['fetlar', 'alea-armed', 'copenhagen', 'brandubh', 'tablut'] as const).filter(
  (variant) => (flags.variant ?? variant) === variant,
);
const opponents = (
  [
    ['random', randomPlayer],
    ['greedy', greedyPlayer],
  ] as const
).filter(([name]) => (flags.opponent ?? name) === name);
if (variants.length === 0 || opponents.length === 0)
  throw new Error(
    '--variant is fetlar, alea-armed, copenhagen, brandubh or tablut; --opponent is random or greedy',
  );
for (const variant of flags['depth-only'] ? [] : variants) {
  for (const [name, opponent] of opponents) {
    for (const side of ['attackers', 'defenders'] as const) {
      const tally = { win: 0, loss: 0, draw: 0 };
      for (let i = 0; i < GAMES; i++) tally[play(variant, side, opponent, 1000 + i)]++;
      console.log(
        `  ${variant}, AI as ${side} against ${name}: ${tally.win} won, ${tally.loss} lost, ${tally.draw} drawn (${((100 * tally.win) / GAMES).toFixed(0)}%)`,
      );
    }
  }
}

for (const variant of ['fetlar', 'alea-armed', 'alea-guards', 'copenhagen', 'brandubh', 'tablut'] as const) {
  if (flags.variant && flags.variant !== variant) continue;
  const started = performance.now();
  const move = chooseMove(new Game(variant), 'normal', { timeMs: 1000 });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  depth in 1 s from the start, ${variant}: ${move.depth} plies (${move.nodes.toLocaleString('en-US')} nodes, ${Math.round(move.nodes / seconds).toLocaleString('en-US')} a second, ${seconds.toFixed(2)} s)`,
  );
}

/**
 * The same on a shared machine, where a second of the clock may hold a tenth of a second of
 * thinking: the deepest iteration a search from the start finishes within 1 s of CPU time,
 * searching to depth 1, 2, ... afresh each time (as iterative deepening does).
 */
for (const variant of ['fetlar', 'alea-armed', 'alea-guards', 'copenhagen', 'brandubh', 'tablut'] as const) {
  if (flags.variant && flags.variant !== variant) continue;
  let reached = { depth: 0, nodes: 0, cpuMs: 0 };
  for (let depth = 1; depth < 40; depth++) {
    const before = process.cpuUsage();
    const found = search(positionOf(new Game(variant)), { timeMs: 120_000, maxDepth: depth });
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    if (cpuMs > 1000 || found.depth < depth) break;
    reached = { depth, nodes: found.nodes, cpuMs };
  }
  console.log(
    `  depth in 1 s of CPU from the start, ${variant}: ${reached.depth} plies (${reached.nodes.toLocaleString('en-US')} nodes in ${reached.cpuMs.toFixed(0)} ms of CPU, ${Math.round(reached.nodes / (reached.cpuMs / 1000)).toLocaleString('en-US')} a CPU second)`,
  );
}

// The AI's worker is unref'd, as the bot wants it: without a timer of its own, this script would
// have nothing keeping it alive while it waits on the worker, and would end there silently.
const keepAlive = setInterval(() => {}, 1000);
const ai = new AiPlayer();
await ai.warm();
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
await ai.think(new Game('alea-armed'), 'normal');
delay.disable();
console.log(
  `  event-loop delay while the AI thinks 1 s in its worker: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
);
await ai.close();
clearInterval(keepAlive);
process.exit(0);
