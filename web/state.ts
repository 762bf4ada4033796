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
  threats: string[];
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
    study: string;
    lookingBack: string;
    startPosition: string;
    backToLive: string;
    first: string;
    previous: string;
    next: string;
    last: string;
    pieces: Record<PieceKind | 'empty', string>;
  };
}

/** What a board picture needs: the live state, or a position looked back at or played on to. */
export type Drawn = Pick<
  BoardState,
  'variantName' | 'size' | 'drawnOn' | 'board' | 'special' | 'lastMove' | 'legal' | 'threats'
> & { labels: { pieces: BoardState['labels']['pieces'] } };

/** A position of a game (src/web/study.ts): looked back at, or played on to from one. */
export interface PositionState extends Omit<Drawn, 'labels'> {
  gameId: string;
  ply: number;
  line: string[];
  turn: Side;
  situation: string;
  over: boolean;
}

/** A finished game to study (src/web/study.ts). */
export interface StudyState {
  gameId: string;
  variantName: string;
  players: Record<Side, { name: string }>;
  moves: string[];
  situation: string;
  you: Side | null;
  review: {
    chances: number[];
    worst: {
      ply: number;
      side: Side;
      notation: string;
      better: string | null;
      verdict: string;
      blunder: boolean;
    }[];
    accuracy: Record<Side, number | null>;
  } | null;
  labels: {
    title: string;
    moves: string;
    signOut: string;
    lookingBack: string;
    startPosition: string;
    backToGame: string;
    first: string;
    previous: string;
    next: string;
    last: string;
    playOn: string;
    yourLine: string;
    askAi: string;
    thinking: string;
    aiLine: string;
    review: string;
    noReview: string;
    plot: string;
    worstMoves: string;
    better: string;
    accuracy: string | null;
    pieces: Record<PieceKind | 'empty', string>;
  };
}

/** The AI's view of a position (src/web/study.ts). */
export interface AiView {
  chance: number;
  depth: number;
  line: string[];
  text: string;
}

/** A template from the server with `{{name}}` places, filled as text. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

export const squareName = (file: number, rank: number): string =>
  `${String.fromCharCode(97 + file)}${rank + 1}`;
