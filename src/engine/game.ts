/**
 * A game of tafl: the engine's public face. Plain data in and out; the fast core stays inside.
 *
 *   const game = new Game('fetlar');
 *   while (!game.result) game.play(randomItem(game.legalMoves()).notation);
 */

import { escapeLines } from './escape.ts';
import { moveRecord, PIECE_KIND, readPosition, readSquare, squareName, writePosition } from './notation.ts';
import { DRAW, exitFortRegion, judge, type Verdict } from './outcome.ts';
import { KING_CAPTURED, moveBufferSize, moveFrom, moveTo, Position } from './position.ts';
import { ATTACKERS, DEFENDERS, type RuleTables, rulesFor } from './rules.ts';
import { otherSide } from './sides.ts';
import { couldStillWin } from './time-out.ts';
import type {
  BoardSnapshot,
  EndReason,
  GameResult,
  PieceKind,
  PlayedMove,
  Side,
  Square,
  VariantId,
  VariantKey,
} from './types.ts';
import { parseMove, type Refusal, refusal, refusalFor } from './validation.ts';
import { getVariant, isVariantId, type Variant } from './variants.ts';

export interface GameSetup {
  /** A built-in variant's id, or a whole rule set (a server's, read from a rules string). */
  variant: VariantId | Variant;
  /** OpenTafl position notation (first row record = rank 1); the variant's layout when absent. */
  position?: string;
  /** Who moves first from `position`; the variant's first mover when absent. */
  sideToMove?: Side;
}

export interface LegalMove {
  from: Square;
  to: Square;
  /** `from-to`, the form `play` accepts. */
  notation: string;
}

/** Thrown by `play` for a move the rules do not allow; `code` and `params` say why (src/i18n words them for players). */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
  readonly code: Refusal['code'];
  readonly params: Refusal['params'];
  constructor(refusal: Refusal) {
    super(`illegal move (${refusal.code}${refusal.params.square ? ` ${refusal.params.square}` : ''})`);
    this.code = refusal.code;
    this.params = refusal.params;
  }
}

export type PlayAttempt = { ok: true; move: PlayedMove } | { ok: false; refusal: Refusal };

export const SIDES: readonly Side[] = ['attackers', 'defenders'];
const sideCode = (side: Side) => (side === 'attackers' ? ATTACKERS : DEFENDERS);

export class Game {
  readonly variant: Variant;
  readonly setup: Readonly<{ variant: VariantKey; position: string; sideToMove: Side; custom: boolean }>;
  private readonly rules: RuleTables;
  private readonly core: Position;
  private readonly played: PlayedMove[] = [];
  private ending: GameResult | null = null;
  private readonly buffer: Int32Array;

  constructor(setup: VariantId | GameSetup) {
    const options = typeof setup === 'string' ? { variant: setup } : setup;
    if (typeof options.variant === 'string' && !isVariantId(options.variant))
      throw new Error(`unknown variant "${options.variant}"`);
    this.variant = typeof options.variant === 'string' ? getVariant(options.variant) : options.variant;
    this.rules = rulesFor(this.variant);
    const position = options.position ?? this.variant.layout;
    const sideToMove = options.sideToMove ?? this.variant.firstToMove;
    if (!SIDES.includes(sideToMove)) throw new Error(`unknown side "${sideToMove}"`);
    const cells = Position.empty(this.rules);
    readPosition(this.rules, position, cells);
    this.core = new Position(this.rules, cells, sideCode(sideToMove));
    this.setup = {
      variant: this.variant.id,
      position: writePosition(this.rules, cells),
      sideToMove,
      custom: options.position !== undefined || options.sideToMove !== undefined,
    };
    this.buffer = new Int32Array(moveBufferSize(this.rules));
    this.ending = this.verdictToResult(judgeStart(this.core));
  }

  get turn(): Side {
    return SIDES[this.core.sideToMove];
  }

  get result(): GameResult | null {
    return this.ending;
  }

  isGameOver(): boolean {
    return this.ending !== null;
  }

  /** Plies played so far. */
  get plyCount(): number {
    return this.played.length;
  }

  /** The position in OpenTafl notation, first row record = rank 1. */
  position(): string {
    return writePosition(this.rules, this.core.cells);
  }

