/**
 * A game's two players and which of them a member is: asked by the games, the tournaments, the
 * puzzles made of a member's own games and the bot alike, answered here once.
 */
import { otherSide, type Side } from '../engine/index.ts';

export interface Player {
  id: string;
  /** The name shown on the board and in messages (the member's display name when they joined the game). */
  name: string;
}

/** A game's players by side. */
export type Players = Readonly<Record<Side, Player>>;

/** Which side a member plays in a game, or null when they are not one of its players. */
export function sideOf(players: Players, memberId: string): Side | null {
  return players.attackers.id === memberId
    ? 'attackers'
    : players.defenders.id === memberId
      ? 'defenders'
      : null;
}

/** The player a member plays against, or null when they are not one of the game's players. */
export function opponentOf(players: Players, memberId: string): Player | null {
  const side = sideOf(players, memberId);
  return side ? players[otherSide(side)] : null;
}
