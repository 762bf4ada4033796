/**
 * A local stand-in for Discord: the REST routes the bot uses and a gateway, so that the real
 * discord.js client logs in and talks to it as it would to Discord. Tests drive it as users:
 * slash commands, autocomplete, button clicks; and read what the bot answered.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gateway } from './gateway.ts';
import { parseMultipart } from './multipart.ts';
import { secret, snowflake } from './snowflake.ts';
import { DiscordState, type EmulatedUser, EPHEMERAL, type RecordedMessage } from './state.ts';

export type { EmulatedUser, RecordedMessage } from './state.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  files: { filename: string; contentType?: string; data: Buffer }[];
  at: bigint;
}

export interface InteractionResponse {
  type: number;
  data: any;
  at: bigint;
}

export interface InteractionHandle {
  id: string;
  /** When INTERACTION_CREATE was sent (process.hrtime.bigint()). */
  sentAt: bigint;
  firstResponse(): Promise<InteractionResponse>;
  /** The visible answer: a reply, the edit after a deferral, an updated message, or a follow-up after a deferral. */
  reply(): Promise<RecordedMessage>;
  followUps(): RecordedMessage[];
}

interface InteractionRecord {
  id: string;
  token: string;
  channelId: string;
  responses: InteractionResponse[];
  /** The interaction's original message: its reply, or for a button the message it sits on. */
  original?: RecordedMessage;
  answer?: RecordedMessage;
  followUps: RecordedMessage[];
  sourceMessage?: RecordedMessage;
}

type OptionValue = string | number | boolean | EmulatedUser;

/** A failure the emulator answers instead of the real route, `times` times. */
export interface Fault {
  method?: string;
  path: RegExp;
  status: number;
  /** For 429: seconds to wait, sent as retry-after. */
  retryAfter?: number;
  times: number;
}

const COMMAND_TYPE = { string: 3, integer: 4, boolean: 5, user: 6 } as const;

export class DiscordEmulator {
  readonly token = `${snowflake()}.${secret(6)}.${secret(27)}`;
  readonly state = new DiscordState();
  readonly calls: RecordedCall[] = [];
  readonly unknownRoutes: RecordedCall[] = [];
  readonly events = new EventEmitter();
  apiUrl = '';
  guildId = this.state.guildId;
  applicationId = this.state.applicationId;
  botUser = this.state.botUser;
  channelId = '';
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private gateway!: Gateway;
  private readonly interactions = new Map<string, InteractionRecord>();
  private nextShard = 0;
  private readonly faults: Fault[] = [];
  /** Requests answered with an injected fault. */
  readonly faulted: RecordedCall[] = [];