  pieceAt(square: Square): PieceKind | null {
    const reading = readSquare(this.rules, square);
    if (!reading.ok) return null;
    return PIECE_KIND[this.core.cells[reading.cell]] ?? null;
  }

  /** The legal moves of the side to move, optionally only those of the piece on `from`. */
  legalMoves(filter: { from?: Square } = {}): LegalMove[] {
    if (this.ending) return [];
    let only = -1;
    if (filter.from !== undefined) {
      const reading = readSquare(this.rules, filter.from);
      if (!reading.ok) return [];
      only = reading.cell;
    }
    const count = this.core.generateMoves(this.buffer);
    const moves: LegalMove[] = [];
    for (let i = 0; i < count; i++) {
      const move = this.buffer[i];
      if (only >= 0 && moveFrom(move) !== only) continue;
      const from = squareName(this.rules, moveFrom(move));
      const to = squareName(this.rules, moveTo(move));
      moves.push({ from, to, notation: `${from}-${to}` });
    }
    return moves;
  }

  /** The squares of the side to move's pieces that have at least one legal move. */
  movablePieces(): Square[] {
    const squares = new Set<Square>();
    for (const move of this.legalMoves()) squares.add(move.from);
    return [...squares];
  }

  /** Plays a move such as `e5-e8`; throws IllegalMoveError with the reason when it is not legal. */
  play(move: string | { from: Square; to: Square }): PlayedMove {
    const attempt = this.tryPlay(move);
    if (!attempt.ok) throw new IllegalMoveError(attempt.refusal);
    return attempt.move;
  }

  /** Like `play`, but answers a refusal instead of throwing. */
  tryPlay(move: string | { from: Square; to: Square }): PlayAttempt {
    const attempt = this.playUnjudged(move);
    if (attempt.ok) this.ending = this.verdictToResult(judge(this.core));
    return attempt;
  }

  /**
   * Plays a stored game's moves, each checked as `tryPlay` checks it, but judges the end of the
   * game once, after the last: a stored game went on after each of the others. Loading a long
   * game is then several times faster. Returns the index of the first move refused, with why.
   */
  replay(moves: readonly { from: Square; to: Square }[]): { index: number; refusal: Refusal } | null {
    for (const [index, move] of moves.entries()) {
      const attempt = this.playUnjudged(move);
      if (!attempt.ok) return { index, refusal: attempt.refusal };
    }
    if (moves.length > 0) this.ending = this.verdictToResult(judge(this.core));
    return null;
  }

  private playUnjudged(move: string | { from: Square; to: Square }): PlayAttempt {
    if (this.ending) return { ok: false, refusal: refusal('game-over') };
    const text = typeof move === 'string' ? move : `${move.from}-${move.to}`;
    const parsed = parseMove(this.rules, text);
    if (!parsed.ok) return parsed;
    const refused = refusalFor(this.core, parsed.from, parsed.to);
    if (refused) return { ok: false, refusal: refused };

    const core = this.core;
    const side = SIDES[core.sideToMove];
    const piece = PIECE_KIND[core.cells[parsed.from]];
    core.make(parsed.from | (parsed.to << 9));
    const captured = core
      .lastCaptures()
      .sort((a, b) => a - b)
      .map((cell) => squareName(this.rules, cell));
    const from = squareName(this.rules, parsed.from);
    const to = squareName(this.rules, parsed.to);
    const played: PlayedMove = {
      from,
      to,
      side,
      piece,
      captured,
      notation: moveRecord(from, to, captured),
      ply: this.played.length + 1,
    };
    this.played.push(played);
    return { ok: true, move: played };
  }

  /** Takes back the last move. Not after a resignation, agreed draw or timeout. */
  undo(): PlayedMove | null {
    if (this.ending && !BOARD_REASONS.has(this.ending.reason)) {
      throw new Error(`a game ended by ${this.ending.reason} cannot be taken back`);
    }
    const last = this.played.pop();
    if (!last) return null;
    this.core.unmake();
    this.ending = null;
    return last;
  }

  history(): PlayedMove[] {
    return [...this.played];
  }

  resign(side: Side): GameResult {
    return this.endBy(otherSide(side), 'resignation');
  }

