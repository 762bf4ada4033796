/**
 * The settings' keys and schedules. A member's settings follow them across servers, so they are
 * not a guild's: each member's document has a hash tag of its own (`{member:<user>}:settings`,
 * one Redis Cluster slot), and is committed alone, or with its own digest schedule. A server's
 * settings (its default board) are the guild's own document. Turn alerts are a guild's schedule,
 * written in the commit of the move that passes the turn.
 */
import { inGuild } from '../store/hash-tags.ts';

/** The hash tag of a member's own documents (never a guild's id: those are digits only). */
export const memberGroup = (userId: string) => `member:${userId}`;

export const settingsKeys = {
  member: (userId: string) => inGuild(memberGroup(userId), 'settings'),
  server: (guildId: string) => inGuild(guildId, 'settings'),
};

export const SETTINGS_SCHEDULES = {
  /** A member's daily digest (the member's id), in the member's own group. */
  turnDigests: 'schedule:turn-digests',
} as const;
