/**
 * Users acting: slash commands, autocomplete and button clicks become INTERACTION_CREATE payloads as
 * discord.js v14 parses them; the bot's callbacks and webhook calls become recorded answers.
 */
import { callbackRefusal, DISCORD_LIMITS, invalidFormBody, messageRefusal, optionRefusal } from './limits.ts';
import { secret, snowflake, timestampOf } from './snowflake.ts';
import {
  ALL_PERMISSIONS,
  type DiscordState,
  type EmulatedUser,
  EPHEMERAL,
  LOADING,
  type RecordedMessage,
  type UploadedFile,
} from './state.ts';

export interface InteractionResponse {
  type: number;
  data: any;
  at: bigint;
}

export interface InteractionHandle {
  id: string;
  /** When INTERACTION_CREATE was sent (process.hrtime.bigint()). */
  sentAt: bigint;
  /** The callback (its type and data), when it comes (waiting `timeoutMs`, 10 s unless given). */
  firstResponse(timeoutMs?: number): Promise<InteractionResponse>;
  /**
   * The visible answer: a type-4 reply; after a type-5 (or 6) deferral the edit of @original or the
   * first follow-up; the message a type-7 update changed.
   */
  reply(timeoutMs?: number): Promise<RecordedMessage>;
  /** When the visible answer came (process.hrtime.bigint()), once it has. */
  answeredAt(): bigint | undefined;
  followUps(): RecordedMessage[];
}

/**
 * When an interaction reaches the bot and how long Discord waits for it: a gateway or a bot that
 * lags behind delivers an interaction already old; Discord's three seconds run from its making.
 */
