/** Render benchmarks: render plus PNG encode, p50/p99, and the PNG size. */
import { type BoardSnapshot, Game, type VariantId } from '../src/engine/index.ts';
import { renderBoard } from '../src/render/index.ts';
import { forgetKeptBands } from '../src/render/png.ts';
import { midgame, seededRandom } from './sample-games.ts';
import { summary } from './stats.ts';

const players = { attackers: 'Ragnar Lodbrok', defenders: 'Æthelflæd of Mercia' };

/** A picture drawn from nothing: no band kept from an earlier picture (sprites and fonts are warm). */
async function time(label: string, game: Game, iterations: number): Promise<void> {
  const snapshot = game.snapshot();
  for (let i = 0; i < 100; i++) await renderBoard(snapshot, players);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    forgetKeptBands();
    const started = performance.now();
    const png = await renderBoard(snapshot, players);
    samples.push(performance.now() - started);
    bytes = png.length;
  }
  console.log(`  ${label}: ${summary(samples)}, ${(bytes / 1024).toFixed(0)} KB`);
}

/** Every position of a game played by seeded random moves, in order. */
function playedGame(variant: VariantId, plies: number, seed: number): BoardSnapshot[] {
  const random = seededRandom(seed);
  const game = new Game(variant);
  const positions = [game.snapshot()];
  while (positions.length <= plies && !game.isGameOver()) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
    positions.push(game.snapshot());
  }
  return positions;
}

/** What the bot does: one picture after each move of a game, in order. */
async function timeGame(label: string, variant: VariantId, games: number): Promise<void> {
  for (let i = 0; i < 50; i++) await renderBoard(new Game(variant).snapshot(), players);
  const samples: number[] = [];
  let bytes = 0;
  for (let seed = 1; seed <= games; seed++) {
    for (const snapshot of playedGame(variant, 100, seed)) {
      const started = performance.now();
      const png = await renderBoard(snapshot, players);
      samples.push(performance.now() - started);
      bytes += png.length;
    }
  }
  console.log(`  ${label}: ${summary(samples)}, ${(bytes / samples.length / 1024).toFixed(0)} KB on average`);
}

export async function benchRender(): Promise<void> {
  console.log('render (render + PNG encode), every band drawn');
  await time('19x19 start (alea-armed)', new Game('alea-armed'), 300);
  await time('19x19 midgame (alea-guards, 60 plies)', midgame('alea-guards', 60, 11), 300);
  await time('11x11 start (fetlar)', new Game('fetlar'), 300);
  await time('9x9 start (tablut)', new Game('tablut'), 300);
  await time('7x7 start (brandubh)', new Game('brandubh'), 300);
  console.log('render as the bot does, one picture after each move (bands kept from earlier pictures)');
  await timeGame("a game's consecutive pictures, 19x19 (alea-guards)", 'alea-guards', 3);
  await timeGame("a game's consecutive pictures, 11x11 (fetlar)", 'fetlar', 3);
  await timeGame("a game's consecutive pictures, 11x11 (copenhagen)", 'copenhagen', 3);
  await timeGame("a game's consecutive pictures, 9x9 (tablut)", 'tablut', 3);
  await timeGame("a game's consecutive pictures, 7x7 (brandubh)", 'brandubh', 3);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRender();
