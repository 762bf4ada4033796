import { inGuild } from '../store/hash-tags.ts';

/** Every key the puzzles write, each of a server. The store adds its namespace. */
export const puzzleKeys = {
  member: (guildId: string, userId: string) => inGuild(guildId, `puzzle-member:${userId}`),
  standings: (guildId: string) => inGuild(guildId, 'puzzle-standings'),
  rating: (guildId: string, puzzleId: string) => inGuild(guildId, `puzzle-rating:${puzzleId}`),
  daily: (guildId: string, day: string) => inGuild(guildId, `puzzle-daily:${day}`),
  setup: (guildId: string) => inGuild(guildId, 'puzzle-setup'),
  /** A member's own mistakes as puzzles (personal.ts). */
  personal: (guildId: string, userId: string) => inGuild(guildId, `puzzle-personal:${userId}`),
};