export interface Timing {
  /** Dispatched this long after it was made. */
  deliverAfterMs?: number;
  /** Discord's deadline for its first answer, if not the usual three seconds. */
  acknowledgeWithinMs?: number;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export type OptionValue = string | number | boolean | EmulatedUser;

interface InteractionRecord {
  id: string;
  token: string;
  /** When it was made (Date.now()), as its id says. */
  createdMs: number;
  /** How long after that Discord takes its first answer. */
  acknowledgeMs: number;
  type: number;
  channelId: string;
  responses: InteractionResponse[];
  /** The interaction's original message: its reply, or for a component the message it sits on. */
  original?: RecordedMessage;
  answer?: RecordedMessage;
  /** When the answer came. */
  answeredAt?: bigint;
  followUps: RecordedMessage[];
  sourceMessage?: RecordedMessage;
}

type Waiter = <T>(probe: () => T | undefined | null | false, timeoutMs?: number) => Promise<T>;

const OPTION_TYPE = { string: 3, integer: 4, boolean: 5, user: 6, number: 10 } as const;
const UNKNOWN_WEBHOOK = { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
const UNKNOWN_MESSAGE = { status: 404, body: { code: 10008, message: 'Unknown Message' } };
/** How long a handle waits for the bot before failing the test. */
const ANSWER_TIMEOUT_MS = 10_000;

export class Interactions {
  private readonly records = new Map<string, InteractionRecord>();
  private nextSession = 0;

  constructor(
    private readonly state: DiscordState,
    private readonly dispatchToOne: (event: string, data: unknown, index: number) => boolean,
    private readonly waitFor: Waiter,
  ) {}

  /** A slash command; `name` may name a subcommand after a space: `variant add`. */
  slash(
    user: EmulatedUser,
    fullName: string,
    options: Record<string, OptionValue>,
    channelId: string,
    timing: Timing = {},
  ): InteractionHandle {
    const [name, subcommand] = fullName.split(' ');
    const command = this.findCommand(name, channelId);
    const declared = this.declaredOptions(command, subcommand);
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    const list = Object.entries(options).map(([optionName, value]) => {
      if (typeof value === 'object') {
        users[value.id] = this.state.userJson(value);
        const { user: _user, ...member } = this.state.memberJson(value);
        members[value.id] = member;
        return { name: optionName, type: OPTION_TYPE.user, value: value.id };
      }
      if (typeof value === 'string') this.refuseUnsendable(declared, optionName, value);
      return { name: optionName, type: this.optionType(declared, optionName, value), value };
    });
    const resolved = Object.keys(users).length > 0 ? { resolved: { users, members } } : {};
    return this.interact(
      user,
      channelId,
      2,
      {
        ...this.commandData(command, name, channelId),
        options: this.underSubcommand(subcommand, list),
        ...resolved,
      },
      undefined,
      timing,
    );
  }

  async autocomplete(
    user: EmulatedUser,
    fullName: string,
    options: Record<string, string | number | boolean>,
    focused: string,
    channelId: string,
  ): Promise<{ name: string; value: string | number }[]> {
    const [name, subcommand] = fullName.split(' ');
    const command = this.findCommand(name, channelId);
    const declared = this.declaredOptions(command, subcommand);
    const list = Object.entries(options).map(([optionName, value]) => ({
      name: optionName,
      // Discord sends the focused option's partial input as a string, whatever the option's type.
      type: this.optionType(declared, optionName, value),
      value: optionName === focused ? String(value) : value,
      ...(optionName === focused ? { focused: true } : {}),
    }));
    const handle = this.interact(user, channelId, 4, {
      ...this.commandData(command, name, channelId),
      options: this.underSubcommand(subcommand, list),
    });
    const response = await handle.firstResponse();
    if (response.type !== 8) throw new Error(`autocomplete answered with callback type ${response.type}`);
    return response.data?.choices ?? [];
  }

  clickButton(user: EmulatedUser, message: RecordedMessage, customId: string): InteractionHandle {
    this.refuseAbsent(message, customId, 2);
    return this.interact(user, message.channelId, 3, { custom_id: customId, component_type: 2 }, message);
  }

  /** A user chooses `values` in a string select menu of a message. */
  choose(
    user: EmulatedUser,
    message: RecordedMessage,
    customId: string,
    values: string[],
  ): InteractionHandle {
    const menu = this.refuseAbsent(message, customId, 3);
    const offered = new Set((menu?.options ?? []).map((option: any) => option.value));
    for (const value of values)
      if (!offered.has(value))
        throw new Error(`Discord would not send this: ${value} is not an option of ${customId}`);
    return this.interact(
      user,
      message.channelId,
      3,
      { custom_id: customId, component_type: 3, values },
      message,
    );
  }

  /** A member can only use a component the message shows: the component of that id and type. */
  private refuseAbsent(message: RecordedMessage, customId: string, type: number): any {
    const found = message.components
      .flatMap((row: any) => row?.components ?? [])
      .find((component: any) => component?.custom_id === customId);
    if (found && found.type !== type)
      throw new Error(`Discord would not send this: ${customId} is not a component of type ${type}`);
    return found;
  }

  private commandData(command: any, name: string, channelId: string) {
    // Only guild commands carry a guild_id; a command never registered counts as one of this guild's.
    const guildId = command ? command.guild_id : this.state.channels.get(channelId)?.guildId;
    // Its type: 1 for a slash command, 4 for the app's entry point command (an Activity's Launch).
    const type = command?.type ?? 1;
    return { id: command?.id ?? snowflake(), name, type, ...(guildId ? { guild_id: guildId } : {}) };
  }

  /** The options a command (or one of its subcommands) declares, as registered. */
  private declaredOptions(command: any, subcommand: string | undefined): any[] | undefined {
    if (!subcommand) return command?.options;
    return command?.options?.find((option: any) => option.type === 1 && option.name === subcommand)?.options;
  }

  /** A Discord client does not send an option over its length limits: neither does a test. */
  private refuseUnsendable(declared: any[] | undefined, name: string, value: string): void {
    const refusal = optionRefusal(
      declared?.find((option: any) => option.name === name),
      name,
      value,
    );
    if (refusal) throw new Error(`Discord would not send this: ${refusal}`);
  }

  /** A subcommand arrives as the one option of the command, holding the options given. */
  private underSubcommand(subcommand: string | undefined, list: unknown[]): unknown[] {
    return subcommand ? [{ type: 1, name: subcommand, options: list }] : list;
  }

  private optionType(
    declaredOptions: any[] | undefined,
    name: string,
    value: string | number | boolean,
  ): number {
    const declared = declaredOptions?.find((option: any) => option.name === name)?.type;
    if (declared) return declared;
    if (typeof value === 'boolean') return OPTION_TYPE.boolean;
    if (typeof value === 'number') return Number.isInteger(value) ? OPTION_TYPE.integer : OPTION_TYPE.number;
    return OPTION_TYPE.string;
  }

  /** The command a user would see in this channel: the guild's own first, then a global one, then any. */
  private findCommand(name: string, channelId: string): any {
    const guildId = this.state.channels.get(channelId)?.guildId ?? '';
    const scopes = [guildId, 'global', ...this.state.commands.keys()];
    for (const scope of scopes) {
      const found = this.state.commands.get(scope)?.find((command) => command.name === name);
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
    timing: Timing = {},
  ): InteractionHandle {
    const channel = this.state.channels.get(channelId);
    if (!channel) throw new Error(`no channel ${channelId}`);
    const id = snowflake();
    const record: InteractionRecord = {
      id,
      token: `aW50ZXJhY3Rpb246${secret(120)}`,
      createdMs: timestampOf(id),
      acknowledgeMs: timing.acknowledgeWithinMs ?? DISCORD_LIMITS.acknowledgeMs,
      type,
      channelId,
      responses: [],
      followUps: [],
      sourceMessage: message,
      original: message,
    };
    this.records.set(record.token, record);
    const payload = {
      id: record.id,
      application_id: this.state.applicationId,
      type,
      token: record.token,
      version: 1,
      guild_id: channel.guildId,
      guild: { id: channel.guildId, locale: this.state.guildLocale(channel.guildId), features: [] },
      channel_id: channelId,
      channel: this.state.channelJson(channel),
      member: this.state.memberJson(user),
      data,
      ...(message ? { message: this.state.messageJson(message) } : {}),
      locale: user.locale ?? 'en-US',
      guild_locale: this.state.guildLocale(channel.guildId),
      app_permissions: ALL_PERMISSIONS,
      entitlements: [],
      authorizing_integration_owners: { '0': channel.guildId },
      context: 0,
      attachment_size_limit: 10_485_760,
    };
    const sentAt = process.hrtime.bigint();
    const session = this.nextSession++;
    if (timing.deliverAfterMs) {
      setTimeout(() => this.dispatchToOne('INTERACTION_CREATE', payload, session), timing.deliverAfterMs);
    } else if (!this.dispatchToOne('INTERACTION_CREATE', payload, session)) {
      throw new Error('no bot is connected to the emulated gateway');
    }
    return {
      id: record.id,
      sentAt,
      firstResponse: (timeoutMs = ANSWER_TIMEOUT_MS) => this.waitFor(() => record.responses[0], timeoutMs),
      reply: (timeoutMs = ANSWER_TIMEOUT_MS) => this.waitFor(() => record.answer, timeoutMs),
      answeredAt: () => record.answeredAt,
      followUps: () => record.followUps,
    };
  }

  /** The visible answer has come: the message, and when (process.hrtime.bigint()). */
  private answered(record: InteractionRecord, message: RecordedMessage): void {
    record.answer = message;
    record.answeredAt = process.hrtime.bigint();
  }

  /** POST /interactions/:id/:token/callback */
  callback(
    id: string,
    token: string,
    body: any,
    files: UploadedFile[],
    at: bigint,
    withResponse: boolean,
  ): RouteResult {
    const record = this.records.get(token);
    // Discord forgets an interaction not acknowledged within three seconds.
    if (!record || record.id !== id || Date.now() - record.createdMs > record.acknowledgeMs)
      return { status: 404, body: { code: 10062, message: 'Unknown interaction' } };
    if (record.responses.length > 0)
      return { status: 400, body: { code: 40060, message: 'Interaction has already been acknowledged.' } };
    const type = Number(body?.type);
    const data = body?.data ?? {};
    // 12, LAUNCH_ACTIVITY: opens the app's Activity in the channel, for a command or a component.
    if (![4, 5, 6, 7, 8, 9, 12].includes(type) || (type === 8) !== (record.type === 4)) {
      return { status: 400, body: { code: 50035, message: `Invalid Form Body (callback type ${type})` } };
    }
    if ((type === 6 || type === 7) && !record.sourceMessage) {
      return { status: 400, body: { code: 40004, message: `Callback type ${type} needs a message` } };
    }
    const refusal = callbackRefusal(body);
    if (refusal) return invalidFormBody(refusal);
    record.responses.push({ type, data, at });
    let message: RecordedMessage | undefined;
    if (type === 4) {
      message = this.state.createMessage(record.channelId, data, files, record.id);
      record.original = message;
      this.answered(record, message);
    } else if (type === 5) {
      const flags = (Number(data.flags ?? 0) & EPHEMERAL) | LOADING;
      message = this.state.createMessage(record.channelId, { content: '', flags }, [], record.id);
      record.original = message;
    } else if (type === 7) {
      message = record.sourceMessage!;
      this.state.editMessage(message, data, files);
      this.answered(record, message);
    } else if (type === 6) {
      message = record.sourceMessage;
    }
    if (!withResponse) return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: record.id,
          type: record.type,
          activity_instance_id: type === 12 ? `i-${record.id}` : null,
          response_message_id: message?.id ?? null,
          response_message_loading: type === 5,
          response_message_ephemeral: message?.ephemeral ?? false,
        },
        resource: message
          ? { type, message: this.state.messageJson(message) }
          : type === 12
            ? { type, activity_instance: { id: `i-${record.id}` } }
            : { type },
      },
    };
  }

