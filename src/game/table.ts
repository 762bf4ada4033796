/** Where a game is played: a channel (or thread) of a guild. Every key of a game is found from it. */
export interface Table {
  /** The guild, or for a channel where the bot is not installed its own pool (`privatePool`). */
  guildId: string;
  channelId: string;
}

/**
 * The pool of a channel where the bot is not installed, played in through a member's own install
 * (a DM, a group DM, a server without the bot): its games, standings and ratings are its own,
 * between those friends, never a server's.
 */
export function privatePool(channelId: string): string {
  return `dm-${channelId}`;
}

export function isPrivatePool(guildId: string): boolean {
  return guildId.startsWith('dm-');
}

/** A pool's id as an address carries it: a server's snowflake, or a private pool's. */
export const POOL_ID = /^(?:\d{1,20}|dm-\d{1,20})$/;
