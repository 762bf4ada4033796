/** Render benchmarks: render plus PNG encode, p50/p99, and the PNG size. */
import { Game } from '../src/engine/index.ts';
import { renderBoard } from '../src/render/index.ts';
import { midgame } from './sample-games.ts';
import { summary } from './stats.ts';

async function time(label: string, game: Game, iterations: number): Promise<void> {
  const snapshot = game.snapshot();
  const players = { attackers: 'Ragnar Lodbrok', defenders: 'Æthelflæd of Mercia' };
  for (let i = 0; i < 100; i++) await renderBoard(snapshot, players);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const png = await renderBoard(snapshot, players);
    samples.push(performance.now() - started);
    bytes = png.length;
  }
  console.log(`  ${label}: ${summary(samples)}, ${(bytes / 1024).toFixed(0)} KB`);
}

export async function benchRender(): Promise<void> {
  console.log('render (render + PNG encode)');
  await time('19x19 start (alea-armed)', new Game('alea-armed'), 300);
  await time('19x19 midgame (alea-guards, 60 plies)', midgame('alea-guards', 60, 11), 300);
  await time('11x11 start (fetlar)', new Game('fetlar'), 300);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRender();
