/** Every key the tournaments write, each of a guild (see store/hash-tags.ts). The store adds its namespace. */
import { inGuild } from '../store/hash-tags.ts';

export const tournamentKeys = {
  /** A tournament by its id. */
  tournament: (guildId: string, id: string) => inGuild(guildId, `tournament:${id}`),
  /** A guild's tournaments, for finding one by name or channel. */
  index: (guildId: string) => inGuild(guildId, 'tournaments'),
};
