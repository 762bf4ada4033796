/**
 * Games as a bot from before the opening explorer left them: archived with their result, but not
 * counted in the opening tree nor marked counted (no `openingsCounted`). For the backfill's tests
 * and bench. The same games can be played live (`playLive`), for the tree live counting builds.
 */

import type { Player } from '../../src/core/players.ts';
import { Game, loadGame, type Side, serializeGame } from '../../src/engine/index.ts';
import { newStoredGame } from '../../src/game/commit-plan.ts';
import { keys } from '../../src/game/keys.ts';
import type { GameService } from '../../src/game/service.ts';
import { ABORTED, type ArchivedGame } from '../../src/game/types.ts';
import type { Store } from '../../src/store/index.ts';

export interface OldGame {
  id: string;
  /** The game as it stood when it ended (its moves played). */
  game: Game;
  end: Side | 'draw' | 'aborted';
}

export const ann: Player = { id: '100', name: 'Ann' };
export const bob: Player = { id: '200', name: 'Bob' };

/** A game of `variant` with up to `plies` moves drawn by `random` (stopping short of an end). */
export function randomGame(variant: string, random: () => number, plies: number): Game {
  const game = new Game(variant as 'brandubh');
  while (game.plyCount < plies) {
    const moves = game.legalMoves();
    // A bias to the first moves listed, so that games share their openings as real ones do.
    game.play(moves[Math.floor(random() ** 3 * moves.length)]);
    if (game.isGameOver()) {
      game.undo();
      break;
    }
  }
  return game;
}

/** Archives `old` in `guildId` as an older bot did: no opening counted. */
export async function archiveOldGame(
  store: Store,
  guildId: string,
  old: OldGame,
  endedAt: number,
): Promise<void> {
  const stored = newStoredGame(
    { guildId, channelId: `c-${old.id}`, players: { attackers: ann, defenders: bob }, game: old.game },
    { id: old.id, now: endedAt - 60_000 },
  );
  const archived: ArchivedGame = {
    ...stored,
    record: serializeGame(old.game),
    endedAt,
    winner: old.end === 'draw' || old.end === 'aborted' ? null : old.end,
    reason: old.end === 'aborted' ? ABORTED : old.end === 'draw' ? 'draw-agreed' : 'resigned',
  };
  const committed = await store.commit([
    { key: keys.archive(guildId, old.id), value: archived, expectRevision: 0 },
  ]);
  if (!committed.ok) throw new Error(`could not archive ${old.id}`);
}

/** Plays `old` to its end through the service in `guildId` (the live counting counts it). */
export async function playLive(
  service: GameService,
  guildId: string,
  old: OldGame,
  channelId: string,
): Promise<void> {
  const table = { guildId, channelId };
  const started = await service.lifecycle.startGame({
    ...table,
    players: { attackers: ann, defenders: bob },
    game: loadGame(serializeGame(old.game)),
  });
  if (!started.ok) throw new Error(started.code);
  if (old.end === 'draw') await service.play.offerDraw(table, ann);
  const ended =
    old.end === 'aborted'
      ? await service.lifecycle.abortGame(table)
      : old.end === 'draw'
        ? await service.play.offerDraw(table, bob)
        : await service.play.resign(table, old.end === 'attackers' ? bob : ann);
  if (!ended.ok) throw new Error(ended.code);
}
