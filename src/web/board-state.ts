/**
 * What the page is shown: the board as the engine sees it, the players, whose turn, the last move,
 * the move list, the result, and the legal moves of the side to move, so that the page marks
 * destinations without knowing a single rule. Pure: a game in, plain JSON out.
 */
import { sideOf } from '../core/players.ts';
import type { PieceKind, Side, SpecialSquares } from '../engine/index.ts';
import type { GameForRecord } from '../game/records.ts';
import { type Messages, resultText } from '../i18n/index.ts';
import { type PageLabels, pageLabels, type WebMessages, webMessagesFor } from '../i18n/web.ts';

export interface BoardState {
  gameId: string;
  variantName: string;
  size: number;
  drawnOn: 'points' | 'squares';
  /** `board[rank][file]`, rank 0 the bottom row (rank 1), file 0 file `a`. */
  board: (PieceKind | null)[][];
  special: SpecialSquares;
  players: Record<Side, { name: string }>;
  turn: Side;
  /** The ply the page shows: its move is refused once the game has gone past it. */
  ply: number;
  lastMove: { from: string; to: string; captured: string[] } | null;
  moves: string[];
  finished: boolean;
  /** Who is to move, or how the game ended, in the viewer's language. */
  situation: string;
  /** The viewer's side, or null for a spectator. */
  you: Side | null;
  /** The side to move's legal moves, from square to squares; empty unless the viewer is to move. */
  legal: Record<string, string[]>;
  labels: PageLabels;
}

export function boardState(m: Messages, record: GameForRecord, viewerId: string): BoardState {
  const { game } = record;
  const snapshot = game.snapshot();
  const you = sideOf(record.players, viewerId);
  const finished = record.finished || game.isGameOver();
  const legal: Record<string, string[]> = {};
  if (!finished && you === game.turn)
    for (const move of game.legalMoves()) legal[move.from] = [...(legal[move.from] ?? []), move.to];
  const words = webMessagesFor(m.language);
  return {
    gameId: record.id,
    variantName: snapshot.variantName,
    size: snapshot.size,
    drawnOn: snapshot.drawnOn,
    board: snapshot.board,
    special: snapshot.special,
    players: {
      attackers: { name: record.players.attackers.name },
      defenders: { name: record.players.defenders.name },
    },
    turn: game.turn,
    ply: game.plyCount,
    lastMove: snapshot.lastMove,
    moves: game.history().map((move) => move.notation),
    finished,
    situation: situationText(m, words, record),
    you,
    legal,
    labels: pageLabels(words, you),
  };
}

function situationText(m: Messages, labels: WebMessages, record: GameForRecord): string {
  const { game } = record;
  const result = game.result;
  if (record.aborted) return labels.aborted;
  if (!result) {
    const side = game.turn;
    return labels.toMove({ name: record.players[side].name, side: labels.side(side) });
  }
  const how = resultText(m, result, game.variant.end.repetition, game.turn);
  if (!result.winner) return labels.drawn({ how });
  return labels.won({ name: record.players[result.winner].name, side: labels.side(result.winner), how });
}
