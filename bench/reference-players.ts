/**
 * The fixed reference players the AI's levels are rated against (bench/level-ratings.ts): a random
 * mover and a greedy one that looks one move ahead. Neither uses the AI, so a change to the AI
 * leaves them as they were and the scale they hold stays put.
 */
import type { Game } from '../src/engine/index.ts';

/** A reference player: its move in notation, choosing by the game's seeded `random`. */
export type ReferencePlayer = (game: Game, random: () => number) => string;

export const randomPlayer: ReferencePlayer = (game, random) => {
  const moves = game.legalMoves();
  return moves[Math.floor(random() * moves.length)].notation;
};

/**
 * Wins at once when it can; else takes the most pieces; the attackers do not leave the king a way
 * out next move, the defenders do not leave him open to capture and like giving him one. Ties at
 * random. The king's prospects are what the board picture flags (Game.threats), one move ahead.
 */
export const greedyPlayer: ReferencePlayer = (game, random) => {
  let best: string[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const move of game.legalMoves()) {
    const played = game.play(move);
    let score: number;
    if (game.result) score = game.result.winner === played.side ? 1000 : game.result.winner ? -1000 : 0;
    else {
      const { kingCanEscape, kingCanBeCaptured } = game.threats();
      score = 10 * played.captured.length;
      if (played.side === 'attackers' && kingCanEscape) score -= 100;
      if (played.side === 'defenders' && kingCanBeCaptured) score -= 100;
      if (played.side === 'defenders' && kingCanEscape) score += 5;
    }
    game.undo();
    if (score > bestScore) {
      bestScore = score;
      best = [move.notation];
    } else if (score === bestScore) best.push(move.notation);
  }
  return best[Math.floor(random() * best.length)];
};
