/**
 * Autocomplete for /move. With nothing typed, the moves a player most likely wants come first
 * (wins, captures, escapes, threats to the king, king moves), each saying what it does, then the
 * pieces that can move, nearest the king first. Once a square is typed, that piece's moves; more
 * text narrows them. Language-free: the command words each choice from its particulars.
 */
import type {
  EndReason,
  Game,
  GameResult,
  LegalMove,
  PieceKind,
  PlayAttempt,
  Side,
  Square,
} from '../engine/index.ts';

/** Discord shows at most 25 choices. */
export const MAX_SUGGESTIONS = 25;
/** With nothing typed, at most this many moves come before the pieces, so that some pieces always show. */
export const MAX_FIRST_MOVES = 20;

/** What a move does, as the player would want it said. */
export type MoveEffect =
  /** The move ends the game in the mover's favour (the king escapes, is captured, …). */
  | { kind: 'wins'; reason: EndReason }
  | { kind: 'draws' }
  | { kind: 'loses' }
  | { kind: 'king-move' }
  | { kind: 'captures'; squares: Square[] }
  /** Attackers: the king could escape next move; after this he cannot. */
  | { kind: 'blocks-escape' }
  /** Attackers: after this the king can be captured next move. */
  | { kind: 'threatens-king' }
  /** Attackers: lands next to the king (orthogonally or diagonally). */
  | { kind: 'closes-in' }
  /** Defenders: after this the king can escape next move. */
  | { kind: 'threatens-escape' }
  /** Defenders: the king could be captured next move; after this he cannot. */
  | { kind: 'protects-king' }
  /** Defenders: after this the king can be captured next move. */
  | { kind: 'exposes-king' };

export interface PieceSuggestion {
  /** The square, which the player then completes to a move. */
  value: Square;
  piece: { square: Square; kind: PieceKind; moves: number };
}

export interface MoveSuggestion {
  /** The move, as /move takes it. */
  value: string;
  move: { notation: string; effects: MoveEffect[] };
}

export type Suggestion = PieceSuggestion | MoveSuggestion;

type Point = { file: number; rank: number };

function point(square: Square): Point {
  return { file: square.charCodeAt(0) - 97, rank: Number(square.slice(1)) - 1 };
}

/** Moves in board order, a2 before a10: by file and rank of the square moved from, then of the square moved to. */
function inSquareOrder(moves: LegalMove[]): LegalMove[] {
  const key = (move: LegalMove) => {
    const from = point(move.from);
    const to = point(move.to);
    return ((from.file * 32 + from.rank) * 32 + to.file) * 32 + to.rank;
  };
  return moves
    .map((move) => ({ move, key: key(move) }))
    .sort((a, b) => a.key - b.key)
    .map(({ move }) => move);
}

type Board = (PieceKind | null)[][];
const ORTHOGONAL: readonly Point[] = [
  { file: 1, rank: 0 },
  { file: -1, rank: 0 },
  { file: 0, rank: 1 },
  { file: 0, rank: -1 },
];

/**
 * The position before the move, and a copy of its board that a move is laid on for a quick look.
 * Playing every move in the engine and asking it for the opponent's replies (`Game.threats()`) is
 * dear on 19x19 (some 500 moves); the board tells cheaply which moves cannot capture and cannot
 * change the king's threats, and only the others go to the engine, whose answer decides.
 */
class BoardBefore {
  readonly side: Side;
  readonly board: Board;
  readonly king: Point | null = null;
  readonly kingCanEscape: boolean;
  readonly kingCanBeCaptured: boolean;
  /** The defenders' king stands on the edge in a variant with exit forts: any of their moves may close one. */
  readonly fortMayClose: boolean;

  constructor(game: Game) {
    const snapshot = game.snapshot();
    this.side = game.turn;
    this.board = snapshot.board.map((row) => [...row]);
    for (let rank = 0; rank < this.board.length && !this.king; rank++) {
      const file = this.board[rank].indexOf('king');
      if (file >= 0) this.king = { file, rank };
    }
    this.kingCanEscape = snapshot.threats.kingCanEscape;
    this.kingCanBeCaptured = snapshot.threats.kingCanBeCaptured;
    const king = this.king as Point | null;
    const edge = snapshot.size - 1;
    this.fortMayClose =
      this.side === 'defenders' &&
      game.variant.end.exitFort &&
      king !== null &&
      (king.file === 0 || king.rank === 0 || king.file === edge || king.rank === edge);
  }

  /** On the king's rank or file. */
  onKingLines(square: Point): boolean {
    return this.king !== null && (square.file === this.king.file || square.rank === this.king.rank);
  }

  /** On the three ranks or the three files through the king. */
  nearKing(square: Point): boolean {
    const { king } = this;
    return (
      king !== null && (Math.abs(square.file - king.file) <= 1 || Math.abs(square.rank - king.rank) <= 1)
    );
  }

  /** The piece on a square; undefined off the board. */
  at(square: Point): PieceKind | null | undefined {
    return this.board[square.rank]?.[square.file];
  }

