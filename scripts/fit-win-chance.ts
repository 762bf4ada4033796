/**
 * `npm run fit:win-chance -- [--seed N] [--family 7x7]`: fits the winning-chance curve of each
 * variant family (how /analyze turns the AI's score into a chance to win) to the results of
 * self-play games, writing data/win-chance.json. The games are those of `npm run train:eval`
 * (kept in .cache/eval-training/, played here if missing, so a stopped run resumes); 19x19 plays
 * its own at depth 1, its depth-2 games taking a minute each. The same seed gives the same file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAMILIES, type Family } from '../src/ai/features.ts';
import { scoresFingerprint } from '../src/ai/training/fingerprint.ts';
import { playGames, readGames, TRAINING_VARIANT } from '../src/ai/training/games-file.ts';
import { SELF_PLAY } from '../src/ai/training/self-play.ts';
import { fitCurve, logLoss, scorePositions, WIN_CHANCE_PLAN } from '../src/ai/training/win-chance-fit.ts';
import { type FamilyCurve, WIN_CHANCE_FILE, type WinChanceFile } from '../src/analysis/win-chance.ts';

const { values: flags } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    family: { type: 'string', multiple: true },
  },
});
const seed = Number(flags.seed);
if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed wants a whole number, not ${flags.seed}`);
const families = (flags.family ?? [...FAMILIES]) as Family[];
for (const family of families) {
  if (!FAMILIES.includes(family)) throw new Error(`--family is one of ${FAMILIES.join(', ')}, not ${family}`);
}

const fitted: Partial<Record<Family, FamilyCurve>> = {};
for (const family of families) {
  const plan = WIN_CHANCE_PLAN[family];
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  const own = plan.selfPlay !== SELF_PLAY;
  const path = own
    ? `.cache/win-chance/seed-${seed}/${family}-depth-${plan.selfPlay.depth}.jsonl`
    : `.cache/eval-training/seed-${seed}/${family}.jsonl`;
  // train:eval's games are kept as they are (it may have played more); game n is the same game for both.
  const kept = readGames(path);
  const games =
    kept.length >= plan.games
      ? kept.slice(0, plan.games)
      : playGames(path, family, seed, plan.games, plan.selfPlay, (played) => {
          if (played % 20 === 0) console.log(`${family}: ${played} of ${plan.games} games, ${seconds()} s`);
        });
  const scored = scorePositions(TRAINING_VARIANT[family], games, {
    depth: plan.depth,
    most: plan.positions,
    seed,
  });
  const { scale, offset, logLoss: loss } = fitCurve(scored);
  fitted[family] = {
    scale: Number(scale.toPrecision(4)),
    offset: Number(offset.toPrecision(4)),
    games: games.length,
    positions: scored.length,
    depth: plan.depth,
    logLoss: Number(loss.toPrecision(4)),
    firstScores: scoresFingerprint(TRAINING_VARIANT[family], games[0], plan.depth),
  };
  const results = games.map((game) => game.result);
  const share = (value: number) => results.filter((result) => result === value).length;
  console.log(
    `${family}: scale ${scale.toPrecision(4)}, offset ${offset.toPrecision(4)} from ${scored.length} positions of ${games.length} games ` +
      `(defenders won ${share(1)}, attackers ${share(0)}, drawn ${share(0.5)}), ` +
      `log loss ${loss.toFixed(4)} (a coin toss: ${logLoss(scored, 0).toFixed(4)}), ${seconds()} s`,
  );
}

// A run for some families keeps the others' curves as they were.
const previous: WinChanceFile | null =
  existsSync(WIN_CHANCE_FILE) && flags.family
    ? (JSON.parse(readFileSync(WIN_CHANCE_FILE, 'utf8')) as WinChanceFile)
    : null;
const file: WinChanceFile = {
  seed,
  families: { ...(previous?.seed === seed ? previous.families : {}), ...fitted },
};
writeFileSync(WIN_CHANCE_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(`wrote ${WIN_CHANCE_FILE}`);
