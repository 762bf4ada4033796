/**
 * Replay benchmarks: /replay's animated GIF of whole games of 60, 150 and 300 plies on 11x11 and
 * 19x19, built as the bot builds them (in its drawing thread), its time and size, and the delay of
 * the bot's own event loop meanwhile.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DrawingThread } from '../src/bot/jobs/drawing-thread.ts';
import { Game, serializeGame, type VariantId } from '../src/engine/index.ts';
import type { ReplayJob } from '../src/replay/build.ts';
import { seededRandom } from './sample-games.ts';
import { percentile } from './stats.ts';

const players = { attackers: 'Ragnar Lodbrok', defenders: 'Æthelflæd of Mercia' };
const RUNS = 3;

/** A game of exactly `plies` random moves: a move that would end it is taken back and another tried. */
export function gameOf(variant: VariantId, plies: number, seed: number): Game {
  const random = seededRandom(seed);
  const game = new Game(variant);
  while (game.plyCount < plies) {
    const moves = game.legalMoves();
    if (moves.length === 0) throw new Error(`${variant}: no move after ${game.plyCount} plies`);
    for (let tries = 0; ; tries++) {
      game.play(moves[Math.floor(random() * moves.length)]);
      if (!game.isGameOver() || tries === 20) break;
      game.undo();
    }
    if (game.isGameOver() && game.plyCount < plies) throw new Error(`${variant}: the game ended early`);
  }
  return game;
}

export async function benchReplay(): Promise<void> {
  console.log(
    `replay (/replay's GIF, built in its worker; median of ${RUNS} builds, the event loop meanwhile)`,
  );
  const drawings = new DrawingThread();
  let started = performance.now();
  await drawings.warm();
  console.log(`  worker start: ${(performance.now() - started).toFixed(0)} ms`);
  const jobs = (['fetlar', 'alea-guards'] as const).flatMap((variant) =>
    [60, 150, 300].map((plies): ReplayJob & { variant: string; plies: number } => ({
      variant,
      plies,
      record: serializeGame(gameOf(variant, plies, plies)),
      players,
      language: 'en',
      request: { speed: 'normal' },
      aborted: false,
    })),
  );
  // Once each first, for the worker's compiler; then measured, the bot's thread doing nothing else.
  for (const job of jobs) await drawings.replay(job);
  // The same thread with no replay under way, for comparison: what the machine alone costs it.
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  idle.disable();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (const { variant, plies, ...job } of jobs) {
    const times: number[] = [];
    let replay = await drawings.replay(job);
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      replay = await drawings.replay(job);
      times.push(performance.now() - started);
    }
    const size =
      replay.every > 1 || replay.scale < 1 ? `, scale ${replay.scale}, one in ${replay.every}` : '';
    console.log(
      `  ${variant} (${replay.width}x${replay.height}), ${plies} plies: ${(percentile(times, 50) / 1000).toFixed(2)} s` +
        ` (${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)}),` +
        ` ${(replay.gif.length / 1e6).toFixed(2)} MB, ${replay.frames} frames${size}`,
    );
  }
  delay.disable();
  console.log(
    `  event-loop delay while replays are built: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms` +
      ` (3 s with none: p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms, max ${(idle.max / 1e6).toFixed(1)} ms)`,
  );
  await drawings.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReplay();