  /** Whether a piece of the other side stands orthogonally next to `square`: no capture without one. */
  enemyNextTo(square: Point): boolean {
    for (const step of ORTHOGONAL) {
      const piece = this.at({ file: square.file + step.file, rank: square.rank + step.rank });
      if (piece && (piece === 'attacker') !== (this.side === 'attackers')) return true;
    }
    return false;
  }

  /**
   * Whether, after `from`-`to` capturing `captured`, an attacker has an open line to an empty square
   * next to the king. The engine counts the king capturable only by an attacker's move to such a
   * square, so without one he is not (the engine's rules may refuse even some of these moves).
   */
  attackerReachesKing(from: Point, to: Point, captured: readonly Point[]): boolean {
    const { board } = this;
    const moving = board[from.rank][from.file];
    const taken = captured.map((square) => board[square.rank][square.file]);
    board[from.rank][from.file] = null;
    board[to.rank][to.file] = moving;
    for (const square of captured) board[square.rank][square.file] = null;
    try {
      const king = moving === 'king' ? to : this.king;
      if (!king) return false;
      for (const step of ORTHOGONAL) {
        const file = king.file + step.file;
        const rank = king.rank + step.rank;
        if (board[rank]?.[file] !== null) continue;
        for (const line of ORTHOGONAL) {
          let f = file + line.file;
          let r = rank + line.rank;
          while (board[r]?.[f] === null) {
            f += line.file;
            r += line.rank;
          }
          if (board[r]?.[f] === 'attacker') return true;
        }
      }
      return false;
    } finally {
      captured.forEach((square, index) => {
        board[square.rank][square.file] = taken[index];
      });
      board[to.rank][to.file] = null;
      board[from.rank][from.file] = moving;
    }
  }
}

function resultEffect(result: GameResult, mover: Side): MoveEffect {
  if (result.winner === null) return { kind: 'draws' };
  return result.winner === mover ? { kind: 'wins', reason: result.reason } : { kind: 'loses' };
}

/**
 * What a move does. Only a king move or a move next to an enemy piece can capture or end the game
 * (an exit fort, looked for whenever one may close, an enclosure and a repetition aside), and only a move that lets an attacker reach the king or
 * touches his lines to the escapes can change his threats: those are played in the engine and
 * taken back, so the game is left as it was; the rest are read off the board.
 */
function effectsOf(game: Game, move: LegalMove, was: BoardBefore): MoveEffect[] {
  const from = point(move.from);
  const to = point(move.to);
  const isKing = was.at(from) === 'king';
  const attackers = was.side === 'attackers';
  const king = was.king;
  const effects: MoveEffect[] = [];
  if (isKing) effects.push({ kind: 'king-move' });

  let captured: Point[] = [];
  let attempt: PlayAttempt | null = null;
  if (isKing || was.fortMayClose || was.enemyNextTo(to)) {
    attempt = game.tryPlay(move);
    if (!attempt.ok) return [];
    captured = attempt.move.captured.map(point);
  }
  try {
    const result = game.result;
    // "King escapes" says it all: a king move that ends the game is not also called a king move.
    if (attempt?.ok && result) effects.splice(0, effects.length, resultEffect(result, was.side));
    if (attempt?.ok && attempt.move.captured.length > 0)
      effects.push({ kind: 'captures', squares: [...attempt.move.captured] });
    if ((attempt?.ok && result) || !king) return effects;

    // A move off the three ranks and files through the king, capturing nothing there, changes
    // neither who can reach the squares next to him nor what stands on them.
    const nearby =
      isKing || was.nearKing(from) || was.nearKing(to) || captured.some((square) => was.nearKing(square));
    const reaches = nearby && was.attackerReachesKing(from, to, captured);
    const escapeMayChange = attackers
      ? was.kingCanEscape && was.onKingLines(to)
      : isKing || was.onKingLines(from) || captured.some((square) => was.onKingLines(square));
    const captureMayChange = reaches && !(attackers && was.kingCanBeCaptured);
    let after = {
      kingCanEscape: was.kingCanEscape,
      kingCanBeCaptured: nearby ? reaches && was.kingCanBeCaptured : was.kingCanBeCaptured,
    };
    if (escapeMayChange || captureMayChange) {
      if (!attempt) {
        attempt = game.tryPlay(move);
        if (!attempt.ok) return [];
        // An end no board look foresees (an enclosure, a repetition): say so, and nothing more.
        if (game.result) return [resultEffect(game.result, was.side)];
      }
      after = game.threats();
    }
    if (attackers) {
      if (was.kingCanEscape && !after.kingCanEscape) effects.push({ kind: 'blocks-escape' });
      if (!was.kingCanBeCaptured && after.kingCanBeCaptured) effects.push({ kind: 'threatens-king' });
      else if (Math.abs(to.file - king.file) <= 1 && Math.abs(to.rank - king.rank) <= 1)
        effects.push({ kind: 'closes-in' });
    } else {
      if (after.kingCanEscape && (isKing || !was.kingCanEscape)) effects.push({ kind: 'threatens-escape' });
      if (was.kingCanBeCaptured && !after.kingCanBeCaptured) effects.push({ kind: 'protects-king' });
      if (!was.kingCanBeCaptured && after.kingCanBeCaptured) effects.push({ kind: 'exposes-king' });
    }
    return effects;
  } finally {
    if (attempt?.ok) game.undo();
  }
}

