import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateRatings, type RatedGame } from '../../bench/rating-estimate.ts';
import {
  LEVEL_RATINGS_FILE,
  type LevelRatingsFile,
  levelRating,
  parseLevelRatings,
  readLevelRatings,
} from '../../src/ai/level-ratings.ts';

const valid: LevelRatingsFile = {
  version: 1,
  anchor: { player: 'random', rating: 600 },
  run: { ai: 'abc', old: '14ec31c', variants: ['brandubh'], seeds: [7000, 7001], games: 60 },
  players: {
    random: { rating: 600, deviation: 0, games: 20, points: 0 },
    easy: { rating: 1210, deviation: 95, games: 20, points: 9.5 },
    normal: { rating: 1520, deviation: 80, games: 20, points: 12 },
    hard: { rating: 1655, deviation: 84, games: 20, points: 14 },
  },
};
const text = (file: unknown) => JSON.stringify(file);

describe('reading the level ratings', () => {
  it("gives a level's rating and deviation", () => {
    const file = parseLevelRatings(text(valid));
    expect(levelRating('hard', file)).toEqual({ rating: 1655, deviation: 84 });
    expect(levelRating('easy', file)).toEqual({ rating: 1210, deviation: 95 });
  });

  it('gives none for a level without games, or missing from the file', () => {
    const players: LevelRatingsFile['players'] = {
      ...valid.players,
      normal: { rating: 1500, deviation: 350, games: 0, points: 0 },
    };
    const { hard: _, ...withoutHard } = players;
    const file = parseLevelRatings(text({ ...valid, players: withoutHard }));
    expect(file).not.toBeNull();
    expect(levelRating('normal', file)).toBeNull();
    expect(levelRating('hard', file)).toBeNull();
    expect(levelRating('easy', file)).toEqual({ rating: 1210, deviation: 95 });
  });

  it('gives none when the file is missing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'level-ratings-'));
    expect(readLevelRatings(join(folder, 'absent.json'))).toBeNull();
    expect(levelRating('normal', null)).toBeNull();
  });

  it.each([
    ['not JSON', '{"version": 1,'],
    ['JSON but not an object', '[1, 2]'],
    ['null', 'null'],
    ['another version', text({ ...valid, version: 2 })],
    ['no anchor', text({ ...valid, anchor: undefined })],
    ['players as a list', text({ ...valid, players: [valid.players.easy] })],
    [
      'a rating as text',
      text({ ...valid, players: { ...valid.players, hard: { ...valid.players.hard, rating: '1655' } } }),
    ],
    [
      'a negative deviation',
      text({ ...valid, players: { ...valid.players, hard: { ...valid.players.hard, deviation: -1 } } }),
    ],
    [
      'a fractional game count',
      text({ ...valid, players: { ...valid.players, easy: { ...valid.players.easy, games: 2.5 } } }),
    ],
    [
      'more points than games',
      text({ ...valid, players: { ...valid.players, easy: { ...valid.players.easy, points: 21 } } }),
    ],
    ['a player that is not an object', text({ ...valid, players: { ...valid.players, easy: 1210 } })],
  ])('gives none for a malformed file: %s', (_, contents) => {
    expect(parseLevelRatings(contents)).toBeNull();
    const folder = mkdtempSync(join(tmpdir(), 'level-ratings-'));
    const path = join(folder, 'level-ratings.json');
    writeFileSync(path, contents);
    const file = readLevelRatings(path);
    expect(file).toBeNull();
    expect(levelRating('hard', file)).toBeNull();
  });

  it('reads the shipped file', () => {
    const file = readLevelRatings(LEVEL_RATINGS_FILE);
    expect(file).not.toBeNull();
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const rating = levelRating(level, file);
      expect(rating).not.toBeNull();
      expect(rating!.deviation).toBeGreaterThan(0);
    }
    // Without an argument, the same file.
    expect(levelRating('hard')).toEqual(levelRating('hard', file));
  });
});

/** `wins` of `games` to `stronger`, the rest to `weaker`, who is named first alternating. */
function series(stronger: string, weaker: string, games: number, wins: number): RatedGame[] {
  return Array.from({ length: games }, (_, i) => {
    const strongerWon = i < wins;
    return i % 2 === 0
      ? { first: stronger, second: weaker, score: strongerWon ? 1 : 0 }
      : { first: weaker, second: stronger, score: strongerWon ? 0 : 1 };
  });
}

