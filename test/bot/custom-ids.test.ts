/**
 * The one codec of custom ids: every kind reads back what it wrote, within Discord's 100
 * characters; the ids buttons already posted carry (written here as the bot made them before the
 * codec) still read as what they named, and are written again byte for byte; forged and broken
 * ids read as nothing; and every kind is answered by exactly one command.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CustomId,
  type CustomIdKind,
  customId,
  ROUTES,
  readCustomId,
  readCustomIdOf,
  routeOf,
} from '../../src/bot/custom-ids.ts';
import { loadCommands } from '../../src/bot/discord/load-commands.ts';

/** A game's, challenge's or tournament's id: what the store makes (12 characters), and all the codec takes. */
const id = fc.stringMatching(/^[\w-]{1,64}$/);
const square = fc.stringMatching(/^[a-z]\d{1,2}$/);
const ply = fc.integer({ min: 0, max: 9999 });
/** A square the explorer packs: boards up to 26 files and 36 ranks. */
const packable = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.integer({ min: 1, max: 36 }))
  .map(([file, rank]) => `${file}${rank}`);

const ids: { [K in CustomIdKind]: fc.Arbitrary<Extract<CustomId, { kind: K }>> } = {
  challenge: fc.record({
    kind: fc.constant('challenge'),
    action: fc.constantFrom('accept', 'decline', 'withdraw'),
    challengeId: id,
  }),
  rematch: fc.record({ kind: fc.constant('rematch'), gameId: id }),
  draw: fc.record({ kind: fc.constant('draw'), gameId: id }),
  undo: fc.record({
    kind: fc.constant('undo'),
    accept: fc.boolean(),
    gameId: id,
    ply: fc.integer({ min: 0, max: 99_999 }),
  }),
  'more-time': fc.record({ kind: fc.constant('more-time'), gameId: id }),
  picker: fc.oneof(
    fc.record({ kind: fc.constant('picker'), step: fc.constant('open'), gameId: id }),
    fc.record({ kind: fc.constant('picker'), step: fc.constant('group'), gameId: id, ply }),
    fc.record({ kind: fc.constant('picker'), step: fc.constant('back'), gameId: id, ply }),
    fc.record({
      kind: fc.constant('picker'),
      step: fc.constant('piece'),
      gameId: id,
      ply,
      menu: fc.integer({ min: 0, max: 99 }),
    }),
    fc.record({
      kind: fc.constant('picker'),
      step: fc.constant('to'),
      gameId: id,
      ply,
      from: square,
      menu: fc.integer({ min: 0, max: 9 }),
    }),
    fc.record({
      kind: fc.constant('picker'),
      step: fc.constant('play'),
      gameId: id,
      ply,
      move: fc.tuple(square, square).map(([from, to]) => `${from}-${to}`),
    }),
  ),
  'games-page': fc.record({
    kind: fc.constant('games-page'),
    page: fc.integer({ min: 0, max: 9999 }),
    scope: fc.oneof(
      fc.constant({ kind: 'server' as const }),
      fc.record({ kind: fc.constant('member' as const), memberId: fc.stringMatching(/^\d{1,20}$/) }),
    ),
  }),
  tournament: fc.record({
    kind: fc.constant('tournament'),
    action: fc.constantFrom('join', 'leave', 'start'),
    tournamentId: id,
  }),
  practice: fc.record({ kind: fc.constant('practice'), gameId: id }),
  'web-board': fc.constant({ kind: 'web-board' }),
  explorer: fc.record({
    kind: fc.constant('explorer'),
    step: fc.constantFrom('move', 'back', 'start'),
    // A built-in variant's id, or a server's (`server:` and at most 32 letters, digits and hyphens).
    variant: fc.oneof(
      fc.constantFrom('fetlar', 'copenhagen', 'alea-walker'),
      fc.stringMatching(/^[a-z0-9-]{1,32}$/).map((slug) => `server:${slug}`),
    ),
    // The explorer goes 12 plies deep.
    moves: fc.array(
      fc.tuple(packable, packable).map(([from, to]) => `${from}-${to}`),
      { maxLength: 12 },
    ),
  }),
};

