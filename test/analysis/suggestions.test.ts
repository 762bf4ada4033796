import { describe, expect, it } from 'vitest';
import { midgame } from '../../bench/sample-games.ts';
import {
  MAX_FIRST_MOVES,
  MAX_SUGGESTIONS,
  type MoveSuggestion,
  type Suggestion,
  suggestMoves,
} from '../../src/analysis/suggestions.ts';
import { type Game, type LegalMove, variantIds } from '../../src/engine/index.ts';
import { messagesFor, suggestionName } from '../../src/i18n/index.ts';
import { gameWith } from '../engine/setup.ts';

const de = messagesFor('de');
const en = messagesFor('en');

const isMove = (choice: Suggestion): choice is MoveSuggestion => 'move' in choice;
const described = (choice: MoveSuggestion) =>
  choice.move.effects.map((effect) =>
    effect.kind === 'captures' ? `captures ${effect.squares.join('/')}` : effect.kind,
  );

/**
 * What each legal move does, found the slow way: every move played in the engine and the king's
 * threats asked after each. The suggestions must say the same while asking far less.
 */
function everyMoveTheSlowWay(game: Game): Map<string, string[]> {
  const was = game.threats();
  const side = game.turn;
  const board = game.snapshot().board;
  const rank = board.findIndex((row) => row.includes('king'));
  const king = rank < 0 ? null : { file: board[rank].indexOf('king'), rank };
  const told = new Map<string, string[]>();
  for (const move of game.legalMoves()) {
    const played = game.play(move);
    const effects: string[] = [];
    const result = game.result;
    if (result) effects.push(result.winner === null ? 'draws' : result.winner === side ? 'wins' : 'loses');
    else if (played.piece === 'king') effects.push('king-move');
    if (played.captured.length > 0) effects.push(`captures ${played.captured.join('/')}`);
    if (!result && king) {
      const after = game.threats();
      const to = { file: move.to.charCodeAt(0) - 97, rank: Number(move.to.slice(1)) - 1 };
      if (side === 'attackers') {
        if (was.kingCanEscape && !after.kingCanEscape) effects.push('blocks-escape');
        if (!was.kingCanBeCaptured && after.kingCanBeCaptured) effects.push('threatens-king');
        else if (Math.abs(to.file - king.file) <= 1 && Math.abs(to.rank - king.rank) <= 1)
          effects.push('closes-in');
      } else {
        if (after.kingCanEscape && (played.piece === 'king' || !was.kingCanEscape))
          effects.push('threatens-escape');
        if (was.kingCanBeCaptured && !after.kingCanBeCaptured) effects.push('protects-king');
        if (!was.kingCanBeCaptured && after.kingCanBeCaptured) effects.push('exposes-king');
      }
    }
    game.undo();
    told.set(move.notation, effects);
  }
  return told;
}

/** 19x19, attackers to move: 30 attackers on the left, and on the right edge s5, which captures r10 by s5-s10. */
function captureOnTheRight(): Game {
  const left: string[] = [];
  for (let rank = 3; rank <= 17; rank++) left.push(`c${rank}`, `d${rank}`);
  return gameWith(
    'alea-guards',
    { king: 'j10', attackers: [...left, 'q10', 's5'], defenders: ['r10'] },
    'attackers',
  );
}

