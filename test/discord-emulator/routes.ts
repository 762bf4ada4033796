/** The REST API v10 routes a bot uses, answered from the emulator's state. `null`: no such route. */

import { dmJson, dmRecipient, dmRefusal, openDm } from './direct-messages.ts';
import type { Gateway } from './gateway.ts';
import type { Interactions, RouteResult } from './interactions.ts';
import { invalidFormBody, messageRefusal, nameRefusal } from './limits.ts';
import type { OAuth2 } from './oauth2.ts';
import { snowflake } from './snowflake.ts';
import { type DiscordState, THREAD_TYPES, type UploadedFile, VIEW_CHANNEL } from './state.ts';
import { commandContexts, contextsRefusal, missingAccess, userInstallSupported } from './user-install.ts';

export interface RouteContext {
  state: DiscordState;
  oauth2: OAuth2;
  gateway: Gateway;
  interactions: Interactions;
  gatewayUrl: () => string;
  /** How many shards GET /gateway/bot recommends. */
  recommendedShards: () => number;
}

export interface RouteRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
  files: UploadedFile[];
  at: bigint;
  authorised: boolean;
  /** The Authorization header: `Bot <token>` for the bot, `Bearer <token>` for a member's OAuth2 token. */
  authorization: string | undefined;
  /** The fields of an application/x-www-form-urlencoded body (OAuth2's token endpoint). */
  form: URLSearchParams | null;
}

const ok = (body: unknown): RouteResult => ({ status: 200, body });
const noContent: RouteResult = { status: 204 };
const unknown = (code: number, what: string): RouteResult => ({
  status: 404,
  body: { code, message: `Unknown ${what}` },
});

export function route(context: RouteContext, request: RouteRequest): RouteResult | null {
  const { method, path } = request;
  let m: RegExpExecArray | null;

  // Interaction callbacks and webhooks authenticate by their token, not the bot's.
  if ((m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path))) {
    if (method !== 'POST') return null;
    const withResponse = request.query.get('with_response') === 'true';
    return context.interactions.callback(m[1], m[2], request.body, request.files, request.at, withResponse);
  }
  if ((m = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path))) {
    if (m[1] !== context.state.applicationId) return unknown(10015, 'Webhook');
    return context.interactions.webhook(method, m[2], m[3], request.body, request.files);
  }
  // OAuth2: the token endpoint authenticates the app by its secret, a member's calls by their token.
  const oauth = context.oauth2.route(request);
  if (oauth) return oauth;
  if (!request.authorised) return { status: 401, body: { code: 0, message: '401: Unauthorized' } };
  return botRoute(context, request);
}

function botRoute(context: RouteContext, request: RouteRequest): RouteResult | null {
  const { state } = context;
  const { method, path, body } = request;
  const is = (verb: string, pattern: RegExp) => (method === verb ? pattern.exec(path) : null);
  let m: RegExpExecArray | null;

  if (is('GET', /^\/gateway\/bot$/)) {
    return ok({
      url: context.gatewayUrl(),
      shards: context.recommendedShards(),
      session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
    });
  }
  if (is('GET', /^\/gateway$/)) return ok({ url: context.gatewayUrl() });
  if (is('GET', /^\/users\/@me$/)) return ok(state.userJson(state.botUser));
  if (is('POST', /^\/users\/@me\/channels$/)) {
    const recipient = String(body?.recipient_id ?? '');
    if (!state.users.has(recipient)) return unknown(10013, 'User');
    return ok(dmJson(state, openDm(state, recipient), recipient));
  }
  if (is('GET', /^\/applications\/@me$/)) return ok(applicationJson(state));
  if ((m = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands(?:\/(\d+))?$/.exec(path))) {
    if (m[1] !== state.applicationId) return unknown(10002, 'Application');
    return commandRoute(state, method, m[2], m[3], body);
  }
  if ((m = /^\/channels\/(\d+)(\/.*)?$/.exec(path))) {
    const channel = state.channels.get(m[1]);
    if (!channel) return unknown(10003, 'Channel');
    // DMs between users, group DMs, guilds without the bot: it cannot see them.
    const refused = missingAccess(state, m[1]);
    if (refused) return refused;
    // A channel whose overwrites hide it from the bot: it can neither read it nor send there.
    if (
      state.guilds.has(channel.guildId) &&
      !(state.permissionsIn(state.botUser.id, channel.id) & VIEW_CHANNEL)
    )
      return { status: 403, body: { code: 50001, message: 'Missing Access' } };
    return channelRoute(context, request, m[1], m[2] ?? '');
  }
  const guildPath = /^\/guilds\/(\d+)(?:\/|$)/.exec(path);
  const hidden = guildPath && missingAccess(state, undefined, guildPath[1]);
  if (hidden) return hidden;
  if ((m = is('GET', /^\/guilds\/(\d+)\/members\/(\d+)$/))) {
    const user = state.users.get(m[2]);
    if (!state.guilds.has(m[1])) return unknown(10004, 'Guild');
    if (!user || !state.isMember(user.id, m[1])) return unknown(10007, 'Member');
    // Only an interaction's member carries their permissions.
    const { permissions: _permissions, ...member } = state.memberJson(user, m[1]);
    return ok(member);
  }
  if ((m = is('GET', /^\/guilds\/(\d+)\/roles$/))) {
    return state.guilds.has(m[1]) ? ok(state.rolesJson(m[1])) : unknown(10004, 'Guild');
  }
  if ((m = is('GET', /^\/guilds\/(\d+)\/channels$/))) {
    const channels = [...state.channels.values()].filter(
      (channel) => channel.guildId === m?.[1] && !THREAD_TYPES.has(channel.type),
    );
    return ok(channels.map((channel) => state.channelJson(channel)));
  }
  if ((m = is('GET', /^\/guilds\/(\d+)$/))) {
    if (!state.guilds.has(m[1])) return unknown(10004, 'Guild');
    return ok(guildRestJson(state, m[1], request.query.get('with_counts') === 'true'));
  }
  return null;
}