describe('custom ids', () => {
  it.each(Object.keys(ids) as CustomIdKind[])(
    '%s: reads back what it wrote, within 100 characters',
    (kind) => {
      fc.assert(
        fc.property(ids[kind] as fc.Arbitrary<CustomId>, (named) => {
          const text = customId(named);
          expect(text.length).toBeLessThanOrEqual(100);
          expect(routeOf(text)).toBe(ROUTES[kind]);
          expect(readCustomId(text)).toEqual(named);
          expect(readCustomIdOf(text, kind)).toEqual(named);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('the longest ids still fit: a 64-character id in every kind, and the explorer’s deepest way', () => {
    const long = 'x'.repeat(64);
    const longest: CustomId[] = [
      { kind: 'challenge', action: 'withdraw', challengeId: long },
      { kind: 'undo', accept: false, gameId: long, ply: 99_999 },
      { kind: 'picker', step: 'to', gameId: long, ply: 9999, from: 's19', menu: 9 },
      { kind: 'picker', step: 'play', gameId: long, ply: 9999, move: 's19-s10' },
      { kind: 'games-page', page: 9999, scope: { kind: 'member', memberId: '9'.repeat(20) } },
      { kind: 'tournament', action: 'leave', tournamentId: long },
      {
        kind: 'explorer',
        step: 'move',
        variant: `server:${'a'.repeat(32)}`,
        moves: Array(12).fill('s19-s10'),
      },
    ];
    for (const named of longest) expect(customId(named).length, named.kind).toBeLessThanOrEqual(100);
  });

  // The ids of buttons already posted, as the bot wrote them before the codec: each still reads as
  // what it named, and the codec writes it the same, byte for byte.
  const game = 'q3Xy_-9aBcD0';
  const posted: [string, CustomId][] = [
    [`challenge:accept:${game}`, { kind: 'challenge', action: 'accept', challengeId: game }],
    [`challenge:decline:${game}`, { kind: 'challenge', action: 'decline', challengeId: game }],
    [`challenge:withdraw:${game}`, { kind: 'challenge', action: 'withdraw', challengeId: game }],
    [`challenge:rematch:${game}`, { kind: 'rematch', gameId: game }],
    [`draw:accept:${game}`, { kind: 'draw', gameId: game }],
    [`undo:accept:${game}:17`, { kind: 'undo', accept: true, gameId: game, ply: 17 }],
    [`undo:decline:${game}:4`, { kind: 'undo', accept: false, gameId: game, ply: 4 }],
    [`moretime:${game}`, { kind: 'more-time', gameId: game }],
    [`move:open:${game}`, { kind: 'picker', step: 'open', gameId: game }],
    [`move:group:${game}:42`, { kind: 'picker', step: 'group', gameId: game, ply: 42 }],
    [`move:piece:${game}:42:3`, { kind: 'picker', step: 'piece', gameId: game, ply: 42, menu: 3 }],
    [`move:to:${game}:42:k10:0`, { kind: 'picker', step: 'to', gameId: game, ply: 42, from: 'k10', menu: 0 }],
    [`move:play:${game}:0:e5-e8`, { kind: 'picker', step: 'play', gameId: game, ply: 0, move: 'e5-e8' }],
    [`move:back:${game}:42`, { kind: 'picker', step: 'back', gameId: game, ply: 42 }],
    ['games:0:all', { kind: 'games-page', page: 0, scope: { kind: 'server' } }],
    [
      'games:3:123456789012345678',
      { kind: 'games-page', page: 3, scope: { kind: 'member', memberId: '123456789012345678' } },
    ],
    ['tournament:join:Zx81_a-Bq2Lm', { kind: 'tournament', action: 'join', tournamentId: 'Zx81_a-Bq2Lm' }],
    ['tournament:leave:Zx81_a-Bq2Lm', { kind: 'tournament', action: 'leave', tournamentId: 'Zx81_a-Bq2Lm' }],
    ['tournament:start:Zx81_a-Bq2Lm', { kind: 'tournament', action: 'start', tournamentId: 'Zx81_a-Bq2Lm' }],
    [`practice:${game}`, { kind: 'practice', gameId: game }],
    ['board:web', { kind: 'web-board' }],
    [`board:web:${game}`, { kind: 'web-board', gameId: game }],
    // e5-e8: file e is 4, rank 5 is 4, rank 8 is 7; d1-d4: 3 0 3 3.
    ['openings:m:fetlar:4447', { kind: 'explorer', step: 'move', variant: 'fetlar', moves: ['e5-e8'] }],
    [
      'openings:b:server:my-rules:44473033',
      { kind: 'explorer', step: 'back', variant: 'server:my-rules', moves: ['e5-e8', 'd1-d4'] },
    ],
    ['openings:s:copenhagen:', { kind: 'explorer', step: 'start', variant: 'copenhagen', moves: [] }],
  ];

  it.each(posted)('%s: as posted before, still reads and is written the same', (text, named) => {
    expect(readCustomId(text)).toEqual(named);
    expect(customId(named)).toBe(text);
  });

  it('every kind has a posted example', () => {
    expect(new Set(posted.map(([, named]) => named.kind))).toEqual(new Set(Object.keys(ROUTES)));
  });

  it('reads forged and broken ids as nothing', () => {
    for (const text of [
      '',
      'board',
      'board:web2',
      'board:web:',
      'board:web:a b',
      `board:web:${'a'.repeat(65)}`,
      'constructor',
      '__proto__:x',
      'toString:x',
      'challenge:accept:',
      'challenge:surrender:abc',
      `challenge:accept:${'a'.repeat(65)}`,
      'challenge:rematch:a b',
      'draw:accept:',
      'draw:decline:abc',
      'undo:accept:abc',
      'undo:accept:abc:123456',
      'moretime:',
      'moretime:abc:1',
      'move:open:',
      'move:group:abc:12345',
      'move:piece:abc:1:123',
      'move:to:abc:1:k10:12',
      'move:to:abc:1:K10:1',
      'move:play:abc:1:e5e8',
      'move:jump:abc:1',
      'games:1',
      'games:-1:all',
      'games:1:everyone',
      'games:12345:all',
      'games:1:all:x',
      'tournament:join:',
      'tournament:win:abc',
      'practice:',
      'practice:a:b',
      'openings:x:fetlar:',
      'openings:m:fetlar:447',
      'openings:m:fetlar:44-8',
      'openings:m::',
      'openings:m:fetlar',
    ])
      expect(readCustomId(text), text).toBeNull();
  });

  it('reads an id of another kind as nothing where one kind is asked for', () => {
    expect(readCustomIdOf(`challenge:rematch:${game}`, 'challenge')).toBeNull();
    expect(readCustomIdOf(`challenge:accept:${game}`, 'rematch')).toBeNull();
    expect(readCustomIdOf(`draw:accept:${game}`, 'rematch', 'challenge')).toBeNull();
    expect(readCustomIdOf(`draw:accept:${game}`, 'rematch', 'draw')).toEqual({ kind: 'draw', gameId: game });
  });

  it('every kind is answered by one command, and each route by one command', async () => {
    const commands = await loadCommands();
    const answering = new Map<CustomIdKind, string[]>();
    const routes = new Map<string, Set<string>>();
    for (const [name, command] of commands)
      for (const kind of command.customIds ?? []) {
        answering.set(kind, [...(answering.get(kind) ?? []), name]);
        routes.set(ROUTES[kind], new Set([...(routes.get(ROUTES[kind]) ?? []), name]));
      }
    for (const kind of Object.keys(ROUTES) as CustomIdKind[])
      expect(answering.get(kind), kind).toHaveLength(1);
    for (const [route, names] of routes) expect(names.size, route).toBe(1);
  });
});