  agreeDraw(): GameResult {
    return this.endBy(null, 'agreed-draw');
  }

  /** The side whose time ran out loses, or draws when its opponent could never win (time-out.ts). */
  timeOut(side: Side): GameResult {
    const opponent = otherSide(side);
    let attackers = 0;
    for (const row of this.snapshot().board) for (const piece of row) if (piece === 'attacker') attackers++;
    return this.endBy(couldStillWin(this.variant, opponent, attackers) ? opponent : null, 'timeout');
  }

  /** Ends the game by an event off the board. Used by these verbs and by loading a stored game. */
  endBy(winner: Side | null, reason: EndReason): GameResult {
    if (this.ending) throw new Error('the game is over');
    if (BOARD_REASONS.has(reason)) throw new Error(`${reason} is decided by the board, not declared`);
    this.ending = { winner, reason };
    return this.ending;
  }

  /** The king's threats the picture flags: he could reach an escape square, or be captured, next move. */
  threats(): BoardSnapshot['threats'] {
    const core = this.core;
    if (this.ending || core.king < 0) return { kingCanEscape: false, kingCanBeCaptured: false };
    const { directions } = this.rules;
    const kingCanEscape = escapeLines(core) > 0;
    let kingCanBeCaptured = false;
    const count = core.generateMoves(this.buffer, ATTACKERS);
    for (let i = 0; i < count && !kingCanBeCaptured; i++) {
      const to = moveTo(this.buffer[i]);
      if (!directions.some((d) => to + d === core.king)) continue;
      core.make(this.buffer[i]);
      kingCanBeCaptured = core.status === KING_CAPTURED;
      core.unmake();
    }
    return { kingCanEscape, kingCanBeCaptured };
  }

  /** Everything a picture of the board needs. */
  snapshot(): BoardSnapshot {
    const { size, width } = this.rules;
    const board: (PieceKind | null)[][] = [];
    for (let rank = 0; rank < size; rank++) {
      const row: (PieceKind | null)[] = [];
      for (let file = 0; file < size; file++)
        row.push(PIECE_KIND[this.core.cells[(rank + 1) * width + file + 1]] ?? null);
      board.push(row);
    }
    const last = this.played.at(-1);
    const escapes: Square[] = [];
    for (const cell of this.rules.squares)
      if (this.rules.corner[cell] === 1) escapes.push(squareName(this.rules, cell));
    return {
      variant: this.variant.id,
      variantName: this.variant.name,
      repetition: this.variant.end.repetition,
      size,
      drawnOn: this.variant.drawnOn,
      board,
      special: {
        throne: squareName(this.rules, this.rules.throne),
        escapes,
        edgeEscape: this.variant.escapeSquares === 'edge',
      },
      sideToMove: this.turn,
      moveNumber: Math.floor(this.played.length / 2) + 1,
      plyCount: this.played.length,
      lastMove: last ? { from: last.from, to: last.to, captured: [...last.captured] } : null,
      result: this.ending,
      exitFort:
        this.ending?.reason === 'exit-fort'
          ? exitFortRegion(this.core).map((cell) => squareName(this.rules, cell))
          : [],
      threats: this.threats(),
    };
  }

  private verdictToResult(verdict: Verdict | null): GameResult | null {
    if (!verdict) return null;
    const winner = verdict.winner === DRAW ? null : SIDES[verdict.winner];
    const kingSquare =
      (verdict.reason === 'king-escaped' ||
        verdict.reason === 'exit-fort' ||
        verdict.reason === 'king-captured') &&
      this.core.king >= 0
        ? { square: squareName(this.rules, this.core.king) }
        : {};
    return { winner, reason: verdict.reason, ...kingSquare };
  }
}

/** End reasons the board decides, as opposed to resignation, agreement or the clock. */
const BOARD_REASONS = new Set<EndReason>([
  'king-escaped',
  'exit-fort',
  'king-captured',
  'enclosed',
  'repetition',
  'no-legal-move',
]);

/** A set-up position can already be decided, e.g. the side to move has no move or the king stands on an escape. */
function judgeStart(position: Position): Verdict | null {
  if (position.king >= 0 && position.rules.escape[position.king] === 1) {
    return { winner: DEFENDERS, reason: 'king-escaped' };
  }
  return judge(position);
}
