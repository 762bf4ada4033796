/**
 * Which game /replay shows: the channel's game in progress (or the last one finished there), or a
 * game of this server by its id, as /history and /export show it. Only this server's games are
 * found: another server's id is an unknown game.
 */

import type { Player } from '../core/players.ts';
import type { FischerControl } from '../core/time-controls.ts';
import { type Game, loadGame, type Side } from '../engine/index.ts';
import type { GameService, Table } from '../game/service.ts';

export interface ReplaySource {
  id: string;
  game: Game;
  players: Record<Side, Player>;
  finished: boolean;
  aborted: boolean;
  /** A Fischer clock's main time and increment, and the mover's time left after each ply. */
  fischer: { control: FischerControl; timesLeft: number[] } | null;
}

export type SourceRefusal = { code: 'no-game-here' } | { code: 'unknown-game'; id: string };

/** What a game id looks like: anything else is not looked up. */
const GAME_ID = /^[\w-]{1,64}$/;
/** The archived reason of a game a moderator ended without a result (as the service writes it). */
const ABORTED = 'aborted';

export async function replaySource(
  service: GameService,
  table: Table,
  gameId?: string,
): Promise<{ ok: true; source: ReplaySource } | { ok: false; refusal: SourceRefusal }> {
  const here = await service.records.gameForRecord(table);
  if (gameId === undefined || here?.id === gameId) {
    if (!here) return { ok: false, refusal: { code: 'no-game-here' } };
    const { id, game, players, finished, aborted, fischer } = here;
    const clock = fischer ? { control: fischer.control, timesLeft: fischer.timesLeft } : null;
    return { ok: true, source: { id, game, players, finished, aborted, fischer: clock } };
  }
  const archived = GAME_ID.test(gameId) ? await service.records.archived(table.guildId, gameId) : null;
  if (!archived) return { ok: false, refusal: { code: 'unknown-game', id: gameId } };
  return {
    ok: true,
    source: {
      id: archived.id,
      game: loadGame(archived.record),
      players: archived.players,
      finished: true,
      aborted: archived.reason === ABORTED,
      fischer: archived.fischer ? { control: archived.fischer, timesLeft: archived.timesLeft ?? [] } : null,
    },
  };
}