  /** /webhooks/:app/:token and /webhooks/:app/:token/messages/:id (or @original). */
  webhook(
    method: string,
    token: string,
    messageId: string | undefined,
    body: any,
    files: UploadedFile[],
  ): RouteResult | null {
    const record = this.records.get(token);
    if (!record || Date.now() - record.createdMs > DISCORD_LIMITS.tokenMs) return UNKNOWN_WEBHOOK;
    const refusal = method === 'POST' || method === 'PATCH' ? messageRefusal(body) : null;
    if (refusal) return invalidFormBody(refusal);
    if (messageId === undefined) {
      if (method !== 'POST') return null;
      if (record.responses.length === 0) return UNKNOWN_WEBHOOK;
      const message = this.state.createMessage(record.channelId, body, files, record.id);
      record.followUps.push(message);
      if (!record.answer && record.responses.some((response) => response.type === 5 || response.type === 6))
        this.answered(record, message);
      return { status: 200, body: this.state.messageJson(message) };
    }
    const target =
      messageId === '@original'
        ? record.original
        : (record.followUps.find((message) => message.id === messageId) ?? this.state.findMessage(messageId));
    if (!target || target.deleted) return UNKNOWN_MESSAGE;
    if (method === 'GET') return { status: 200, body: this.state.messageJson(target) };
    if (method === 'DELETE') {
      target.deleted = true;
      return { status: 204 };
    }
    if (method === 'PATCH') {
      this.state.editMessage(target, body, files);
      if (messageId === '@original' && !record.answer) this.answered(record, target);
      return { status: 200, body: this.state.messageJson(target) };
    }
    return null;
  }
}
