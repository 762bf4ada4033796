/**
 * `npx tsx scripts/measure-accuracy.ts [--games 4] [--variant brandubh]`: the AI plays itself at a
 * fixed depth from a few random opening moves (seeded), and reviews each game at that depth, as
 * /analyze would with the shipped winning-chance curve: its accuracy, and how many of its own
 * moves the review would flag at 5, 10, 20 and 30 points of winning chance given away. What
 * grades the AI gives its own play is what the thresholds in src/analysis/accuracy.ts are set by.
 */
import { parseArgs } from 'node:util';
import { search } from '../src/ai/search.ts';
import { type Look, reviewGame } from '../src/analysis/review.ts';
import { seededRandom } from '../src/core/seeded-random.ts';
import { positionOf, rulesFor, squareName } from '../src/engine/core.ts';
import { Game, type VariantId } from '../src/engine/index.ts';

const { values: flags } = parseArgs({
  options: {
    games: { type: 'string', default: '4' },
    variant: { type: 'string', multiple: true },
    seed: { type: 'string', default: '1' },
  },
});

const DEPTHS: Partial<Record<VariantId, number>> = { brandubh: 5, tablut: 4, fetlar: 3, copenhagen: 3 };
const variants = (flags.variant ?? Object.keys(DEPTHS)) as VariantId[];
const games = Number(flags.games);
const OPENING_PLIES = 4;
const CAP = 120;

function lookAt(game: Game, depth: number): Look {
  const found = search(positionOf(game), { timeMs: 1e12, maxDepth: depth });
  const rules = rulesFor(game.variant);
  return {
    best: `${squareName(rules, found.move & 511)}-${squareName(rules, found.move >>> 9)}`,
    score: found.score,
  };
}

for (const variant of variants) {
  const depth = DEPTHS[variant] ?? 3;
  const random = seededRandom(Number(flags.seed));
  const accuracies: number[] = [];
  const flagged = { 5: 0, 10: 0, 20: 0, 30: 0 };
  let moves = 0;
  for (let n = 0; n < games; n++) {
    const game = new Game(variant);
    while (!game.isGameOver() && game.history().length < CAP) {
      if (game.history().length < OPENING_PLIES) {
        const legal = game.legalMoves();
        game.play(legal[Math.floor(random() * legal.length)]);
      } else game.play(lookAt(game, depth).best);
    }
    const reviewed = await reviewGame(game, async (position) => lookAt(position, depth), {
      msPerPosition: 0,
    });
    // The opening's random moves are not the AI's: only its own count.
    for (const move of reviewed.moves.slice(OPENING_PLIES)) {
      moves++;
      for (const at of [5, 10, 20, 30] as const) if ((move.chanceLost ?? 0) >= at) flagged[at]++;
    }
    for (const side of ['attackers', 'defenders'] as const) {
      const accuracy = reviewed.accuracy?.[side]?.accuracy;
      if (accuracy !== undefined) accuracies.push(accuracy);
    }
  }
  const mean = accuracies.reduce((sum, value) => sum + value, 0) / accuracies.length;
  console.log(
    `${variant} (depth ${depth}, ${games} games, ${moves} moves of the AI): accuracy mean ${mean.toFixed(1)}, ` +
      `lowest ${Math.min(...accuracies).toFixed(1)}; moves giving away ≥5 points: ${flagged[5]}, ≥10: ${flagged[10]}, ` +
      `≥20: ${flagged[20]}, ≥30: ${flagged[30]}`,
  );
}
