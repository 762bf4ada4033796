import { describe, expect, it } from 'vitest';
import { Game, serializeGame } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { boardPixels } from '../../src/render/index.ts';
import { buildReplay, type ReplayJob } from '../../src/replay/build.ts';
import { ofFrame } from '../../src/replay/pixels.ts';
import { positionsOf } from '../../src/replay/positions.ts';
import { decodeGif, largestDifference } from './decode.ts';
import { fetlarGame } from './games.ts';

const players = { attackers: 'Ann', defenders: 'Bob' };

const job = (game: Game, extra: Partial<ReplayJob> = {}): ReplayJob => ({
  record: serializeGame(game),
  players,
  language: 'en',
  request: { speed: 'fast' },
  aborted: false,
  ...extra,
});

describe('the positions of a replay', () => {
  it('are those of the game as it was played, last move and captures marked', () => {
    const game = fetlarGame(12, 7);
    const played = new Game('fetlar');
    const expected = [played.snapshot()];
    for (const move of game.history()) {
      played.play(move);
      expected.push(played.snapshot());
    }
    expect([...positionsOf(game, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])]).toEqual(expected);
    expect([...positionsOf(game, [3, 12])]).toEqual([expected[3], expected[12]]);
  });

  it('the last carries a result declared off the board', () => {
    const game = fetlarGame(4, 7);
    game.resign('defenders');
    const [last] = positionsOf(game, [4]);
    expect(last.result).toEqual(game.result);
    const [before] = positionsOf(game, [3]);
    expect(before.result).toBeNull();
  });
});

describe('a replay built', () => {
  it('has a frame per position, the first and last as the renderer draws them', () => {
    const game = fetlarGame(9, 7);
    game.resign('attackers');
    const replay = buildReplay(job(game));
    expect(replay).toMatchObject({ frames: 10, scale: 1, every: 1, fromMove: 1, toMove: 5, moves: 5 });
    const gif = decodeGif(replay.gif);
    expect(gif.frames).toBe(10);
    const [start, end] = [...positionsOf(game, [0, 9])];
    expect(end.result?.reason).toBe('resignation');
    const startPicture = ofFrame(boardPixels(start, players, { messages: messagesFor('en') }));
    const endPicture = ofFrame(boardPixels(end, players, { messages: messagesFor('en') }));
    expect([gif.width, gif.height]).toEqual([startPicture.width, startPicture.height]);
    // One palette of 255 colours for the whole game: the blends at edges come out a little off.
    expect(largestDifference(gif.shown(0), startPicture)).toBeLessThan(24);
    expect(largestDifference(gif.shown(9), endPicture)).toBeLessThan(24);
    expect(largestDifference(gif.shown(9), startPicture)).toBeGreaterThan(100);
    expect(gif.delays.at(-1)).toBeGreaterThan(gif.delays[0]);
  });

  it('an excerpt, in the member’s language', () => {
    const game = fetlarGame(9, 7);
    const replay = buildReplay(job(game, { language: 'de', request: { speed: 'slow', from: 2, to: 3 } }));
    expect(replay).toMatchObject({ frames: 5, fromMove: 2, toMove: 3 });
    const [first] = positionsOf(game, [2]);
    const german = ofFrame(boardPixels(first, players, { messages: messagesFor('de') }));
    expect(largestDifference(decodeGif(replay.gif).shown(0), german)).toBeLessThan(24);
  });

  it('never fails for size: under a tight limit it draws smaller, then shows fewer positions', () => {
    const game = fetlarGame(40, 7);
    const whole = buildReplay(job(game));
    const limit = Math.floor(whole.gif.length / 2);
    const small = buildReplay(job(game, { byteLimit: limit }));
    expect(small.gif.length).toBeLessThanOrEqual(limit);
    expect(small.scale).toBeLessThan(1);
    const gif = decodeGif(small.gif);
    expect([gif.width, gif.height]).toEqual([small.width, small.height]);
    expect(gif.frames).toBe(small.frames);
    const tighter = buildReplay(job(game, { byteLimit: Math.floor(whole.gif.length / 5) }));
    expect(tighter.gif.length).toBeLessThanOrEqual(whole.gif.length / 5);
    expect(tighter.every).toBeGreaterThan(1);
    expect(tighter.frames).toBeLessThan(41);
  });
});
