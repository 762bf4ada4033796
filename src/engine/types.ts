/** The plain data the engine speaks to the rest of the program. */

export type Side = 'attackers' | 'defenders';

export type PieceKind = 'attacker' | 'defender' | 'guard' | 'king';

export type VariantId =
  | 'alea-guards'
  | 'alea-armed'
  | 'alea-walker'
  | 'fetlar'
  | 'copenhagen'
  | 'brandubh'
  | 'tablut';

/**
 * A rule set a server added from an OpenTafl rules string: `server:<slug>`, the slug made from its
 * name. Unique within its server; the rules themselves travel with every game played by them.
 */
export type ServerVariantId = `server:${string}`;

/** A built-in variant's id or a server variant's. */
export type VariantKey = VariantId | ServerVariantId;

/** A square in tafl coordinates: file letter then rank number, `a1` bottom-left. */
export type Square = string;

export type EndReason =
  | 'king-escaped'
  | 'exit-fort'
  | 'king-captured'
  | 'enclosed'
  | 'no-legal-move'
  | 'repetition'
  | 'resignation'
  | 'agreed-draw'
  | 'timeout';

export interface GameResult {
  /** null is a draw. */
  winner: Side | null;
  reason: EndReason;
  /** Where the king escaped or was captured. */
  square?: Square;
}

/** One move as played, ready to print. */
export interface PlayedMove {
  from: Square;
  to: Square;
  side: Side;
  piece: PieceKind;
  /** Squares whose pieces this move captured, in board order. */
  captured: Square[];
  /** Algebraic tafl notation with captures, e.g. `e5-e8xe9/e10`. */
  notation: string;
  /** 1-based ply number of this move in the game. */
  ply: number;
}

export interface SpecialSquares {
  /** The centre: throne (armed-king, Fetlar) or centre point (guard, Walker rules). */
  throne: Square;
  /**
   * The marked escape squares: the 16 citadel points on 19x19, the 4 corners elsewhere; empty
   * when the king escapes to any edge square (`edgeEscape`).
   */
  escapes: Square[];
  /** The king wins on reaching any square of the board edge (Tablut). */
  edgeEscape: boolean;
}

/**
 * Everything a picture of the board needs, computed by the engine.
 * `board[rank][file]`, rank 0 is rank 1 (the bottom row), file 0 is file `a`.
 */
export interface BoardSnapshot {
  variant: VariantKey;
  variantName: string;
  /** The variant's repetition rule, for telling how a game ended by repetition. */
  repetition: { occurrence: 2 | 3; outcome: 'draw' | 'mover-loses' | 'defenders-lose' };
  size: number;
  /** Whether the board is drawn on points (intersections, Alea Evangelii) or squares (Fetlar). */
  drawnOn: 'points' | 'squares';
  board: (PieceKind | null)[][];
  special: SpecialSquares;
  sideToMove: Side;
  /** Full moves, counted from 1 like chess: ply 1 and 2 are move 1. */
  moveNumber: number;
  plyCount: number;
  lastMove: { from: Square; to: Square; captured: Square[] } | null;
  result: GameResult | null;
  /** The squares of the exit fort the game was won by (the king's and those he could reach), or none. */
  exitFort: Square[];
  /** Flags for the picture: the king can reach an escape square next move / can be captured next move. */
  threats: { kingCanEscape: boolean; kingCanBeCaptured: boolean };
}
