/**
 * Where puzzles come from: the AI plays itself, and every position of its games is searched for
 * a puzzle (analyse.ts). The AI searches to a fixed depth, never against the clock, and its noise
 * comes from a seeded generator: the same seed and budgets give the same puzzles on any machine
 * (with the same AI and rules).
 */

import { search } from '../ai/search.ts';
import { seededRandom } from '../core/seeded-random.ts';
import { Position, positionOf, squareName } from '../engine/core.ts';
import { Game, type VariantId } from '../engine/index.ts';
import { analyse, MATERIAL_PIECES, type Theme } from './analyse.ts';
import { MAX_SOLVER_MOVES } from './prove.ts';
import type { ProvenPuzzle } from './puzzle-file.ts';

export interface GeneratorOptions {
  variant: VariantId;
  seed: number;
  /** How many puzzles to find. */
  wanted: number;
  /** The most positions the search may make for one position (past it the position is skipped). */
  maxNodes: number;
  /** Plies the AI searches for each of its moves. */
  aiDepth: number;
  /** 0..1: the AI's noise, so that its games differ. */
  randomness: number;
  /** A game longer than this is left unfinished. */
  maxPlies: number;
  /** At most this share of the puzzles are of the material kind. */
  materialShare: number;
  /** The most solver moves a material puzzle may take (the search for them is the costliest). */
  materialDepth: number;
  /** At most this share of the puzzles take one move. */
  oneMoveShare: number;
  /** At most this share of the puzzles are of one kind (theme and depth), so that the set varies. */
  kindShare: number;
  /** At most this share of the puzzles are of one theme (1 when not given). */
  themeShare?: number;
  /**
   * Search only the plies that promise a puzzle (the last moves before the game was won, the moves
   * before material changed hands), not every ply: for large boards, where a search costs most.
   */
  focused: boolean;
  /** Told of each puzzle as it is found. */
  onPuzzle?: (puzzle: GeneratedPuzzle, progress: GeneratorStats) => void;
  /** Told after each game. */
  onGame?: (progress: GeneratorStats) => void;
}

export interface GeneratedPuzzle extends ProvenPuzzle {
  /** Which game (from 0) and ply it was found at. */
  game: number;
  ply: number;
}

export interface GeneratorStats {
  games: number;
  positions: number;
  found: number;
  /** Why the other positions were no puzzle, by reason. */
  rejected: Record<string, number>;
  /** Milliseconds spent searching for puzzles, and playing the AI's moves. */
  searchMs: number;
  playMs: number;
}

