/**
 * `npm run bench:ai-versus -- --ratings`: how strong each AI level is, as a rating. A round robin
 * between the levels (easy, normal, hard, each at its real thinking time, in an AI worker as the bot
 * runs it) and three fixed references (a random mover, a greedy one, and the old AI at 14ec31c),
 * paired games from seeded openings in each variant; then Glicko-2 ratings over every game with the
 * random mover held at 600 (rating-estimate.ts), printed and written to data/level-ratings.json.
 *
 * Background-friendly: one game at a time, so one thread thinks; each game is appended to a results
 * file under bench/results/ as it ends, named for the AI it measured (a digest of src/ai, src/engine
 * and the learned weights), so a rerun continues where the last stopped and a changed AI starts a
 * new file (`--results <file>` continues a given one, after a change that plays the same). `--minutes
 * 40` or `--games 100` stop this run early (it finishes the game under way); `--estimate-only` plays
 * nothing; `--old <ref>` takes another commit as the old AI.
 *   npm run bench:ai-versus -- --ratings --minutes 40
 *   npm run bench:ai-versus -- --ratings --variant brandubh,fetlar --rounds 20 --games 50
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LEVELS, type Level } from '../src/ai/index.ts';
import {
  LEVEL_RATINGS_FILE,
  LEVEL_RATINGS_VERSION,
  type LevelRatingsFile,
  levelRatingsText,
} from '../src/ai/level-ratings.ts';
import { AiPlayer } from '../src/ai/player.ts';
import { Game, isVariantId, type VariantId } from '../src/engine/index.ts';
import { count } from './flags.ts';
import { type Estimate, estimateRatings } from './rating-estimate.ts';
import { greedyPlayer, randomPlayer } from './reference-players.ts';
import { seededRandom } from './sample-games.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LEVEL_NAMES: Level[] = ['easy', 'normal', 'hard'];
/** Weakest first, as expected before any game: the round robin plays neighbours first. */
const PLAYERS = ['random', 'greedy', 'easy', 'old', 'normal', 'hard'] as const;
type PlayerName = (typeof PLAYERS)[number];
/**
 * The random mover's fixed rating. Members start at 1500; 600 puts a player who moves at random
 * 900 below a newcomer (who would score over 99% against it), about where someone who knows only
 * the moves stands against one who has played a few games. Any fixed number would do for keeping
 * runs comparable; this one keeps the levels' numbers in the range members see in /standings.
 */
export const RANDOM_RATING = 600;
const OPENING_PLIES = 4;
const CAP = 300;

interface RoundRobinGame {
  /** The fingerprint of the AI that played (aiFingerprint). */
  ai: string;
  variant: string;
  /** The opening's seed: its 4 random plies are the same for both games of a pair. */
  seed: number;
  attackers: PlayerName;
  defenders: PlayerName;
  /** The attackers' score: 1, ½ or 0. */
  score: number;
  plies: number;
  reason: string;
  /** Moves a level played from the short fallback search, when its worker overran or failed. */
  fallbacks: number;
  /** Seconds the game took. */
  seconds: number;
  /** The machine's load average (1 minute) at the game's end: under load the levels think less. */
  load: number;
  moves: string[];
}

/** A digest of what the AI plays with: a change to any of it makes earlier results another AI's. */
function aiFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'training') visit(full);
      } else if (entry.name !== 'level-ratings.ts') {
        hash.update(`${relative(ROOT, full)}\0`).update(readFileSync(full));
      }
    }
  };
  visit(join(ROOT, 'src/ai'));
  visit(join(ROOT, 'src/engine'));
  hash.update(readFileSync(join(ROOT, 'data/eval-weights.json')));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The AI at `ref`, loaded from a copy of its sources (git archive: the repository is left as it
 * was) under the system's temporary folder; the worktree `bench:ai-versus <ref>` made is used if there.
 */
async function oldAi(ref: string): Promise<{ commit: string; ai: typeof import('../src/ai/index.ts') }> {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8', cwd: ROOT }).trim();
  let tree = join(tmpdir(), `tafl-ai-${commit}`);
  if (!existsSync(join(tree, 'src/ai/index.ts'))) {
    tree = join(tmpdir(), `tafl-ai-${commit}-sources`);
    if (!existsSync(tree)) {
      const partial = `${tree}.partial-${process.pid}`;
      mkdirSync(partial, { recursive: true });
      const archive = execFileSync(
        'git',
        ['archive', commit, 'src', 'data', 'package.json', 'tsconfig.json'],
        {
          cwd: ROOT,
          maxBuffer: 1 << 30,
        },
      );
      execFileSync('tar', ['-x', '-C', partial], { input: archive });
      symlinkSync(join(ROOT, 'node_modules'), join(partial, 'node_modules'));
      try {
        renameSync(partial, tree);
      } catch {
        rmSync(partial, { recursive: true, force: true }); // another run made it first
      }
    }
  }
  const ai = (await import(
    pathToFileURL(join(tree, 'src/ai/index.ts')).href
  )) as typeof import('../src/ai/index.ts');
  return { commit, ai };
}

