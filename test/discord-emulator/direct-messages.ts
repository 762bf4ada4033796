/**
 * Direct messages: a user's DM channel with the bot (`POST /users/@me/channels`), messages sent in
 * it, and users whose DMs are closed to the bot, to whom Discord answers 50007.
 */
import type { Channel, DiscordState, RecordedMessage } from './state.ts';

/** Discord's channel type of a DM. */
export const DM_CHANNEL = 1;

/** Each user's DM channel, once opened; and the users who closed their DMs. */
const dmChannels = new WeakMap<DiscordState, Map<string, Channel>>();
const closedDms = new WeakMap<DiscordState, Set<string>>();

function channelsOf(state: DiscordState): Map<string, Channel> {
  let channels = dmChannels.get(state);
  if (!channels) dmChannels.set(state, (channels = new Map()));
  return channels;
}

function closedOf(state: DiscordState): Set<string> {
  let closed = closedDms.get(state);
  if (!closed) closedDms.set(state, (closed = new Set()));
  return closed;
}

/** The user's DM channel, opened on first asking (Discord returns the same one each time). */
export function openDm(state: DiscordState, userId: string): Channel {
  const channels = channelsOf(state);
  let channel = channels.get(userId);
  if (!channel) {
    channel = state.addChannel(`dm-${userId}`, DM_CHANNEL, undefined, '');
    channels.set(userId, channel);
  }
  return channel;
}

/** A DM channel as the API returns it. */
export function dmJson(state: DiscordState, channel: Channel, userId: string) {
  const user = state.users.get(userId);
  return {
    id: channel.id,
    type: DM_CHANNEL,
    last_message_id: null,
    recipients: user ? [state.userJson(user)] : [],
  };
}

/** The user a DM channel is with, or undefined for any other channel. */
export function dmRecipient(state: DiscordState, channelId: string): string | undefined {
  for (const [userId, channel] of channelsOf(state)) if (channel.id === channelId) return userId;
  return undefined;
}

/** From now on, the bot's messages to the user are refused (50007), as when they close their DMs. */
export function closeDms(state: DiscordState, userId: string): void {
  closedOf(state).add(userId);
}

/** Discord's refusal of a message to a user whose DMs are closed; null when the channel takes it. */
export function dmRefusal(state: DiscordState, channelId: string): { status: number; body: unknown } | null {
  const userId = dmRecipient(state, channelId);
  if (!userId || !closedOf(state).has(userId)) return null;
  return { status: 403, body: { code: 50007, message: 'Cannot send messages to this user' } };
}

/** The messages the bot sent the user in their DM channel. */
export function directMessages(state: DiscordState, userId: string): RecordedMessage[] {
  const channel = channelsOf(state).get(userId);
  return channel ? state.messages.filter((message) => message.channelId === channel.id) : [];
}
