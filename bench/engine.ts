/** Engine benchmarks: perft leaves per second and random playouts per second. */
import { judge, moveBufferSize, perft, startingPosition } from '../src/engine/core.ts';
import { Game, type VariantId, variantIds } from '../src/engine/index.ts';
import { seededRandom } from './sample-games.ts';

const MAX_PLIES = 1000;

function benchPerft(variant: VariantId, depth: number): void {
  perft(startingPosition(variant), depth - 1); // warm-up
  const started = performance.now();
  const leaves = perft(startingPosition(variant), depth);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  perft ${variant} depth ${depth}: ${leaves.toLocaleString('en-US')} leaves in ${seconds.toFixed(2)} s = ${(leaves / seconds / 1e6).toFixed(1)} M leaves/s`,
  );
}

/** Random games on the fast core (what a search uses), for `seconds`. */
function benchCorePlayouts(variant: VariantId, seconds: number): void {
  const next = seededRandom(1);
  const start = startingPosition(variant);
  const moves = new Int32Array(moveBufferSize(start.rules));
  let games = 0;
  let plies = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < deadline) {
    const position = startingPosition(variant);
    for (let ply = 0; ply < MAX_PLIES && judge(position) === null; ply++) {
      const n = position.generateMoves(moves);
      position.make(moves[Math.floor(next() * n)]);
      plies++;
    }
    games++;
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `  random playouts ${variant} (core): ${(games / elapsed).toFixed(0)} games/s, ${(plies / games).toFixed(0)} plies/game, ${(plies / elapsed / 1e6).toFixed(2)} M plies/s`,
  );
}

/** Random games through the public Game API (what the bot uses), for `seconds`. */
function benchGamePlayouts(variant: VariantId, seconds: number): void {
  const next = seededRandom(2);
  let games = 0;
  let plies = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < deadline) {
    const game = new Game(variant);
    for (let ply = 0; ply < MAX_PLIES && !game.isGameOver(); ply++) {
      const legal = game.legalMoves();
      game.play(legal[Math.floor(next() * legal.length)]);
      plies++;
    }
    games++;
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `  random playouts ${variant} (Game API): ${(games / elapsed).toFixed(1)} games/s, ${(plies / elapsed).toFixed(0)} plies/s`,
  );
}

export async function benchEngine(): Promise<void> {
  console.log('engine');
  benchPerft('fetlar', 4);
  benchPerft('alea-guards', 3);
  benchPerft('copenhagen', 4);
  benchPerft('brandubh', 5);
  benchPerft('tablut', 4);
  for (const variant of variantIds) benchCorePlayouts(variant, 2);
  for (const variant of variantIds) benchGamePlayouts(variant, 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEngine();
