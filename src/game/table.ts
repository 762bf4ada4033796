/** Where a game is played: a channel (or thread) of a guild. Every key of a game is found from it. */
export interface Table {
  guildId: string;
  channelId: string;
}
