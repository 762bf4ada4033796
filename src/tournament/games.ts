/**
 * What a tournament asks of the game service: to start a pairing's game, to look at or abort the
 * game at a table, and to read a finished game. The game service provides it; naming only this
 * keeps the tournament apart from the service that owns it.
 */
import type { Table } from '../game/table.ts';
import type { ActiveGame, ArchivedGame, Outcome, StartGameInput } from '../game/types.ts';

export interface TournamentGames {
  startGame(input: StartGameInput): Promise<Outcome<ActiveGame>>;
  board(table: Table): Promise<ActiveGame | null>;
  abortGame(table: Table): Promise<Outcome<{ game: ActiveGame }>>;
  archived(guildId: string, gameId: string): Promise<ArchivedGame | null>;
}
