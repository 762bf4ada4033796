/** Every key the service writes, in one place. The store adds its namespace (`tafl::`). */
export const keys = {
  /** The game in progress in a channel or thread. */
  game: (channelId: string) => `game:${channelId}`,
  challenge: (id: string) => `challenge:${id}`,
  /** Marks a member's pending challenge in a channel: one at a time. */
  pendingChallenge: (channelId: string, challengerId: string) => `pending:${channelId}:${challengerId}`,
  archive: (gameId: string) => `archive:${gameId}`,
  /** The id of the last game that finished in a channel, for /export and /history. */
  lastGame: (channelId: string) => `last:${channelId}`,
  standings: (guildId: string) => `standings:${guildId}`,
  /** The review of a finished game (/analyze), kept once made. */
  review: (gameId: string) => `review:${gameId}`,
  /** A guild's own variants and its default variant. */
  serverVariants: (guildId: string) => `variants:${guildId}`,
  /** A tournament by its id. */
  tournament: (id: string) => `tournament:${id}`,
  /** A guild's tournaments, for finding one by name or channel. */
  tournaments: (guildId: string) => `tournaments:${guildId}`,
};
