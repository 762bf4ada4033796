/**
 * Every key the service writes, in one place. Each belongs to a guild and carries its id as the
 * hash tag (`{<guild>}:game:<channel>`), so everything one commit touches is in one Redis Cluster
 * slot; see hash-tags.ts. The store adds its namespace (`tafl::`).
 */
import { inGuild } from '../store/hash-tags.ts';

export const keys = {
  /** The game in progress in a channel or thread. */
  game: (guildId: string, channelId: string) => inGuild(guildId, `game:${channelId}`),
  challenge: (guildId: string, id: string) => inGuild(guildId, `challenge:${id}`),
  /** Marks a member's pending challenge in a channel: one at a time. */
  pendingChallenge: (guildId: string, channelId: string, challengerId: string) =>
    inGuild(guildId, `pending:${channelId}:${challengerId}`),
  /** A member's open challenges (anyone may accept), for their limit. */
  openChallenges: (guildId: string, memberId: string) => inGuild(guildId, `open:${memberId}`),
  archive: (guildId: string, gameId: string) => inGuild(guildId, `archive:${gameId}`),
  /** The id of the last game that finished in a channel, for /export and /history. */
  lastGame: (guildId: string, channelId: string) => inGuild(guildId, `last:${channelId}`),
  standings: (guildId: string) => inGuild(guildId, 'standings'),
  /** The review of a finished game (/analyze), kept once made. */
  review: (guildId: string, gameId: string) => inGuild(guildId, `review:${gameId}`),
  /** Each member's accuracy summed over their reviewed games (/standings). */
  accuracy: (guildId: string) => inGuild(guildId, 'accuracy'),
  /** A member's vacation in a guild: whether they are away, and the time they took this year. */
  vacation: (guildId: string, memberId: string) => inGuild(guildId, `vacation:${memberId}`),
  /** The vacation days a year each member of a guild has (absent: the default). */
  vacationDays: (guildId: string) => inGuild(guildId, 'vacation-days'),
  /** A guild's own variants and its default variant. */
  serverVariants: (guildId: string) => inGuild(guildId, 'variants'),
};