/** GET /guilds/:id: the guild without what only GUILD_CREATE carries (members, channels, …), counts if asked. */
function guildRestJson(state: DiscordState, guildId: string, withCounts: boolean) {
  const {
    joined_at: _joinedAt,
    large: _large,
    unavailable: _unavailable,
    member_count: memberCount,
    voice_states: _voiceStates,
    members: _members,
    channels: _channels,
    threads: _threads,
    presences: _presences,
    stage_instances: _stageInstances,
    guild_scheduled_events: _events,
    soundboard_sounds: _sounds,
    ...guild
  } = state.guildJson(guildId);
  return withCounts
    ? { ...guild, approximate_member_count: memberCount, approximate_presence_count: 0 }
    : guild;
}

function applicationJson(state: DiscordState) {
  return {
    id: state.applicationId,
    name: state.botUser.username,
    icon: null,
    description: '',
    bot_public: true,
    bot_require_code_grant: false,
    bot: state.userJson(state.botUser),
    owner: state.userJson(state.botUser),
    flags: 0,
    verify_key: '0'.repeat(64),
    team: null,
    summary: '',
    approximate_guild_count: state.guilds.size,
    // Each installation context the app supports, with its default install link's scopes.
    integration_types_config: {
      '0': { oauth2_install_params: { scopes: ['applications.commands', 'bot'], permissions: '0' } },
      ...(userInstallSupported(state)
        ? { '1': { oauth2_install_params: { scopes: ['applications.commands'], permissions: '0' } } }
        : {}),
    },
  };
}

function commandRoute(
  state: DiscordState,
  method: string,
  guildId: string | undefined,
  commandId: string | undefined,
  body: any,
): RouteResult | null {
  const scope = guildId ?? 'global';
  const list = state.commands.get(scope) ?? [];
  if (commandId !== undefined) {
    const existing = list.find((command) => command.id === commandId);
    if (!existing) return unknown(10063, 'application command');
    if (method === 'GET') return ok(existing);
    if (method === 'DELETE') {
      state.commandWrites++;
      state.commands.set(
        scope,
        list.filter((command) => command !== existing),
      );
      return noContent;
    }
    if (method === 'PATCH') {
      const refusal = contextsRefusal(state, body);
      if (refusal) return invalidFormBody(refusal);
      state.commandWrites++;
      const changed = storedCommand(state, { ...existing, ...body }, guildId, existing.id);
      state.commands.set(
        scope,
        list.map((command) => (command === existing ? changed : command)),
      );
      return ok(changed);
    }
    return null;
  }
  if (method === 'GET') return ok(list);
  if (method === 'PUT') {
    if (!Array.isArray(body)) return { status: 400, body: { code: 50035, message: 'Invalid Form Body' } };
    // With Activities on, the app has an entry point command (type 4) a bulk update must keep.
    if (list.some((command) => command.type === ENTRY_POINT) && !body.some((c) => c?.type === ENTRY_POINT))
      return { status: 400, body: { code: 50240, message: ENTRY_POINT_REMOVED } };
    for (const [index, command] of body.entries()) {
      const refusal = contextsRefusal(state, command);
      if (refusal) return invalidFormBody(`${index}.${refusal}`);
    }
    state.commandWrites++;
    const stored = body.map((command) =>
      storedCommand(state, command, guildId, list.find((old) => old.name === command.name)?.id),
    );
    state.commands.set(scope, stored);
    return ok(stored);
  }
  if (method === 'POST') {
    const refusal = contextsRefusal(state, body);
    if (refusal) return invalidFormBody(refusal);
    state.commandWrites++;
    const existing = list.find((old) => old.name === body?.name);
    const command = storedCommand(state, body, guildId, existing?.id);
    state.commands.set(scope, [...list.filter((old) => old !== existing), command]);
    return { status: existing ? 200 : 201, body: command };
  }
  return null;
}

