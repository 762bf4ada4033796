/**
 * A rematch of a finished game: sides swapped, everything else as it was. Against a member it is
 * a new challenge, against the AI a new game at once.
 */
import { type Player, sideOf } from '../core/players.ts';
import { timeControlOf } from '../core/time-controls.ts';
import { guarded } from '../core/transaction.ts';
import { loadGame, otherSide } from '../engine/index.ts';
import type { ChallengeInput } from './challenges.ts';
import type { AiGameInput } from './lifecycle.ts';
import type { Table } from './table.ts';
import {
  type ActiveGame,
  type ArchivedGame,
  type Challenge,
  failure,
  type Outcome,
  success,
} from './types.ts';

/** A rematch against the AI: the new game, started at once. */
export interface AiRematch {
  aiGame: ActiveGame;
}

/** The service's parts a rematch starts from. */
export interface RematchMakers {
  archived(guildId: string, gameId: string): Promise<ArchivedGame | null>;
  playAi(input: AiGameInput): Promise<Outcome<ActiveGame>>;
  challenge(input: ChallengeInput): Promise<Outcome<Challenge>>;
}

/**
 * A rematch of a finished game with sides swapped and everything else as it was: the variant,
 * the time per move, a match, a casual game. Against a member it is a new challenge from `user`;
 * against the AI the new game starts at once. Either is played at `table`, where the Rematch
 * button was pressed: the channel or thread of the finished game, which is free again. Only a game
 * of the table's guild is found.
 */
export async function rematch(
  makers: RematchMakers,
  table: Table,
  gameId: string,
  user: Player,
  locale?: string,
): Promise<Outcome<Challenge | AiRematch>> {
  const archived = await guarded(async () => success(await makers.archived(table.guildId, gameId)));
  if (!archived.ok) return archived;
  const finished = archived.value;
  if (!finished) return failure('game-gone');
  const side = sideOf(finished.players, user.id);
  if (!side || finished.ai?.side === side) return failure('not-in-that-game');
  // A Rematch button acts where its game was played, whatever channel a forged press comes from.
  if (finished.channelId !== table.channelId)
    return failure('rematch-elsewhere', { channelId: finished.channelId });
  const variant = loadGame(finished.record).variant;
  const time = timeControlOf(finished);
  const match = Boolean(finished.match);
  // A rematch of a casual game is casual too.
  const casual = finished.casual === true;
  if (finished.ai) {
    const started = await makers.playAi({
      guildId: table.guildId,
      channelId: table.channelId,
      human: user,
      machine: finished.players[finished.ai.side],
      variant,
      side: finished.ai.side,
      time,
      level: finished.ai.level,
      match,
      casual,
    });
    return started.ok ? success({ aiGame: started.value }) : started;
  }
  return makers.challenge({
    guildId: table.guildId,
    channelId: table.channelId,
    challenger: user,
    opponent: finished.players[otherSide(side)],
    variant,
    side: otherSide(side),
    thread: false,
    time,
    match,
    casual,
    locale,
  });
}