function readGames(file: string): RoundRobinGame[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RoundRobinGame);
}

const keyOf = (game: Pick<RoundRobinGame, 'variant' | 'seed' | 'attackers' | 'defenders'>) =>
  `${game.variant} ${game.seed} ${game.attackers} ${game.defenders}`;

/**
 * Every pair of players, each pair's two games (both sides) together: neighbours in PLAYERS first,
 * then those two apart, and so on, so that a run stopped within a round has played the games that
 * say the most (a pair far apart is nearly sure to end one way).
 */
function pairings(): [PlayerName, PlayerName][] {
  const games: [PlayerName, PlayerName][] = [];
  for (let apart = 1; apart < PLAYERS.length; apart++)
    for (let i = 0; i + apart < PLAYERS.length; i++) {
      games.push([PLAYERS[i], PLAYERS[i + apart]]);
      games.push([PLAYERS[i + apart], PLAYERS[i]]);
    }
  return games;
}

export async function runRatings(args: string[]): Promise<void> {
  const { values: flags } = parseArgs({
    args,
    options: {
      ratings: { type: 'boolean' },
      variant: { type: 'string' },
      rounds: { type: 'string' },
      openings: { type: 'string' },
      minutes: { type: 'string' },
      games: { type: 'string' },
      results: { type: 'string' },
      old: { type: 'string' },
      'estimate-only': { type: 'boolean' },
    },
  });
  const variants = (flags.variant ?? 'brandubh,copenhagen').split(',');
  for (const variant of variants) if (!isVariantId(variant)) throw new Error(`no variant ${variant}`);
  const firstSeed = count('openings', flags.openings ?? '7000');
  const rounds = count('rounds', flags.rounds ?? '50');
  const stopAt = flags.minutes ? Date.now() + count('minutes', flags.minutes) * 60_000 : Infinity;
  const maxGames = flags.games ? count('games', flags.games) : Infinity;
  const fingerprint = aiFingerprint();
  const old = await oldAi(flags.old ?? '14ec31c');
  const resultsFile =
    flags.results ?? join(ROOT, 'bench/results', `level-ratings-ai-${fingerprint}-old-${old.commit}.jsonl`);
  mkdirSync(dirname(resultsFile), { recursive: true });

  const done = new Set(readGames(resultsFile).map(keyOf));
  console.log(
    `ratings: ${variants.join(', ')}, ${rounds} openings from seed ${firstSeed}, AI ${fingerprint}, old AI ${old.commit}; ${done.size} games already in ${relative(ROOT, resultsFile)}`,
  );
  const thinkers = new Map(LEVEL_NAMES.map((level) => [level, new AiPlayer()]));
  let played = 0;
  if (!flags['estimate-only']) {
    // Each level has a worker of its own (its transposition table its own, as the bot's is), but
    // one game is played at a time, so only one thread ever thinks. The workers do not hold the
    // process open (the bot's other work does): this timer does while they start.
    const open = setInterval(() => {}, 60_000);
    for (const thinker of thinkers.values()) await thinker.warm();
    clearInterval(open);
    schedule: for (let round = 0; round < rounds; round++) {
      for (const variant of variants as VariantId[]) {
        for (const [attackers, defenders] of pairings()) {
          const seed = firstSeed + round;
          if (done.has(keyOf({ variant, seed, attackers, defenders }))) continue;
          if (Date.now() >= stopAt || played >= maxGames) break schedule;
          const game = {
            ai: fingerprint,
            ...(await playGame(variant, seed, attackers, defenders, thinkers, old.ai)),
          };
          appendFileSync(resultsFile, `${JSON.stringify(game)}\n`);
          played++;
          console.log(
            `  ${variant} ${seed}: ${attackers} (attackers) against ${defenders}: ${game.score} (${game.reason}, ${game.plies} plies, ${game.seconds} s, load ${game.load}${game.fallbacks ? `, ${game.fallbacks} fallbacks` : ''})`,
          );
        }
      }
    }
  }
  for (const thinker of thinkers.values()) await thinker.close();

  const games = readGames(resultsFile);
  const estimates = estimateRatings(
    games.map((game) => ({ first: game.attackers, second: game.defenders, score: game.score })),
    { player: 'random', rating: RANDOM_RATING },
  );
  printTable(games, estimates);
  const seeds = games.map((game) => game.seed);
  const file: LevelRatingsFile = {
    version: LEVEL_RATINGS_VERSION,
    anchor: { player: 'random', rating: RANDOM_RATING },
    run: {
      ai: [...new Set(games.map((game) => game.ai))].join('+'),
      old: old.commit,
      variants: [...new Set(games.map((game) => game.variant))].sort(),
      seeds: [Math.min(...seeds), Math.max(...seeds)],
      games: games.length,
    },
    players: Object.fromEntries(
      PLAYERS.filter((player) => estimates.has(player)).map((player) => {
        const { rating, deviation, games: count, points } = estimates.get(player)!;
        return [
          player,
          { rating: Math.round(rating), deviation: Math.round(deviation), games: count, points },
        ];
      }),
    ),
  };
  if (games.length > 0) {
    writeFileSync(LEVEL_RATINGS_FILE, levelRatingsText(file));
    console.log(`written to ${relative(ROOT, LEVEL_RATINGS_FILE)} (${games.length} games)`);
  }
}