/** The application command type of an app's entry point command (PRIMARY_ENTRY_POINT). */
export const ENTRY_POINT = 4;
const ENTRY_POINT_REMOVED =
  "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.";

export function storedCommand(
  state: DiscordState,
  command: any,
  guildId: string | undefined,
  id = snowflake(),
) {
  return {
    ...command,
    id,
    application_id: state.applicationId,
    ...(guildId ? { guild_id: guildId } : {}),
    type: command.type ?? 1,
    version: snowflake(),
    default_member_permissions: command.default_member_permissions ?? null,
    nsfw: command.nsfw ?? false,
    ...commandContexts(command),
    description: command.description ?? '',
    options: command.options ?? [],
  };
}

function channelRoute(
  context: RouteContext,
  request: RouteRequest,
  channelId: string,
  rest: string,
): RouteResult | null {
  const { state, gateway } = context;
  const { method, body, files } = request;
  const channel = state.channels.get(channelId)!;
  let m: RegExpExecArray | null;

  const recipient = dmRecipient(state, channelId);
  if (rest === '' && method === 'GET' && recipient) return ok(dmJson(state, channel, recipient));
  if (rest === '' && method === 'GET') return ok(state.channelJson(channel));
  if (rest === '' && method === 'PATCH') {
    const refusal = nameRefusal(body?.name);
    if (refusal) return invalidFormBody(refusal);
    if (typeof body?.name === 'string') channel.name = body.name;
    if (typeof body?.archived === 'boolean') channel.archived = body.archived;
    const json = state.channelJson(channel);
    gateway.dispatch(THREAD_TYPES.has(channel.type) ? 'THREAD_UPDATE' : 'CHANNEL_UPDATE', json);
    return ok(json);
  }
  if (rest === '/messages' && method === 'POST') {
    const closed = dmRefusal(state, channelId);
    if (closed) return closed;
    const refusal = messageRefusal(body, { files });
    if (refusal) return invalidFormBody(refusal);
    return ok(state.messageJson(state.createMessage(channelId, body, files)));
  }
  if (rest === '/messages' && method === 'GET') {
    const limit = Number(request.query.get('limit') ?? 50);
    const messages = state.messages.filter(
      (message) => message.channelId === channelId && !message.deleted && !message.ephemeral,
    );
    return ok(
      messages
        .slice(-limit)
        .reverse()
        .map((message) => state.messageJson(message)),
    );
  }
  if (rest === '/typing' && method === 'POST') return noContent;
  if ((m = /^\/messages\/(\d+)$/.exec(rest))) {
    const message = state.findMessage(m[1], channelId);
    if (!message || message.ephemeral) return unknown(10008, 'Message');
    if (method === 'GET') return ok(state.messageJson(message));
    if (method === 'PATCH') {
      const refusal = messageRefusal(body, { files, editing: message });
      if (refusal) return invalidFormBody(refusal);
      state.editMessage(message, body, files);
      return ok(state.messageJson(message));
    }
    if (method === 'DELETE') {
      message.deleted = true;
      return noContent;
    }
    return null;
  }
  if ((m = /^(?:\/messages\/(\d+))?\/threads$/.exec(rest)) && method === 'POST') {
    const refusal = nameRefusal(body?.name);
    if (refusal) return invalidFormBody(refusal);
    const start = m[1] === undefined ? undefined : state.findMessage(m[1], channelId);
    if (m[1] !== undefined && !start) return unknown(10008, 'Message');
    // A thread started from a message takes the message's id, as on Discord.
    const type = start ? 11 : Number(body?.type ?? 12);
    const thread = state.addChannel(
      String(body?.name ?? 'thread'),
      type,
      channelId,
      channel.guildId,
      start?.id,
    );
    const json = state.channelJson(thread);
    gateway.dispatch('THREAD_CREATE', { ...json, newly_created: true });
    return { status: 201, body: json };
  }
  if (/^\/thread-members\/@me$/.test(rest) && (method === 'PUT' || method === 'DELETE')) return noContent;
  return null;
}
