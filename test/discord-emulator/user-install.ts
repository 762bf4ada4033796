/**
 * User-installed apps: members who installed the app to their account use its commands where the bot
 * is not, in a DM between two users, a group DM, or a guild without the bot. This module holds those
 * places and installs, decides what Discord would offer there (a command's `integration_types` and
 * `contexts`), builds the where-part of an INTERACTION_CREATE payload, and refuses the bot's own REST
 * calls on channels it cannot see (403, 50001 Missing Access).
 */
import { dmRecipient } from './direct-messages.ts';
import type { RouteResult } from './interactions.ts';
import { snowflake } from './snowflake.ts';
import { ALL_PERMISSIONS, type Channel, type DiscordState, type EmulatedUser } from './state.ts';

/** Application integration types: where an app is installed. */
export const GUILD_INSTALL = 0;
export const USER_INSTALL = 1;
/** Interaction context types: where an interaction was made. */
export const GUILD_CONTEXT = 0;
export const BOT_DM_CONTEXT = 1;
export const PRIVATE_CHANNEL_CONTEXT = 2;
export const DM_CHANNEL = 1;
export const GROUP_DM_CHANNEL = 3;

const EMBED_LINKS = 1n << 14n;
const ATTACH_FILES = 1n << 15n;
const MENTION_EVERYONE = 1n << 17n;
const USE_EXTERNAL_EMOJIS = 1n << 18n;
const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;
const READ_MESSAGE_HISTORY = 1n << 16n;
/** What Discord gives an app in a DM or group DM between users (the interaction docs' footnote). */
export const PRIVATE_CHANNEL_PERMISSIONS = String(ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE);
/** And in the DM with its own bot user. */
export const BOT_DM_PERMISSIONS = String(ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS);
/**
 * In a guild without its bot: @everyone's permissions in the channel, plus Attach Files and Embed Links,
 * which Discord always adds for an app without a bot there. The emulated @everyone may see, read, write.
 */
export const GUILD_WITHOUT_BOT_PERMISSIONS = String(
  VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | ATTACH_FILES | EMBED_LINKS,
);

const MISSING_ACCESS: RouteResult = { status: 403, body: { code: 50001, message: 'Missing Access' } };

interface UserInstallState {
  /** The app lets members install it to their account (its Installation page in the Developer Portal). */
  supported: boolean;
  /** Users who installed it. */
  installed: Set<string>;
  /** DMs between users and group DMs: their members (for a group DM, the first is its owner). */
  privateChannels: Map<string, string[]>;
  /** Guilds the bot is not in: their locale. */
  guildsWithoutBot: Map<string, string>;
  /** Who authorised each interaction: a message made by its answers keeps them for its components. */
  owners: Map<string, Record<string, string>>;
}

const states = new WeakMap<DiscordState, UserInstallState>();

function of(state: DiscordState): UserInstallState {
  let found = states.get(state);
  if (!found) {
    found = {
      supported: true,
      installed: new Set(),
      privateChannels: new Map(),
      guildsWithoutBot: new Map(),
      owners: new Map(),
    };
    states.set(state, found);
  }
  return found;
}

export function setUserInstallSupported(state: DiscordState, supported: boolean): void {
  of(state).supported = supported;
}

export function userInstallSupported(state: DiscordState): boolean {
  return of(state).supported;
}

/** `user` installs the app to their account (OAuth2 with integration_type=1). */
export function installForUser(state: DiscordState, user: EmulatedUser): void {
  if (!of(state).supported)
    throw new Error('Discord would not offer this: the app does not support user install');
  of(state).installed.add(user.id);
}

export function uninstallForUser(state: DiscordState, user: EmulatedUser): void {
  of(state).installed.delete(user.id);
}

/** A DM between two users (type 1) or a group DM (type 3), which the bot is not in. */
export function createPrivateChannel(state: DiscordState, type: number, users: EmulatedUser[]): Channel {
  const ids = [...new Set(users.map((user) => user.id))];
  if (type === DM_CHANNEL && ids.length !== 2) throw new Error('a DM is between two users');
  if (type === GROUP_DM_CHANNEL && (ids.length < 2 || ids.length > 10))
    throw new Error('a group DM holds 2 to 10 users');
  if (ids.includes(state.botUser.id))
    throw new Error("the bot's own DM with a user is opened with POST /users/@me/channels");
  const channel = state.addChannel('', type, undefined, '');
  of(state).privateChannels.set(channel.id, ids);
  return channel;
}

/** A guild the bot is not in, with one text channel; no gateway event tells the bot of it. */
export function createGuildWithoutBot(
  state: DiscordState,
  locale = 'en-US',
): { guildId: string; channelId: string } {
  const guildId = snowflake();
  of(state).guildsWithoutBot.set(guildId, locale);
  return { guildId, channelId: state.addChannel('general', 0, undefined, guildId).id };
}