  /** Answers the next `times` matching requests with an error (429 with retry-after, or 5xx). */
  injectFault(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  async start(): Promise<void> {
    this.channelId = this.state.addChannel('tafl').id;
    this.gateway = new Gateway(
      this.server,
      this.state,
      this.token,
      () => `ws://127.0.0.1:${this.port()}/gateway`,
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.apiUrl = `http://127.0.0.1:${this.port()}/api`;
    this.events.setMaxListeners(1000);
  }

  private port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get commandWrites(): number {
    return this.state.commandWrites;
  }

  /** How many bot sessions are connected and ready. */
  readySessions(): number {
    return this.gateway.readySessions();
  }

  addUser(name: string, options: { bot?: boolean } = {}): EmulatedUser {
    const user = this.state.addUser(name, options);
    this.gateway.dispatch('GUILD_MEMBER_ADD', { ...this.state.memberJson(user), guild_id: this.guildId });
    return user;
  }

  /** A new guild with the bot and every user in it; returns its id. Add channels with `createChannel(name, guildId)`. */
  createGuild(name: string): string {
    const guildId = this.state.addGuild(name);
    this.gateway.dispatch('GUILD_CREATE', this.state.guildJson(guildId));
    return guildId;
  }

  createChannel(name: string, guildId = this.guildId): string {
    const channel = this.state.addChannel(name, 0, undefined, guildId);
    this.gateway.dispatch('CHANNEL_CREATE', this.state.channelJson(channel));
    return channel.id;
  }

  commands(scope: { guildId?: string } = {}): any[] {
    return this.state.commands.get(scope.guildId ?? 'global') ?? [];
  }

  messages(channelId?: string): RecordedMessage[] {
    return this.state.messages.filter(
      (message) => !message.deleted && (!channelId || message.channelId === channelId),
    );
  }

  threads(): { id: string; parentId: string; name: string }[] {
    return [...this.state.channels.values()]
      .filter((channel) => channel.type === 11)
      .map((channel) => ({ id: channel.id, parentId: channel.parentId ?? '', name: channel.name }));
  }

  dropGatewayConnections(): void {
    this.gateway.dropConnections();
  }

  /** Gateway sessions resumed (RESUME accepted) and identified so far. */
  gatewayCounts(): { resumes: number; identifies: number } {
    return { resumes: this.gateway.resumes, identifies: this.gateway.identifies };
  }

  /** Resolves when `probe` returns something truthy, checking after every change (and every 20 ms). */
  waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`waitFor timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const poll = setInterval(check, 20);
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.events.off('change', check);
      };
      this.events.on('change', check);
      check();
    });
  }

  // Users acting

  slash(
    user: EmulatedUser,
    name: string,
    options: Record<string, OptionValue> = {},
    where: { channelId?: string } = {},
  ): InteractionHandle {
    const command = this.findCommand(name);
    const resolvedUsers: Record<string, unknown> = {};
    const resolvedMembers: Record<string, unknown> = {};
    const optionList = Object.entries(options).map(([optionName, value]) => {
      const declared = command?.options?.find((option: any) => option.name === optionName);
      if (typeof value === 'object') {
        resolvedUsers[value.id] = this.state.userJson(value);
        const { user: _user, ...member } = this.state.memberJson(value);
        resolvedMembers[value.id] = member;
        return { name: optionName, type: COMMAND_TYPE.user, value: value.id };
      }
      const type = declared?.type ?? (typeof value === 'boolean' ? 5 : typeof value === 'number' ? 4 : 3);
      return { name: optionName, type, value };
    });
    return this.interact(user, where.channelId ?? this.channelId, 2, {
      id: command?.id ?? snowflake(),
      name,
      type: 1,
      guild_id: this.guildId,
      options: optionList,
      ...(optionList.some((option) => option.type === COMMAND_TYPE.user)
        ? { resolved: { users: resolvedUsers, members: resolvedMembers } }
        : {}),
    });
  }

  async autocomplete(
    user: EmulatedUser,
    name: string,
    options: Record<string, string | number | boolean>,
    focused: string,
    where: { channelId?: string } = {},
  ): Promise<{ name: string; value: string | number }[]> {
    const command = this.findCommand(name);
    const handle = this.interact(user, where.channelId ?? this.channelId, 4, {
      id: command?.id ?? snowflake(),
      name,
      type: 1,
      guild_id: this.guildId,
      options: Object.entries(options).map(([optionName, value]) => ({
        name: optionName,
        type: typeof value === 'boolean' ? 5 : typeof value === 'number' ? 4 : 3,
        value,
        ...(optionName === focused ? { focused: true } : {}),
      })),
    });
    const response = await handle.firstResponse();
    if (response.type !== 8) throw new Error(`autocomplete answered with callback type ${response.type}`);
    return response.data?.choices ?? [];
  }

  clickButton(user: EmulatedUser, message: RecordedMessage, customId: string): InteractionHandle {
    return this.interact(user, message.channelId, 3, { custom_id: customId, component_type: 2 }, message);
  }

  private findCommand(name: string): any {
    for (const list of this.state.commands.values()) {
      const found = list.find((command) => command.name === name);
      if (found) return found;
    }
    return undefined;
  }

  private interact(
    user: EmulatedUser,
    channelId: string,
    type: number,
    data: unknown,
    message?: RecordedMessage,
  ): InteractionHandle {
    const channel = this.state.channels.get(channelId);
    if (!channel) throw new Error(`no channel ${channelId}`);
    const record: InteractionRecord = {
      id: snowflake(),
      token: secret(64),
      channelId,
      responses: [],
      followUps: [],
      sourceMessage: message,
    };
    if (message) record.original = message;
    this.interactions.set(record.token, record);
    const payload = {
      id: record.id,
      application_id: this.applicationId,
      type,
      token: record.token,
      version: 1,
      guild_id: channel.guildId,
      channel_id: channelId,
      channel: this.state.channelJson(channel),
      member: this.state.memberJson(user),
      data,
      ...(message ? { message: this.state.messageJson(message) } : {}),
      locale: 'en-US',
      guild_locale: 'en-US',
      app_permissions: '2251799813685247',
      entitlements: [],
      authorizing_integration_owners: { '0': channel.guildId },
      context: 0,
      attachment_size_limit: 10485760,
    };
    const sentAt = process.hrtime.bigint();
    if (!this.gateway.dispatchToOne('INTERACTION_CREATE', payload, this.nextShard++)) {
      throw new Error('no bot is connected to the emulated gateway');
    }
    const changed = () => this.waitFor(() => record.responses[0], 10_000);
    return {
      id: record.id,
      sentAt,
      firstResponse: changed,
      reply: () => this.waitFor(() => record.answer, 10_000),
      followUps: () => record.followUps,
    };
  }

  // REST

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://emulator');
    const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, '');
    const contentType = request.headers['content-type'] ?? '';
    let body: any;
    let files: RecordedCall['files'] = [];
    try {
      if (contentType.startsWith('multipart/form-data')) {
        const form = parseMultipart(raw, contentType);
        body = form.json;
        files = form.files.map(({ filename, contentType: type, data }) => ({
          filename,
          contentType: type,
          data,
        }));
      } else if (raw.length > 0) {
        body = JSON.parse(raw.toString('utf8'));
      }
    } catch (error) {
      return this.json(response, 400, {
        code: 50109,
        message: `The request body contains invalid JSON: ${(error as Error).message}`,
      });
    }
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path,
      body,
      files,
      at: process.hrtime.bigint(),
    };
    this.calls.push(call);
    const fault = this.faults.find(
      (f) => f.times > 0 && f.path.test(path) && (!f.method || f.method === call.method),
    );
    if (fault) {
      fault.times--;
      this.faulted.push(call);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.status === 429) {
        headers['retry-after'] = String(fault.retryAfter ?? 0.2);
        headers['x-ratelimit-scope'] = 'user';
      }
      const text = JSON.stringify(
        fault.status === 429
          ? { message: 'You are being rate limited.', retry_after: fault.retryAfter ?? 0.2, global: false }
          : { message: 'Internal Server Error', code: 0 },
      );
      response.writeHead(fault.status, headers).end(text);
      this.events.emit('change');
      return;
    }
    const authorised = request.headers.authorization === `Bot ${this.token}`;
    try {
      const result = this.route(call, url, authorised);
      if (result === null) {
        this.unknownRoutes.push(call);
        this.json(response, 404, { code: 0, message: `404: Not Found (${call.method} ${path})` });
      } else {
        this.json(response, result.status, result.body);
      }
    } catch (error) {
      this.json(response, 500, { code: 0, message: String((error as Error).stack) });
    }
    this.events.emit('change');
  }

  private json(response: ServerResponse, status: number, body: unknown) {
    if (status === 204) {
      response.writeHead(204).end();
      return;
    }
    const text = JSON.stringify(body ?? null);
    response
      .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      .end(text);
  }

  private route(
    call: RecordedCall,
    url: URL,
    authorised: boolean,
  ): { status: number; body?: unknown } | null {
    const { method, path, body } = call;
    const match = (pattern: RegExp) => pattern.exec(path);
    let m: RegExpExecArray | null;

    // Interaction callbacks and webhooks authenticate by their token, not the bot's.
    if ((m = match(/^\/interactions\/(\d+)\/([^/]+)\/callback$/)) && method === 'POST') {
      return this.callback(m[2], body, call, url.searchParams.get('with_response') === 'true');
    }
    if ((m = match(/^\/webhooks\/(\d+)\/([^/]+)$/)) && method === 'POST') {
      const record = this.interactions.get(m[2]);
      if (!record) return { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
      const message = this.createMessage(record.channelId, body, call, record.id);
      record.followUps.push(message);
      if (!record.answer && record.responses.some((r) => r.type === 5 || r.type === 6))
        record.answer = message;
      return { status: 200, body: this.state.messageJson(message) };
    }
    if ((m = match(/^\/webhooks\/(\d+)\/([^/]+)\/messages\/([^/]+)$/))) {
      const record = this.interactions.get(m[2]);
      if (!record) return { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
      const target =
        m[3] === '@original' ? record.original : this.state.messages.find((message) => message.id === m?.[3]);
      if (!target) return { status: 404, body: { code: 10008, message: 'Unknown Message' } };
      if (method === 'GET') return { status: 200, body: this.state.messageJson(target) };
      if (method === 'DELETE') {
        target.deleted = true;
        return { status: 204 };
      }
      if (method === 'PATCH') {
        this.editMessage(target, body, call);
        if (m[3] === '@original' && !record.answer) record.answer = target;
        return { status: 200, body: this.state.messageJson(target) };
      }
    }

    if (!authorised) return { status: 401, body: { code: 0, message: '401: Unauthorized' } };

    if (path === '/gateway/bot' && method === 'GET') {
      return {
        status: 200,
        body: {
          url: `ws://127.0.0.1:${this.port()}/gateway`,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
        },
      };
    }
    if (path === '/users/@me' && method === 'GET')
      return { status: 200, body: this.state.userJson(this.botUser) };
    if (path === '/applications/@me' && method === 'GET') {
      return {
        status: 200,
        body: { id: this.applicationId, name: 'Tafl Bot', flags: 0, bot_public: true, description: '' },
      };
    }
    if ((m = match(/^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/))) {
      const scope = m[2] ?? 'global';
      if (method === 'GET') return { status: 200, body: this.state.commands.get(scope) ?? [] };
      if (method === 'PUT') {
        this.state.commandWrites++;
        const list = (body as any[]).map((command) => this.storedCommand(command, m?.[2]));
        this.state.commands.set(scope, list);
        return { status: 200, body: list };
      }
      if (method === 'POST') {
        this.state.commandWrites++;
        const command = this.storedCommand(body, m[2]);
        const list = (this.state.commands.get(scope) ?? []).filter(
          (existing) => existing.name !== command.name,
        );
        this.state.commands.set(scope, [...list, command]);
        return { status: 201, body: command };
      }
    }
    if ((m = match(/^\/channels\/(\d+)$/)) && method === 'GET') {
      const channel = this.state.channels.get(m[1]);
      return channel
        ? { status: 200, body: this.state.channelJson(channel) }
        : { status: 404, body: { code: 10003, message: 'Unknown Channel' } };
    }
    if ((m = match(/^\/channels\/(\d+)\/messages$/)) && method === 'POST') {
      if (!this.state.channels.has(m[1]))
        return { status: 404, body: { code: 10003, message: 'Unknown Channel' } };
      return { status: 200, body: this.state.messageJson(this.createMessage(m[1], body, call)) };
    }
    if ((m = match(/^\/channels\/(\d+)\/messages\/(\d+)$/))) {
      const message = this.state.messages.find(
        (candidate) => candidate.id === m?.[2] && candidate.channelId === m?.[1],
      );
      if (!message) return { status: 404, body: { code: 10008, message: 'Unknown Message' } };
      if (method === 'GET') return { status: 200, body: this.state.messageJson(message) };
      if (method === 'PATCH') {
        this.editMessage(message, body, call);
        return { status: 200, body: this.state.messageJson(message) };
      }
      if (method === 'DELETE') {
        message.deleted = true;
        return { status: 204 };
      }
    }
    if ((m = match(/^\/channels\/(\d+)(?:\/messages\/(\d+))?\/threads$/)) && method === 'POST') {
      if (!this.state.channels.has(m[1]))
        return { status: 404, body: { code: 10003, message: 'Unknown Channel' } };
      const parent = this.state.channels.get(m[1]);
      const thread = this.state.addChannel(
        String((body as any)?.name ?? 'thread'),
        11,
        m[1],
        parent?.guildId,
      );
      const json = this.state.channelJson(thread);
      this.gateway.dispatch('THREAD_CREATE', { ...json, newly_created: true });
      return { status: 201, body: json };
    }
    if ((m = match(/^\/guilds\/(\d+)\/members\/(\d+)$/)) && method === 'GET') {
      const user = this.state.users.get(m[2]);
      return user
        ? { status: 200, body: this.state.memberJson(user) }
        : { status: 404, body: { code: 10007, message: 'Unknown Member' } };
    }
    if ((m = match(/^\/guilds\/(\d+)$/)) && method === 'GET')
      return { status: 200, body: this.state.guildJson() };
    return null;
  }

  private storedCommand(command: any, guildId?: string) {
    const existing = [...this.state.commands.values()]
      .flat()
      .find((candidate) => candidate.name === command.name);
    return {
      ...command,
      id: existing?.id ?? snowflake(),
      application_id: this.applicationId,
      ...(guildId ? { guild_id: guildId } : {}),
      type: command.type ?? 1,
      version: snowflake(),
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: command.nsfw ?? false,
    };
  }

  private callback(
    token: string,
    body: any,
    call: RecordedCall,
    withResponse: boolean,
  ): { status: number; body?: unknown } {
    const record = this.interactions.get(token);
    if (!record) return { status: 404, body: { code: 10062, message: 'Unknown interaction' } };
    if (record.responses.length > 0)
      return { status: 400, body: { code: 40060, message: 'Interaction has already been acknowledged.' } };
    const type = body?.type;
    const data = body?.data ?? {};
    record.responses.push({ type, data, at: call.at });
    let message: RecordedMessage | undefined;
    if (type === 4) {
      message = this.createMessage(record.channelId, data, call, record.id);
      record.original = message;
      record.answer = message;
    } else if (type === 5) {
      message = this.createMessage(
        record.channelId,
        { content: '', flags: (data.flags ?? 0) | 128 },
        call,
        record.id,
      );
      record.original = message;
    } else if (type === 7 && record.sourceMessage) {
      this.editMessage(record.sourceMessage, data, call);
      message = record.sourceMessage;
      record.answer = message;
    }
    if (!withResponse) return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: record.id,
          type: 2,
          activity_instance_id: null,
          response_message_id: message?.id,
          response_message_loading: type === 5,
          response_message_ephemeral: message?.ephemeral ?? false,
        },
        resource: message ? { type, message: this.state.messageJson(message) } : { type },
      },
    };
  }

  private createMessage(
    channelId: string,
    body: any,
    call: RecordedCall,
    interactionId?: string,
  ): RecordedMessage {
    const flags = Number(body?.flags ?? 0);
    const message: RecordedMessage = {
      id: snowflake(),
      channelId,
      content: body?.content ?? '',
      embeds: body?.embeds ?? [],
      components: body?.components ?? [],
      attachments: call.files.map(({ filename, contentType, data }) => ({ filename, contentType, data })),
      flags,
      ephemeral: (flags & EPHEMERAL) !== 0,
      allowedMentions: body?.allowed_mentions,
      interactionId,
      editedTimes: 0,
      deleted: false,
    };
    this.state.messages.push(message);
    return message;
  }

  private editMessage(message: RecordedMessage, body: any, call: RecordedCall) {
    if (body?.content !== undefined) message.content = body.content ?? '';
    if (body?.embeds !== undefined) message.embeds = body.embeds ?? [];
    if (body?.components !== undefined) message.components = body.components ?? [];
    if (body?.allowed_mentions !== undefined) message.allowedMentions = body.allowed_mentions;
    if (call.files.length > 0) {
      message.attachments = call.files.map(({ filename, contentType, data }) => ({
        filename,
        contentType,
        data,
      }));
    } else if (Array.isArray(body?.attachments) && body.attachments.length === 0) {
      message.attachments = [];
    }
    if (body?.flags !== undefined) message.flags = Number(body.flags) & ~128;
    else message.flags &= ~128;
    message.editedTimes++;
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export async function startDiscordEmulator(): Promise<DiscordEmulator> {
  const emulator = new DiscordEmulator();
  await emulator.start();
  return emulator;
}
