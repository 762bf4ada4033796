/** Reproducible games for the benchmarks and the gallery: a seeded random source, and midgames reached by fixed moves. */
import { Game, type VariantId } from '../src/engine/index.ts';

/** A small seeded generator (mulberry32), so that every run plays the same games. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The game after `plies` moves chosen by a fixed rule from `seed`: the same midgame every run. */
export function midgame(variant: VariantId, plies: number, seed: number): Game {
  const game = new Game(variant);
  let state = seed;
  for (let i = 0; i < plies && !game.isGameOver(); i++) {
    const moves = game.legalMoves();
    state = (state * 1103515245 + 12345) % 2147483648;
    game.play(moves[state % moves.length]);
  }
  return game;
}
