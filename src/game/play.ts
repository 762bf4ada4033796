/**
 * A game in progress, as its players change it: a move, a resignation, a draw offered or agreed,
 * a move taken back, more time given. Each is one action of player-actions.ts, committed through
 * the one way a game changes (game-changes.ts), so two at the same instant apply exactly one.
 */
import { type Suggestion, suggestMoves } from '../analysis/suggestions.ts';
import type { Player } from '../core/players.ts';
import type { GameResult, PlayedMove, Side } from '../engine/index.ts';
import type { GameChanges } from './game-changes.ts';
import {
  drawAcceptance,
  drawOffer,
  moreTime,
  playMove,
  resignation,
  undoAnswer,
  undoRequest,
} from './player-actions.ts';
import type { Table } from './table.ts';
import type { ActiveGame, Outcome } from './types.ts';

export class GamePlay {
  constructor(
    private readonly changes: GameChanges,
    private readonly now: () => number,
  ) {}

  /** The game in progress at a table, or null. */
  board(table: Table): Promise<ActiveGame | null> {
    return this.changes.board(table);
  }

  /**
   * A move, timed at `at`: when the bot received it (a Fischer clock charges the mover up to
   * then, not for the bot's own work); `move` is null when the mover's time had run out.
   */
  move(
    table: Table,
    user: Player,
    text: string,
    at: number = this.now(),
    atPly?: number,
  ): Promise<
    Outcome<{ game: ActiveGame; move: PlayedMove | null; result: GameResult | null; nextGame?: ActiveGame }>
  > {
    return this.changes.change(table, user, { onTurnOnly: true, movedAt: at, atPly }, playMove(text, at));
  }

  resign(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; result: GameResult; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, resignation);
  }

  /** Offers a draw; if the opponent's offer is open, this agrees it. */
  offerDraw(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; agreed: boolean; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, drawOffer);
  }

  /** Accepts the opponent's open draw offer (the button carries the game id, so an old button cannot act on a new game). */
  acceptDraw(
    table: Table,
    user: Player,
    gameId?: string,
  ): Promise<Outcome<{ game: ActiveGame; nextGame?: ActiveGame }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, drawAcceptance(gameId));
  }

  /** Autocomplete for /move: none for non-players or a player not on turn. */
  async suggestMoves(table: Table, userId: string, typed: string): Promise<Suggestion[]> {
    const active = await this.board(table);
    if (!active || active.game.isGameOver() || active.players[active.game.turn].id !== userId) return [];
    return suggestMoves(active.game, typed);
  }

  /** Asks the opponent to take back the last move. */
  requestUndo(table: Table, user: Player): Promise<Outcome<{ game: ActiveGame; ply: number }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, undoRequest);
  }

  /** The opponent answers an undo request; `ply` is the ply count the request was made at. */
  answerUndo(
    table: Table,
    user: Player,
    gameId: string,
    ply: number,
    accept: boolean,
  ): Promise<Outcome<{ game: ActiveGame; undone: string | null }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, undoAnswer(gameId, ply, accept));
  }

  /**
   * A player gives their opponent more time (see `moreTime` in player-actions.ts), in the game
   * `gameId` when given (a button's): the clock and its deadline change in one commit.
   */
  giveMoreTime(
    table: Table,
    user: Player,
    gameId?: string,
  ): Promise<Outcome<{ game: ActiveGame; given: number; to: Side }>> {
    return this.changes.change(table, user, { onTurnOnly: false }, moreTime(gameId, this.now()));
  }
}