/** How much a player is likely to want a move with these effects; above 0 it is listed before the pieces. */
function weight(effects: readonly MoveEffect[]): number {
  let total = 0;
  for (const effect of effects) {
    switch (effect.kind) {
      case 'wins':
        total += 100_000;
        break;
      case 'loses':
        total -= 100_000;
        break;
      case 'blocks-escape':
      case 'protects-king':
        total += 20_000;
        break;
      case 'captures':
        total += 1_000 * effect.squares.length;
        break;
      case 'threatens-king':
      case 'threatens-escape':
        total += 500;
        break;
      case 'closes-in':
        total += 100;
        break;
      case 'king-move':
        total += 50;
        break;
      case 'exposes-king':
        // Still listed when it captures, so the player sees the price; not for less.
        total -= 900;
        break;
      case 'draws':
        break;
    }
  }
  return total;
}

export function suggestMoves(game: Game, typed: string): Suggestion[] {
  const text = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  const moves = inSquareOrder(game.legalMoves());
  if (moves.length === 0) return [];
  const movesOf = new Map<string, number>();
  for (const move of moves) movesOf.set(move.from, (movesOf.get(move.from) ?? 0) + 1);
  const pieces = [...movesOf.keys()];
  const pieceChoice = (square: Square): PieceSuggestion => ({
    value: square,
    piece: { square, kind: game.pieceAt(square) ?? 'attacker', moves: movesOf.get(square) ?? 0 },
  });
  const was = new BoardBefore(game);
  const moveChoice = (move: LegalMove, effects = effectsOf(game, move, was)): MoveSuggestion => ({
    value: move.notation,
    move: { notation: move.notation, effects },
  });

  if (text === '') {
    const ranked: { move: LegalMove; effects: MoveEffect[]; weight: number }[] = [];
    for (const move of moves) {
      const effects = effectsOf(game, move, was);
      const wanted = weight(effects);
      if (wanted > 0) ranked.push({ move, effects, weight: wanted });
    }
    // Stable: equal weights keep square order.
    ranked.sort((a, b) => b.weight - a.weight);
    const first = ranked.slice(0, MAX_FIRST_MOVES).map(({ move, effects }) => moveChoice(move, effects));
    const king = was.king;
    const distance = (square: Square) => {
      if (!king) return 0;
      const at = point(square);
      return Math.max(Math.abs(at.file - king.file), Math.abs(at.rank - king.rank));
    };
    const nearestFirst = pieces
      .map((square) => ({ square, distance: distance(square) }))
      .sort((a, b) => a.distance - b.distance)
      .map(({ square }) => pieceChoice(square));
    return [...first, ...nearestFirst].slice(0, MAX_SUGGESTIONS);
  }

  const parts = /^([a-z])(\d{0,2})(?:\s*[-\s]?\s*([a-z]?)(\d{0,2}))?$/.exec(text);
  if (!parts) return [];
  const [, file, rank, toFile = '', toRank = ''] = parts;
  const from = `${file}${rank}`;

  if (toFile === '' && toRank === '' && !/[-\s]$/.test(text)) {
    // Only a square, or the start of one: that piece's moves first, then other pieces it could begin.
    const own = moves
      .filter((move) => move.from === from)
      .slice(0, MAX_SUGGESTIONS)
      .map((move) => moveChoice(move));
    const others = pieces.filter((square) => square !== from && square.startsWith(from)).map(pieceChoice);
    return [...own, ...others].slice(0, MAX_SUGGESTIONS);
  }
  const toPrefix = `${toFile}${toRank}`;
  return moves
    .filter((move) => move.from === from && move.to.startsWith(toPrefix))
    .slice(0, MAX_SUGGESTIONS)
    .map((move) => moveChoice(move));
}

/** Every move of the piece on `from`, in board order, each with what it does (the move picker's destinations). */
export function pieceMoves(game: Game, from: Square): MoveSuggestion[] {
  const was = new BoardBefore(game);
  return inSquareOrder(game.legalMoves().filter((move) => move.from === from)).map((move) => ({
    value: move.notation,
    move: { notation: move.notation, effects: effectsOf(game, move, was) },
  }));
}

/** The squares of the pieces that can move, in board order (a2 before a10), each with its number of moves. */
export function movablePieces(game: Game): { square: Square; kind: PieceKind; moves: number }[] {
  const counts = new Map<Square, number>();
  for (const move of inSquareOrder(game.legalMoves()))
    counts.set(move.from, (counts.get(move.from) ?? 0) + 1);
  return [...counts].map(([square, moves]) => ({ square, kind: game.pieceAt(square) ?? 'attacker', moves }));
}