export function isGuildWithoutBot(state: DiscordState, guildId: string): boolean {
  return of(state).guildsWithoutBot.has(guildId);
}

/** Discord's answer to the bot's call on a channel or guild it cannot see; null when it can. */
export function missingAccess(state: DiscordState, channelId?: string, guildId?: string): RouteResult | null {
  if (guildId !== undefined && isGuildWithoutBot(state, guildId)) return MISSING_ACCESS;
  if (channelId === undefined) return null;
  if (of(state).privateChannels.has(channelId)) return MISSING_ACCESS;
  const channel = state.channels.get(channelId);
  return channel && isGuildWithoutBot(state, channel.guildId) ? MISSING_ACCESS : null;
}

/** A private channel as a member sees it: its recipients are the others. */
function privateChannelJson(state: DiscordState, channel: Channel, members: string[], viewerId: string) {
  const recipients = members
    .filter((id) => id !== viewerId)
    .map((id) => state.users.get(id))
    .filter((user): user is EmulatedUser => user !== undefined)
    .map((user) => state.userJson(user));
  const base = { id: channel.id, type: channel.type, last_message_id: null, flags: 0, recipients };
  if (channel.type !== GROUP_DM_CHANNEL) return base;
  return { ...base, name: channel.name || null, icon: null, owner_id: members[0] };
}

/** The two sets of contexts a command is registered with, as Discord stores them. */
export interface CommandContexts {
  integration_types: number[];
  contexts: number[] | null;
}

/**
 * A registration body's contexts: `integration_types` defaults to [0] (GUILD_INSTALL); `contexts` stays
 * null when absent, and Discord then offers the command in guilds and the bot's DM only.
 */
export function commandContexts(body: any): CommandContexts {
  return {
    integration_types: Array.isArray(body?.integration_types) ? body.integration_types : [GUILD_INSTALL],
    contexts: Array.isArray(body?.contexts) ? body.contexts : null,
  };
}

/** Why Discord refuses these contexts in a command's registration (50035), or null. */
export function contextsRefusal(state: DiscordState, body: any): string | null {
  const check = (field: string, allowed: number[]): string | null => {
    const value = body?.[field];
    if (value === undefined || (value === null && field === 'contexts')) return null;
    if (!Array.isArray(value)) return `${field}: Must be an array.`;
    const bad = value.findIndex((item) => !allowed.includes(item));
    return bad >= 0 ? `${field}.${bad}: Value must be one of (${allowed.join(', ')}).` : null;
  };
  const problem =
    check('integration_types', [GUILD_INSTALL, USER_INSTALL]) ??
    check('contexts', [GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT]);
  if (problem) return problem;
  if (
    Array.isArray(body?.integration_types) &&
    body.integration_types.includes(USER_INSTALL) &&
    !of(state).supported
  )
    return 'integration_types: the application does not support this installation context.';
  return null;
}

/** Where the user acts, as Discord tells the app in an interaction. */
export interface InteractionPlace {
  /** The payload's fields that say where: guild or not, member or user, context, owners, permissions. */
  fields: Record<string, unknown>;
  /** Only global commands exist here, and a command must be registered to be used. */
  globalOnly: boolean;
  /** Whether a user option resolves to a member too. */
  inGuild: boolean;
}

type Surface =
  | { kind: 'guild'; context: 0 }
  | { kind: 'guild-without-bot'; context: 0 }
  | { kind: 'bot-dm'; context: 1; members: string[] }
  | { kind: 'private'; context: 2; members: string[] };

function surfaceOf(state: DiscordState, channel: Channel): Surface {
  const members = of(state).privateChannels.get(channel.id);
  if (members) return { kind: 'private', context: PRIVATE_CHANNEL_CONTEXT, members };
  const recipient = dmRecipient(state, channel.id);
  if (recipient !== undefined) return { kind: 'bot-dm', context: BOT_DM_CONTEXT, members: [recipient] };
  if (isGuildWithoutBot(state, channel.guildId)) return { kind: 'guild-without-bot', context: GUILD_CONTEXT };
  return { kind: 'guild', context: GUILD_CONTEXT };
}

/** Only global commands can be used where the bot is not; and only registered ones. */
export function onlyGlobalCommands(state: DiscordState, channel: Channel): boolean {
  return surfaceOf(state, channel).kind !== 'guild';
}

/**
 * Whether Discord offers `command` to `user` here, and who authorised it: the installs (by integration
 * type) that make it available. Throws when a Discord client would not let the user send it.
 */
