/**
 * What each player's action does to the game in progress, as a GameAction that GameChanges
 * applies and commits: a move, a resignation, a draw offered or accepted, an undo asked or answered.
 */
import type { GameResult, PlayedMove, Side } from '../engine/index.ts';
import { otherSide } from '../engine/index.ts';
import { moreTimeMs } from './clock.ts';
import { fischerClock, flagFell } from './fischer.ts';
import type { GameAction } from './game-changes.ts';
import { failure, success } from './types.ts';
import { resumed } from './vacation-clock.ts';

/**
 * A move, received by the bot at `at`. On a Fischer clock, a move that arrives after the mover's
 * time ran out is not played: the game is lost on time (or drawn) there and then, as the
 * deadline's sweeper would have found it (`move` is then null).
 */
export function playMove(
  text: string,
  at: number,
): GameAction<{ move: PlayedMove | null; result: GameResult | null }> {
  return (active, side) => {
    const clock = active.clock && resumed(active.clock, at);
    if (clock?.fischer && flagFell(clock, at)) {
      active.drawOfferedBy = null;
      active.undoRequest = null;
      return success({ move: null, result: active.game.timeOut(side) });
    }
    const attempt = active.game.tryPlay(text);
    if (!attempt.ok) return failure(attempt.refusal.code, { ...attempt.refusal.params });
    // A move declines a draw offer and an undo request.
    active.drawOfferedBy = null;
    active.undoRequest = null;
    return success({ move: attempt.move, result: active.game.result });
  };
}

export const resignation: GameAction<{ result: GameResult }> = (active, side) =>
  success({ result: active.game.resign(side) });

/** Offers a draw; if the opponent's offer is open, this agrees it. */
export const drawOffer: GameAction<{ agreed: boolean }> = (active, side) => {
  if (active.ai) return failure('ai-no-draw');
  if (active.drawOfferedBy === side) return failure('already-offered');
  if (active.drawOfferedBy === otherSide(side)) {
    active.game.agreeDraw();
    return success({ agreed: true });
  }
  active.drawOfferedBy = side;
  return success({ agreed: false });
};

/** Accepts the opponent's open draw offer, in the game `gameId` when given. */
export function drawAcceptance(gameId?: string): GameAction<object> {
  return (active, side) => {
    if (gameId && active.id !== gameId) return failure('stale-draw-offer');
    if (active.drawOfferedBy === null) return failure('no-offer');
    if (active.drawOfferedBy === side) return failure('own-offer');
    active.game.agreeDraw();
    return success({});
  };
}

/** Asks the opponent to take back the last move. */
export const undoRequest: GameAction<{ ply: number }> = (active, side) => {
  if (active.ai) return failure('ai-no-undo');
  const ply = active.game.plyCount;
  if (ply === 0) return failure('nothing-to-undo');
  if (active.undoRequest?.by === side && active.undoRequest.ply === ply) {
    return failure('already-asked');
  }
  active.undoRequest = { by: side, ply };
  return success({ ply });
};

/** The opponent answers an undo request; `ply` is the ply count the request was made at. */
export function undoAnswer(
  gameId: string,
  ply: number,
  accept: boolean,
): GameAction<{ undone: string | null }> {
  return (active, side) => {
    const request = active.undoRequest;
    if (active.id !== gameId || !request || request.ply !== ply || active.game.plyCount !== ply) {
      return failure('stale-undo');
    }
    if (request.by === side) return failure('own-request');
    active.undoRequest = null;
    if (!accept) return success({ undone: null });
    const undone = active.game.undo();
    return success({ undone: undone?.notation ?? null });
  };
}

/**
 * A player gives their opponent more time (`moreTimeMs`), at `now`, in the game `gameId` when
 * given: on a Fischer clock, to the opponent's own time, whether or not they are to move; with a
 * time per move, to the opponent's move in progress (a player on turn has nothing to give to). The
 * deadline moves with it, in the same commit (the schedules follow the clock). Never once the time
 * of the side to move is up, which the sweeper is about to find.
 */
export function moreTime(gameId: string | undefined, now: number): GameAction<{ given: number; to: Side }> {
  return (active, side) => {
    if (gameId && active.id !== gameId) return failure('game-gone');
    const clock = active.clock;
    if (!clock) return failure('no-clock');
    if (now >= resumed(clock, now).deadline) return failure('time-up');
    const to = otherSide(side);
    const given = moreTimeMs(clock);
    if (clock.fischer) {
      const state = clock.fischer;
      const next = fischerClock({
        ...state,
        remaining: { ...state.remaining, [to]: state.remaining[to] + given },
      });
      // At most one reminder a move: one already sent stays sent. A clock that stands stays stopped.
      active.clock = {
        ...next,
        ...(clock.reminded ? { reminded: true } : {}),
        ...(clock.pausedAt !== undefined ? { pausedAt: clock.pausedAt } : {}),
      };
    } else {
      if (active.game.turn !== to) return failure('more-time-own-turn');
      active.clock = { ...clock, deadline: clock.deadline + given, remindAt: clock.remindAt + given };
    }
    return success({ given, to });
  };
}
