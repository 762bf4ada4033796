import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/seeded-random.ts';
import {
  Game,
  GameRecordError,
  loadGame,
  NotationError,
  openTaflRecord,
  serializeGame,
  variantIds,
} from '../../src/engine/index.ts';
import { gameWith } from './setup.ts';

describe('OpenTafl position notation', () => {
  it.each(variantIds)('%s: the starting position is written as the layout in the rules README', (variant) => {
    const game = new Game(variant);
    expect(new Game({ variant, position: game.position(), sideToMove: game.turn }).position()).toBe(
      game.position(),
    );
  });

  it('Fetlar: the first row record is rank 1', () => {
    expect(new Game('fetlar').position()).toBe(
      '/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    );
    const game = gameWith('fetlar', { king: 'b1', attackers: ['k11'] }, 'defenders');
    expect(game.position()).toBe('/1K9/11/11/11/11/11/11/11/11/11/10t/');
  });

  it('refuses a position without exactly one king, with the wrong row length, or guards outside the guard rules', () => {
    expect(
      () =>
        new Game({
          variant: 'fetlar',
          position: '/11/11/11/11/11/11/11/11/11/11/11/',
          sideToMove: 'attackers',
        }),
    ).toThrow(NotationError);
    expect(
      () =>
        new Game({
          variant: 'fetlar',
          position: '/K10/11/11/11/11/11/11/11/11/11/10/',
          sideToMove: 'attackers',
        }),
    ).toThrow(NotationError);
    expect(
      () =>
        new Game({
          variant: 'fetlar',
          position: '/KG9/11/11/11/11/11/11/11/11/11/11/',
          sideToMove: 'attackers',
        }),
    ).toThrow(NotationError);
  });
});

describe('the stored game record', () => {
  it('loads every game as it was played: the end judged once, after the last move, as after each', () => {
    // Random playouts, often to their end (a capture of the king, an escape, a fort, repetition,
    // enclosure, no move left): the loaded game has the same moves, position, turn, result and moves to play.
    fc.assert(
      fc.property(
        fc.constantFrom(...variantIds),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 400 }),
        (variant, seed, plies) => {
          const random = seededRandom(seed);
          const game = new Game(variant);
          while (game.plyCount < plies && !game.isGameOver()) {
            const moves = game.legalMoves();
            game.play(moves[Math.floor(random() * moves.length)]);
          }
          const loaded = loadGame(serializeGame(game));
          expect(loaded.history()).toEqual(game.history());
          expect(loaded.position()).toBe(game.position());
          expect(loaded.turn).toBe(game.turn);
          expect(loaded.result).toEqual(game.result);
          expect(loaded.legalMoves()).toEqual(game.legalMoves());
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round-trips a game move for move, with its captures and side to move', () => {
    const game = gameWith(
      'fetlar',
      { king: 'f6', defenders: ['c4', 'h8'], attackers: ['b4', 'd1'] },
      'attackers',
    );
    game.play('d1-d4');
    game.play('h8-h9');
    const loaded = loadGame(serializeGame(game));
    expect(loaded.position()).toBe(game.position());
    expect(loaded.turn).toBe(game.turn);
    expect(loaded.history().map((move) => move.notation)).toEqual(['d1-d4xc4', 'h8-h9']);
  });

  it('is compact: a variant and the moves as square pairs', () => {
    const game = new Game('alea-armed');
    game.play('j11-k11');
    expect(JSON.parse(serializeGame(game))).toEqual({ tafl: 1, variant: 'alea-armed', moves: 'j11k11' });
  });

  it('keeps a resignation and an agreed draw', () => {
    const resigned = new Game('fetlar');
    resigned.resign('attackers');
    expect(loadGame(serializeGame(resigned)).result).toMatchObject({
      winner: 'defenders',
      reason: 'resignation',
    });
    const drawn = new Game('fetlar');
    drawn.agreeDraw();
    expect(loadGame(serializeGame(drawn)).result).toMatchObject({ winner: null, reason: 'agreed-draw' });
  });

  it.each([
    ['not JSON', 'not json', 'not valid JSON'],
    ['an array', '[]', 'not a game record'],
    ['an unknown version', '{"tafl":2,"variant":"fetlar","moves":""}', 'unknown game record version 2'],
    ['an unknown field', '{"tafl":1,"variant":"fetlar","moves":"","clock":1}', 'unknown field "clock"'],
    ['an unknown variant', '{"tafl":1,"variant":"chess","moves":""}', 'unknown variant "chess"'],
    [
      'an illegal move',
      '{"tafl":1,"variant":"fetlar","moves":"d1d3 d3d1"}',
      'move 2 of the stored game (d3d1) is illegal (not-your-piece)',
    ],
    [
      'a broken move',
      '{"tafl":1,"variant":"fetlar","moves":"d1d3 zz"}',
      'move 2 of the stored game ("zz") is not a move',
    ],
    [
      'a bad end',
      '{"tafl":1,"variant":"fetlar","moves":"","end":{"reason":"magic","winner":null}}',
      'does not know',
    ],
  ])('refuses %s whole, with a clear error', (_, text, message) => {
    expect(() => loadGame(text)).toThrow(GameRecordError);
    expect(() => loadGame(text)).toThrow(message);
  });
});

describe("OpenTafl's game record", () => {
  it('has tags for variant, players, date and result, a rules string and numbered turns', () => {
    const game = gameWith(
      'fetlar',
      { king: 'f6', defenders: ['c4', 'h8'], attackers: ['b4', 'd1'] },
      'attackers',
    );
    game.play('d1-d4');
    game.play('h8-h9');
    game.play('d4-d5');
    game.resign('defenders');
    const record = openTaflRecord(game, {
      attackers: 'Ragnar',
      defenders: 'Æthelred [the] Unready',
      date: new Date(Date.UTC(2026, 10, 23)),
    });
    const lines = record.trimEnd().split('\n');
    expect(lines).toContain('[date:2026.11.23]');
    expect(lines).toContain('[variant:Fetlar Hnefatafl]');
    expect(lines).toContain('[attackers:Ragnar]');
    expect(lines).toContain('[result:1]');
    expect(lines).toContain('[defenders:Æthelred (the) Unready]');
    expect(lines.filter((line) => /^\d+\. /.test(line))).toEqual(['1. d1-d4xc4 h8-h9', '2. d4-d5 ---']);
    expect(lines.find((line) => line.startsWith('dim:'))).toMatch(/^dim:11 .* start:\/.*\/$/);
  });

  it('an unfinished game has result ?', () => {
    expect(openTaflRecord(new Game('alea-guards'))).toContain('[result:?]');
  });
});
