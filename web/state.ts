/** What the server sends the page (src/web/board-state.ts): the page draws it as it is. */
export type Side = 'attackers' | 'defenders';
export type PieceKind = 'attacker' | 'defender' | 'guard' | 'king';

export interface BoardState {
  gameId: string;
  variantName: string;
  size: number;
  drawnOn: 'points' | 'squares';
  board: (PieceKind | null)[][];
  special: { throne: string; escapes: string[]; edgeEscape: boolean };
  players: Record<Side, { name: string }>;
  turn: Side;
  ply: number;
  version: number;
  lastMove: { from: string; to: string; captured: string[] } | null;
  moves: string[];
  finished: boolean;
  situation: string;
  you: Side | null;
  legal: Record<string, string[]>;
  clock: {
    now: number;
    deadline: number;
    left: Record<Side, number> | null;
    stood: boolean;
  } | null;
  actions: {
    resign: boolean;
    draw: 'offer' | 'accept' | 'offered' | null;
    undo: 'ask' | 'accept' | 'asked' | null;
    moreTime: string | null;
  } | null;
  labels: {
    role: string;
    yourTurn: string;
    moves: string;
    signOut: string;
    reconnecting: string;
    resign: string;
    confirmResign: string;
    offerDraw: string;
    acceptDraw: string;
    drawOffered: string;
    askUndo: string;
    acceptUndo: string;
    undoAsked: string;
    clockStood: string;
    clocks: string;
    pieces: Record<PieceKind | 'empty', string>;
  };
}

export const squareName = (file: number, rank: number): string =>
  `${String.fromCharCode(97 + file)}${rank + 1}`;
