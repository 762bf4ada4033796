/**
 * What the page is shown: the board as the engine sees it, the players, whose turn, the last move,
 * the move list, the result, and the legal moves of the side to move, so that the page marks
 * destinations without knowing a single rule. Pure: a game in, plain JSON out.
 */
import { sideOf } from '../core/players.ts';
import type { BoardSnapshot, PieceKind, Side, SpecialSquares } from '../engine/index.ts';
import { moreTimeMs } from '../game/clock.ts';
import { timeLeft } from '../game/fischer.ts';
import type { GameForRecord } from '../game/records.ts';
import { clockTime, resumed } from '../game/vacation-clock.ts';
import { type Messages, resultText } from '../i18n/index.ts';
import { lobbyMessagesFor } from '../i18n/lobby.ts';
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
  /**
   * Orders the states of one game: it grows with every change (a move taken back too), and an
   * ended game's is the highest, so a late message never replaces a newer state.
   */
  version: number;
  lastMove: { from: string; to: string; captured: string[] } | null;
  /** The king's threats, in the viewer's language (empty when none). */
  threats: string[];
  moves: string[];
  finished: boolean;
  /** Who is to move, or how the game ended, in the viewer's language. */
  situation: string;
  /** The viewer's side, or null for a spectator. */
  you: Side | null;
  /** The side to move's legal moves, from square to squares; empty unless the viewer is to move. */
  legal: Record<string, string[]>;
  /** The clocks while the game goes on with a time limit; the page ticks them from `now`. */
  clock: ClockState | null;
  /** What the viewer may do besides moving: null for a spectator, or once the game is over. */
  actions: PlayerActions | null;
  labels: PageLabels;
}

export interface ClockState {
  /** The server's time the state was made at: the page counts from it, whatever its own clock says. */
  now: number;
  /** When the side to move runs out (its move's deadline, or its Fischer time's end). */
  deadline: number;
  /** On a Fischer clock, each side's time at `now`; with a time per move, null. */
  left: Record<Side, number> | null;
  /** The clock stands: the player to move is away (a vacation). */
  stood: boolean;
}

export interface PlayerActions {
  resign: boolean;
  /** Offer a draw, accept the opponent's, or wait on one's own; null against the AI. */
  draw: 'offer' | 'accept' | 'offered' | null;
  /** Ask to take back the last move, grant the opponent's request, or wait on one's own; null when none can be. */
  undo: 'ask' | 'accept' | 'asked' | null;
  /** More time for the opponent, labelled with what it gives; null when it cannot be given now. */
  moreTime: string | null;
}

export function boardState(m: Messages, record: GameForRecord, viewerId: string, now: number): BoardState {
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
    variantName: m.variantName(game.variant),
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
    version: record.live?.revision ?? Number.MAX_SAFE_INTEGER,
    lastMove: snapshot.lastMove,
    threats: finished ? [] : threatTexts(m, snapshot.threats),
    moves: game.history().map((move) => move.notation),
    finished,
    situation: situationText(m, words, record),
    you,
    legal,
    clock: finished ? null : clockState(record, now),
    actions: finished || !you ? null : playerActions(m, record, you, now),
    labels: pageLabels(words, you),
  };
}

/** The king's threats as the page lists them, in the viewer's language. */
export function threatTexts(m: Messages, threats: BoardSnapshot['threats']): string[] {
  return [
    ...(threats.kingCanEscape ? [m.picker.alt.kingCanEscape] : []),
    ...(threats.kingCanBeCaptured ? [m.picker.alt.kingCanBeCaptured] : []),
  ];
}

function clockState(record: GameForRecord, now: number): ClockState | null {
  const clock = record.live?.clock;
  if (!clock) return null;
  const at = clockTime(clock, now);
  const fischer = clock.fischer;
  return {
    now,
    deadline: clock.pausedAt === undefined ? clock.deadline : now + (clock.deadline - clock.pausedAt),
    left: fischer
      ? { attackers: timeLeft(fischer, 'attackers', at), defenders: timeLeft(fischer, 'defenders', at) }
      : null,
    stood: clock.pausedAt !== undefined,
  };
}

/** What a player may do now besides moving, as the service would take it (it still decides). */
function playerActions(m: Messages, record: GameForRecord, you: Side, now: number): PlayerActions {
  const live = record.live;
  const ply = record.game.plyCount;
  const request = live?.undoRequest;
  const clock = live?.clock;
  const opponentOnTurn = record.game.turn !== you;
  const lobby = lobbyMessagesFor(m.language);
  const canGiveTime =
    clock && now < resumed(clock, now).deadline && (clock.fischer !== undefined || opponentOnTurn);
  return {
    resign: true,
    draw: live?.ai
      ? null
      : live?.drawOfferedBy === you
        ? 'offered'
        : live?.drawOfferedBy
          ? 'accept'
          : 'offer',
    undo:
      live?.ai || ply === 0 ? null : request?.ply === ply ? (request.by === you ? 'asked' : 'accept') : 'ask',
    moreTime: clock && canGiveTime ? lobby.moreTime({ amount: lobby.amount(moreTimeMs(clock)) }) : null,
  };
}

/** Who is to move, or how the game ended, by name. */
export function situationText(
  m: Messages,
  labels: WebMessages,
  record: Pick<GameForRecord, 'game' | 'players' | 'aborted'>,
): string {
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