export function generatePuzzles(options: GeneratorOptions): {
  puzzles: GeneratedPuzzle[];
  stats: GeneratorStats;
} {
  const random = seededRandom(options.seed);
  const puzzles: GeneratedPuzzle[] = [];
  const seen = new Set<string>();
  const stats: GeneratorStats = { games: 0, positions: 0, found: 0, rejected: {}, searchMs: 0, playMs: 0 };
  const materialLimit = Math.floor(options.wanted * options.materialShare);
  const oneMoveLimit = Math.floor(options.wanted * options.oneMoveShare);
  const kindLimit = Math.max(1, Math.floor(options.wanted * options.kindShare));
  const kinds = new Map<string, number>();
  const themeLimit = Math.max(1, Math.floor(options.wanted * (options.themeShare ?? 1)));
  const themes = new Map<Theme, number>();
  const kindOf = (puzzle: { theme: Theme; depth: number }) => `${puzzle.theme} ${puzzle.depth}`;
  let material = 0;
  let oneMove = 0;
  while (puzzles.length < options.wanted) {
    const started = performance.now();
    const game = selfPlay(options, random);
    stats.playMs += performance.now() - started;
    const history = game.history();
    const replay = new Game(options.variant);
    const rules = positionOf(replay).rules;
    const name = (move: number) => `${squareName(rules, move & 511)}-${squareName(rules, move >>> 9)}`;
    const candidates = options.focused ? focusedPlies(game, options.materialDepth) : null;
    /** Plies to pass over: a puzzle's own line, whose later positions are only its tail. */
    let skip = 0;
    for (let ply = 0; ply < history.length && puzzles.length < options.wanted; ply++) {
      const key = `${replay.position()} ${replay.turn}`;
      if (skip > 0) skip--;
      else if ((!candidates || candidates.has(ply)) && !seen.has(key)) {
        seen.add(key);
        stats.positions++;
        const played = positionOf(replay);
        const fresh = new Position(rules, new Int8Array(played.cells), played.sideToMove);
        const searching = performance.now();
        const found = analyse(fresh, {
          maxNodes: options.maxNodes,
          materialDepth: material < materialLimit ? options.materialDepth : 0,
        });
        stats.searchMs += performance.now() - searching;
        const full =
          found.ok &&
          ((found.puzzle.depth === 1 && oneMove >= oneMoveLimit) ||
            (kinds.get(kindOf(found.puzzle)) ?? 0) >= kindLimit ||
            (themes.get(found.puzzle.theme) ?? 0) >= themeLimit);
        if (full) {
          stats.rejected.quota = (stats.rejected.quota ?? 0) + 1;
        } else if (found.ok) {
          const { theme, depth, line, nodes } = found.puzzle;
          if (theme === 'material') material++;
          if (depth === 1) oneMove++;
          kinds.set(kindOf(found.puzzle), (kinds.get(kindOf(found.puzzle)) ?? 0) + 1);
          themes.set(theme, (themes.get(theme) ?? 0) + 1);
          skip = line.length - 1;
          const puzzle: GeneratedPuzzle = {
            position: replay.position(),
            sideToMove: replay.turn,
            theme,
            depth,
            line: line.map(name),
            nodes,
            game: stats.games,
            ply,
          };
          puzzles.push(puzzle);
          stats.found++;
          options.onPuzzle?.(puzzle, stats);
        } else stats.rejected[found.why] = (stats.rejected[found.why] ?? 0) + 1;
      }
      replay.play(history[ply].notation.split('x')[0]);
    }
    stats.games++;
    options.onGame?.(stats);
  }
  return { puzzles, stats };
}

/** One game of the AI against itself, to its end or `maxPlies`. */
function selfPlay(options: GeneratorOptions, random: () => number): Game {
  const game = new Game(options.variant);
  const rules = positionOf(game).rules;
  const position = positionOf(game);
  for (let ply = 0; ply < options.maxPlies && !game.isGameOver(); ply++) {
    const move = search(position, {
      timeMs: Number.MAX_SAFE_INTEGER,
      maxDepth: options.aiDepth,
      randomness: options.randomness,
      random,
    }).move;
    game.play(`${squareName(rules, move & 511)}-${squareName(rules, move >>> 9)}`);
    position.make(move);
  }
  return game;
}

/** The ends a puzzle can lead to: the king out (or in an exit fort), the king taken (or the defenders enclosed). */
const WON_BY_PLAY = new Set(['king-escaped', 'exit-fort', 'king-captured', 'enclosed']);

/**
 * The plies worth a search on a large board, where searching every one costs too much: the last
 * six moves of the winner before the king escaped or was taken (an exit fort and an enclosure
 * count), and the moves from which the side to move came out two pieces or more ahead within its
 * next `materialDepth` moves.
 */
function focusedPlies(game: Game, materialDepth: number): Set<number> {
  const history = game.history();
  const plies = new Set<number>();
  const winner = game.result?.winner;
  if (winner && WON_BY_PLAY.has(game.result?.reason ?? '')) {
    for (let ply = Math.max(0, history.length - 4 * MAX_SOLVER_MOVES); ply < history.length; ply++)
      if (history[ply].side === winner) plies.add(ply);
  }
  for (let ply = 0; ply < history.length; ply++) {
    const side = history[ply].side;
    let net = 0;
    for (let k = ply; k < Math.min(history.length, ply + materialDepth * 2); k++)
      net += (history[k].side === side ? 1 : -1) * history[k].captured.length;
    if (net >= MATERIAL_PIECES) plies.add(ply);
  }
  return plies;
}