async function playGame(
  variant: VariantId,
  seed: number,
  attackers: PlayerName,
  defenders: PlayerName,
  thinkers: Map<Level, AiPlayer>,
  old: typeof import('../src/ai/index.ts'),
): Promise<Omit<RoundRobinGame, 'ai'>> {
  const started = performance.now();
  const game = new Game(variant);
  const opening = seededRandom(seed);
  for (let i = 0; i < OPENING_PLIES && !game.isGameOver(); i++) game.play(randomPlayer(game, opening));
  // The references' own choices, seeded by the opening and who plays: the same game every run.
  const random = seededRandom(seed * 64 + PLAYERS.indexOf(attackers) * 8 + PLAYERS.indexOf(defenders));
  let fallbacks = 0;
  while (!game.isGameOver() && game.plyCount < CAP) {
    const player = game.turn === 'attackers' ? attackers : defenders;
    let move: string;
    if (player === 'random') move = randomPlayer(game, random);
    else if (player === 'greedy') move = greedyPlayer(game, random);
    // The old AI's normal level, at the time the bot gave it (its search, in this thread).
    else if (player === 'old')
      move = old.chooseMove(game, 'normal', { timeMs: LEVELS.normal.timeMs }).notation;
    else {
      const thinker = thinkers.get(player)!;
      move = (await thinker.think(game, player)).notation;
      if (thinker.lastSource === 'fallback') fallbacks++;
    }
    game.play(move);
  }
  const winner = game.result?.winner;
  return {
    variant,
    seed,
    attackers,
    defenders,
    score: winner === 'attackers' ? 1 : winner ? 0 : 0.5,
    plies: game.plyCount,
    reason: game.result?.reason ?? 'cap',
    fallbacks,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    load: Math.round(loadavg()[0] * 10) / 10,
    moves: game.history().map((move) => move.notation),
  };
}

function printTable(games: RoundRobinGame[], estimates: Map<string, Estimate>): void {
  const ranked = PLAYERS.filter((player) => estimates.has(player)).sort(
    (a, b) => estimates.get(b)!.rating - estimates.get(a)!.rating,
  );
  console.log(
    `\nGlicko-2 over ${games.length} games, random held at ${RANDOM_RATING} (± is two deviations):`,
  );
  console.log(
    `  ${'player'.padEnd(8)} ${'rating'.padStart(13)} ${'games'.padStart(6)} ${'points'.padStart(7)}`,
  );
  for (const player of ranked) {
    const { rating, deviation, games: played, points } = estimates.get(player)!;
    const shown =
      player === 'random'
        ? `${RANDOM_RATING} (fixed)`
        : `${Math.round(rating)} ± ${Math.round(2 * deviation)}`;
    console.log(
      `  ${player.padEnd(8)} ${shown.padStart(13)} ${String(played).padStart(6)} ${String(points).padStart(7)}`,
    );
  }
  // Each row's points against each column, out of the games they played.
  console.log(`\n  ${''.padEnd(8)}${ranked.map((player) => player.padStart(10)).join('')}`);
  for (const row of ranked) {
    const cells = ranked.map((column) => {
      if (row === column) return '—'.padStart(10);
      let points = 0;
      let played = 0;
      for (const game of games) {
        if (game.attackers === row && game.defenders === column) points += game.score;
        else if (game.defenders === row && game.attackers === column) points += 1 - game.score;
        else continue;
        played++;
      }
      return `${points}/${played}`.padStart(10);
    });
    console.log(`  ${row.padEnd(8)}${cells.join('')}`);
  }
}
