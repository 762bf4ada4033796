/**
 * Whether a member may see a channel, as Discord decides it (roles, the channel's overwrites,
 * Administrator, the guild's owner; a thread by its parent): the web board shows a channel's games
 * only to those who can read the channel. Answers are kept briefly, so a page's requests cost one
 * lookup; members are always fetched afresh (without the privileged members intent the bot hears
 * of no role change), and a guild this process does not serve (another shard's) is read over REST
 * without entering its cache, where no event would keep it true.
 */
import {
  type Client,
  DiscordAPIError,
  DiscordjsError,
  DiscordjsErrorCodes,
  type Guild,
  type GuildBasedChannel,
  PermissionFlagsBits,
} from 'discord.js';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../log.ts';

export type CanView = (table: { guildId: string; channelId: string }, memberId: string) => Promise<boolean>;

export interface ChannelAccessOptions {
  /** How long an answer is kept (default 30 s). */
  ttlMs?: number;
  /** How many answers are kept (default 10 000). */
  max?: number;
  /** The clock answers age by (default the process's monotonic clock): tests move it on. */
  now?: () => number;
}

const SNOWFLAKE = /^\d{1,20}$/;
/** Refusals that answer the question (no such guild, channel or member; no access): no. */
const ANSWERS = new Set([10003, 10004, 10007, 10013, 50001]);

export function channelAccess(client: Client, logger: Logger, options: ChannelAccessOptions = {}): CanView {
  let warned = false;
  const answers = new LRUCache<string, boolean>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? 30_000,
    ...(options.now ? { perf: { now: options.now } } : {}),
    fetchMethod: async (key) => {
      const [guildId, channelId, memberId] = key.split('/');
      try {
        const answer = await viewable(client, guildId, channelId, memberId);
        warned = false;
        return answer;
      } catch (error) {
        if (error instanceof DiscordAPIError && typeof error.code === 'number' && ANSWERS.has(error.code))
          return false;
        // A channel of another guild than the one named.
        if (error instanceof DiscordjsError && error.code === DiscordjsErrorCodes.GuildChannelUnowned)
          return false;
        // Once per outage; the fields name no token (the logger masks it besides).
        if (!warned)
          logger.warn('cannot tell who may see a channel: refusing its web board', {
            status: error instanceof DiscordAPIError ? error.status : undefined,
            code: error instanceof DiscordAPIError ? error.code : undefined,
            error: error instanceof Error ? error.message : String(error),
          });
        warned = true;
        // Not kept: the next request asks again.
        throw error;
      }
    },
  });
  return async ({ guildId, channelId }, memberId) => {
    if (![guildId, channelId, memberId].every((id) => SNOWFLAKE.test(id))) return false;
    return (await answers.fetch(`${guildId}/${channelId}/${memberId}`).catch(() => false)) ?? false;
  };
}

async function viewable(client: Client, guildId: string, channelId: string, memberId: string) {
  const served = client.guilds.cache.get(guildId);
  const cache = served !== undefined;
  const guild: Guild =
    served ?? (await client.guilds.fetch({ guild: guildId, cache: false, withCounts: false }));
  const channelOf = async (id: string): Promise<GuildBasedChannel | null> =>
    guild.channels.cache.get(id) ?? (await guild.channels.fetch(id, { cache }));
  const channel = await channelOf(channelId);
  // A thread is seen by those who see its channel.
  const where = channel?.isThread() ? channel.parentId && (await channelOf(channel.parentId)) : channel;
  if (!where || where.isThread()) return false;
  const member = await guild.members.fetch({ user: memberId, force: true, cache });
  return where.permissionsFor(member).has(PermissionFlagsBits.ViewChannel);
}