/** A round robin among players listed weakest first, each scoring 3 of 4 against the one below it, more against those further below. */
function ladder(players: string[], games: number): RatedGame[] {
  const all: RatedGame[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) {
      const share = j - i === 1 ? 0.75 : j - i === 2 ? 0.9 : 1;
      all.push(...series(players[j], players[i], games, Math.round(share * games)));
    }
  return all;
}

const points = (games: RatedGame[], player: string) =>
  games.reduce(
    (sum, game) => sum + (game.first === player ? game.score : game.second === player ? 1 - game.score : 0),
    0,
  );

describe('estimating ratings', () => {
  const players = ['random', 'greedy', 'easy', 'normal', 'hard'];
  const games = ladder(players, 20);

  it('checks its series', () => {
    expect(points(series('b', 'a', 20, 15), 'b')).toBe(15);
    expect(points(series('b', 'a', 20, 20), 'b')).toBe(20);
  });

  it('holds the anchor and orders the players as they scored', () => {
    const estimates = estimateRatings(games, { player: 'random', rating: 600 });
    expect(estimates.get('random')).toMatchObject({
      rating: 600,
      deviation: 0,
      games: 80,
      points: points(games, 'random'),
    });
    const ratings = players.map((player) => estimates.get(player)!.rating);
    for (let i = 1; i < ratings.length; i++) expect(ratings[i]).toBeGreaterThan(ratings[i - 1] + 100);
    expect(estimates.get('hard')).toMatchObject({ games: 80, points: points(games, 'hard') });
  });

  it('puts players who score alike against each other at about the same distance apart', () => {
    // Three of four against the next: about 190 points on Glicko's scale, a little more where the
    // opponent's own rating is uncertain.
    const estimates = estimateRatings(ladder(['random', 'a', 'b', 'c'], 40), {
      player: 'random',
      rating: 600,
    });
    const [r, a, b, c] = ['random', 'a', 'b', 'c'].map((player) => estimates.get(player)!.rating);
    expect(b - a).toBeGreaterThan(150);
    expect(b - a).toBeLessThan(260);
    expect(Math.abs(c - b - (b - a))).toBeLessThan(40);
    expect(a - r).toBeGreaterThan(150);
  });

  it('does not depend on the order the games were played in', () => {
    const forward = estimateRatings(games, { player: 'random', rating: 600 });
    const backward = estimateRatings([...games].reverse(), { player: 'random', rating: 600 });
    for (const player of players) {
      expect(backward.get(player)!.rating).toBeCloseTo(forward.get(player)!.rating, 1);
      expect(backward.get(player)!.deviation).toBeCloseTo(forward.get(player)!.deviation, 1);
    }
  });

  it('moves with the anchor and keeps the differences', () => {
    const at600 = estimateRatings(games, { player: 'random', rating: 600 });
    const at1000 = estimateRatings(games, { player: 'random', rating: 1000 });
    // The newcomer each player drew against stays at 1500, so the gaps move a little, not much.
    const gap = (estimates: typeof at600) => estimates.get('hard')!.rating - estimates.get('easy')!.rating;
    expect(Math.abs(gap(at1000) - gap(at600))).toBeLessThan(25);
    expect(at1000.get('hard')!.rating).toBeGreaterThan(at600.get('hard')!.rating + 250);
  });

  it('is surer with more games, and finite for a player who won every game', () => {
    const few = estimateRatings(ladder(players, 4), { player: 'random', rating: 600 });
    const many = estimateRatings(ladder(players, 40), { player: 'random', rating: 600 });
    for (const player of players.slice(1))
      expect(many.get(player)!.deviation).toBeLessThan(few.get(player)!.deviation);
    const sweep = estimateRatings(series('hard', 'random', 10, 10), { player: 'random', rating: 600 });
    expect(Number.isFinite(sweep.get('hard')!.rating)).toBe(true);
    expect(sweep.get('hard')!.rating).toBeGreaterThan(1000);
  });

  it('refuses a game against oneself or a score that is not a result', () => {
    const anchor = { player: 'random', rating: 600 };
    expect(() => estimateRatings([{ first: 'easy', second: 'easy', score: 1 }], anchor)).toThrow();
    expect(() => estimateRatings([{ first: 'easy', second: 'hard', score: 0.7 }], anchor)).toThrow();
  });
});