describe('autocomplete with nothing typed', () => {
  it('puts what a player most likely wants first: a capture on the far right of a 19x19 board', () => {
    const game = captureOnTheRight();
    const bySquare = game.legalMoves().map((move) => move.from);
    // Listed by square name as before, the 25 pieces would all stand on the c and d files.
    expect(new Set(bySquare).size).toBeGreaterThan(MAX_SUGGESTIONS);
    const choices = suggestMoves(game, '');
    expect(choices.length).toBe(MAX_SUGGESTIONS);
    expect(choices[0]).toEqual({
      value: 's5-s10',
      move: { notation: 's5-s10', effects: [{ kind: 'captures', squares: ['r10'] }] },
    });
    expect(suggestionName(en, choices[0])).toBe('s5-s10: captures r10');
    expect(suggestionName(de, choices[0])).toBe('s5-s10: schlägt r10');
    // Then the moves that close in on the king, then the pieces, nearest the king first.
    const moves = choices.filter(isMove);
    expect(moves.length).toBeLessThanOrEqual(MAX_FIRST_MOVES);
    for (const choice of moves.slice(1)) expect(described(choice)).toContain('closes-in');
    const pieces = choices.slice(moves.length);
    expect(pieces.length).toBeGreaterThan(0);
    for (const choice of pieces) expect('piece' in choice).toBe(true);
    const distance = (square: string) =>
      Math.max(Math.abs(square.charCodeAt(0) - 'j'.charCodeAt(0)), Math.abs(Number(square.slice(1)) - 10));
    const distances = pieces.map((choice) => distance(choice.value));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const legal = new Set(game.legalMoves().map((move: LegalMove) => move.notation));
    for (const choice of moves) expect(legal.has(choice.value)).toBe(true);
  });

  it('the king escaping comes first for the defenders, and says so', () => {
    const game = gameWith('fetlar', { king: 'k5', attackers: ['a5', 'b6'], defenders: ['e5'] }, 'defenders');
    const choices = suggestMoves(game, '');
    expect(choices.slice(0, 2).map((choice) => choice.value)).toEqual(['k5-k1', 'k5-k11']);
    expect(suggestionName(en, choices[0])).toBe('k5-k1: king escapes');
    expect(suggestionName(de, choices[0])).toBe('k5-k1: König entkommt');
  });

  it('the attackers are told which move stops the king escaping, and which threatens him', () => {
    // The king on c11 sees the corner a11 past b11, which the attacker on b5 can shut.
    const escaping = gameWith(
      'fetlar',
      { king: 'c11', attackers: ['b5', 'k2'], defenders: ['e11'] },
      'attackers',
    );
    expect(escaping.threats().kingCanEscape).toBe(true);
    const blocks = suggestMoves(escaping, '')
      .filter(isMove)
      .filter((choice) => described(choice).includes('blocks-escape'));
    expect(blocks.length).toBeGreaterThan(0);
    expect(suggestionName(en, blocks[0])).toContain('blocks the king’s escape');
    expect(suggestionName(de, blocks[0])).toContain('versperrt dem König die Flucht');

    // Fetlar: the king off the throne is captured by four attackers. Two stand by him; h5-f5
    // brings a third, and e9 can reach the fourth side.
    const threatened = gameWith(
      'fetlar',
      { king: 'e5', attackers: ['d5', 'e4', 'h5', 'e9'], defenders: ['a8'] },
      'attackers',
    );
    const threats = suggestMoves(threatened, '')
      .filter(isMove)
      .filter((choice) => described(choice).includes('threatens-king'));
    expect(threats.length).toBeGreaterThan(0);
    expect(suggestionName(en, threats[0])).toContain('threatens the king');
    expect(suggestionName(de, threats[0])).toContain('bedroht den König');
  });

  it('says for every move what playing each in the engine finds, and leaves the game as it was', () => {
    let positions = 0;
    for (const variant of variantIds) {
      for (const [plies, seed] of [
        [12, 1],
        [41, 2],
        [60, 3],
        [61, 4],
        [90, 5],
      ]) {
        const game = midgame(variant, plies, seed);
        if (game.isGameOver()) continue;
        positions++;
        const before = game.position();
        const slow = everyMoveTheSlowWay(game);
        for (const from of new Set(game.legalMoves().map((move) => move.from))) {
          for (const choice of suggestMoves(game, from).filter(isMove))
            expect(described(choice), `${variant} ${plies}/${seed} ${choice.value}`).toEqual(
              slow.get(choice.value),
            );
        }
        const first = suggestMoves(game, '');
        expect(first.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
        for (const choice of first.filter(isMove)) expect(slow.get(choice.value)?.length).toBeGreaterThan(0);
        // Every capture is offered before any piece, while there is room for it.
        const captures = [...slow].filter(([, effects]) =>
          effects.some((effect) => effect.startsWith('captures')),
        );
        if (captures.length > 0 && captures.length <= MAX_FIRST_MOVES) {
          const offered = new Set(first.filter(isMove).map((choice) => choice.value));
          for (const [notation] of captures) expect(offered.has(notation), notation).toBe(true);
        }
        expect(game.position()).toBe(before);
        expect(game.plyCount).toBe(plies);
      }
    }
    expect(positions).toBeGreaterThan(20);
  });
});

describe('autocomplete once a square is typed', () => {
  it('narrows to that piece’s moves, each saying what it does, as before', () => {
    const game = captureOnTheRight();
    const fromS5 = suggestMoves(game, 's5');
    expect(fromS5.map((choice) => choice.value)).toEqual(
      game
        .legalMoves({ from: 's5' })
        .map((move) => move.notation)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
        .slice(0, MAX_SUGGESTIONS),
    );
    expect(fromS5.filter(isMove).find((choice) => choice.value === 's5-s10')?.move.effects).toEqual([
      { kind: 'captures', squares: ['r10'] },
    ]);
    expect(suggestMoves(game, 's5-s3').map((choice) => choice.value)).toEqual(['s5-s3']);
    expect(suggestMoves(game, 'zz9')).toEqual([]);
  });
});

describe('choice names in each language', () => {
  it('a piece, with its moves counted', () => {
    const piece = (moves: number): Suggestion => ({
      value: 'a4',
      piece: { square: 'a4', kind: 'attacker', moves },
    });
    expect(suggestionName(en, piece(6))).toBe('a4: attacker, 6 moves');
    expect(suggestionName(en, piece(1))).toBe('a4: attacker, 1 move');
    expect(suggestionName(de, piece(6))).toBe('a4: Angreifer, 6 Züge');
    expect(suggestionName(de, piece(1))).toBe('a4: Angreifer, 1 Zug');
    const king: Suggestion = { value: 'j10', piece: { square: 'j10', kind: 'king', moves: 3 } };
    expect(suggestionName(de, king)).toBe('j10: König, 3 Züge');
  });

  it('every effect, in English and in German, and several captures as a list', () => {
    const move = (effects: MoveSuggestion['move']['effects']): Suggestion => ({
      value: 'e5-e8',
      move: { notation: 'e5-e8', effects },
    });
    const all = move([
      { kind: 'king-move' },
      { kind: 'captures', squares: ['e9', 'f8', 'd8'] },
      { kind: 'threatens-escape' },
    ]);
    expect(suggestionName(en, all)).toBe('e5-e8: king move; captures e9, f8, and d8; threatens to escape');
    expect(suggestionName(de, all)).toBe('e5-e8: Königszug; schlägt e9, f8 und d8; droht zu entkommen');
    const kinds = [
      'draws',
      'loses',
      'blocks-escape',
      'threatens-king',
      'closes-in',
      'protects-king',
      'exposes-king',
    ] as const;
    for (const kind of kinds) {
      const english = suggestionName(en, move([{ kind }]));
      const german = suggestionName(de, move([{ kind }]));
      expect(english, kind).toMatch(/^e5-e8: \S/);
      expect(german, kind).not.toBe(english);
    }
    expect(suggestionName(en, move([{ kind: 'wins', reason: 'king-captured' }]))).toBe(
      'e5-e8: captures the king',
    );
    expect(suggestionName(de, move([{ kind: 'wins', reason: 'king-captured' }]))).toBe(
      'e5-e8: fängt den König',
    );
    expect(suggestionName(en, move([]))).toBe('e5-e8');
  });
});