function commandOwners(
  state: DiscordState,
  user: EmulatedUser,
  channel: Channel,
  surface: Surface,
  command: any,
): Record<string, string> {
  const name = command?.name ?? '?';
  const { integration_types: types, contexts } = commandContexts(command);
  // contexts null: guilds and the bot's DM (this one unless dm_permission is false).
  const usable =
    contexts ?? (command?.dm_permission === false ? [GUILD_CONTEXT] : [GUILD_CONTEXT, BOT_DM_CONTEXT]);
  if (!usable.includes(surface.context))
    throw new Error(
      `Discord would not offer /${name} here: its contexts ${JSON.stringify(contexts)} lack ${surface.context}`,
    );
  const installed = of(state).installed.has(user.id);
  const owners: Record<string, string> = {};
  if (types.includes(GUILD_INSTALL) && surface.kind === 'guild') owners[GUILD_INSTALL] = channel.guildId;
  if (types.includes(GUILD_INSTALL) && surface.kind === 'bot-dm') owners[GUILD_INSTALL] = '0';
  if (types.includes(USER_INSTALL) && installed) owners[USER_INSTALL] = user.id;
  if (Object.keys(owners).length === 0)
    throw new Error(
      `Discord would not offer /${name} here: ${
        types.includes(USER_INSTALL)
          ? `${user.username} has not installed the app`
          : 'it is not registered for user install (integration_types lacks 1)'
      }`,
    );
  return owners;
}

/**
 * The where-part of an interaction's payload. `command` is the registered command for a command or
 * autocomplete; for a component, `sourceInteractionId` names the interaction whose answer it sits on.
 */
export function interactionPlace(
  state: DiscordState,
  user: EmulatedUser,
  channel: Channel,
  source: { command: any } | { sourceInteractionId?: string },
): InteractionPlace {
  const surface = surfaceOf(state, channel);
  if (surface.kind === 'private' && !surface.members.includes(user.id))
    throw new Error(`${user.username} is not in channel ${channel.id}`);
  if (surface.kind === 'bot-dm' && surface.members[0] !== user.id)
    throw new Error(`channel ${channel.id} is another user's DM with the bot`);
  let owners: Record<string, string>;
  if ('command' in source) {
    if (!source.command && surface.kind !== 'guild')
      throw new Error('Discord would not offer this command here: it is not registered globally');
    owners = source.command ? commandOwners(state, user, channel, surface, source.command) : {};
    if (!source.command) owners[GUILD_INSTALL] = channel.guildId;
  } else {
    // Anyone who sees a component may use it; the install that made its message authorises it.
    const fallback: Record<string, string> =
      surface.kind === 'guild'
        ? { [GUILD_INSTALL]: channel.guildId }
        : surface.kind === 'bot-dm'
          ? { [GUILD_INSTALL]: '0' }
          : {};
    owners = (source.sourceInteractionId && of(state).owners.get(source.sourceInteractionId)) || fallback;
  }
  const common = {
    channel_id: channel.id,
    locale: user.locale ?? 'en-US',
    authorizing_integration_owners: owners,
    context: surface.context,
  };
  if (surface.kind === 'private' || surface.kind === 'bot-dm') {
    return {
      fields: {
        ...common,
        // A DM between users as its invoker sees it; the bot's own DM as the bot does.
        channel:
          surface.kind === 'private'
            ? privateChannelJson(state, channel, surface.members, user.id)
            : privateChannelJson(state, channel, [user.id], state.botUser.id),
        user: state.userJson(user),
        app_permissions: surface.kind === 'bot-dm' ? BOT_DM_PERMISSIONS : PRIVATE_CHANNEL_PERMISSIONS,
      },
      globalOnly: true,
      inGuild: false,
    };
  }
  const guildLocale =
    surface.kind === 'guild'
      ? state.guildLocale(channel.guildId)
      : (of(state).guildsWithoutBot.get(channel.guildId) ?? 'en-US');
  return {
    fields: {
      ...common,
      guild_id: channel.guildId,
      guild: { id: channel.guildId, locale: guildLocale, features: [] },
      channel: state.channelJson(channel),
      member: state.memberJson(user, channel.guildId),
      guild_locale: guildLocale,
      app_permissions: surface.kind === 'guild' ? ALL_PERMISSIONS : GUILD_WITHOUT_BOT_PERMISSIONS,
    },
    globalOnly: surface.kind !== 'guild',
    inGuild: true,
  };
}

/** Remembers who authorised an interaction, for the components of the messages it answers with. */
export function rememberOwners(state: DiscordState, interactionId: string, owners: unknown): void {
  of(state).owners.set(interactionId, owners as Record<string, string>);
}
