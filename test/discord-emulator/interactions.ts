/**
 * Users acting: slash commands, autocomplete and button clicks become INTERACTION_CREATE payloads as
 * discord.js v14 parses them; the bot's callbacks and webhook calls become recorded answers.
 */
import {
  declaredOptions,
  OPTION_TYPE,
  optionType,
  refuseAbsent,
  refuseUnsendable,
  underSubcommand,
} from './command-options.ts';
import { callbackRefusal, DISCORD_LIMITS, invalidFormBody, messageRefusal } from './limits.ts';
import { secret, snowflake, timestampOf } from './snowflake.ts';
import {
  type DiscordState,
  type EmulatedUser,
  EPHEMERAL,
  LOADING,
  type RecordedMessage,
  type UploadedFile,
} from './state.ts';
import { interactionPlace, onlyGlobalCommands, rememberOwners } from './user-install.ts';

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
  /**
   * Moves the interaction `ms` into the past, as if that long had passed since it was made: its
   * first answer is then late after three seconds, its token dead after fifteen minutes.
   */
  elapse(ms: number): void;
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

const UNKNOWN_WEBHOOK = { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
/** Discord's answer to an interaction token it does not know or no longer takes (after 15 minutes). */
const INVALID_TOKEN = { status: 401, body: { code: 50027, message: 'Invalid Webhook Token' } };
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
    const place = interactionPlace(this.state, user, this.channel(channelId), { command });
    const declared = declaredOptions(command, subcommand);
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    const list = Object.entries(options).map(([optionName, value]) => {
      if (typeof value === 'object') {
        users[value.id] = this.state.userJson(value);
        const { user: _user, ...member } = this.state.memberJson(value, this.channel(channelId).guildId);
        members[value.id] = member;
        return { name: optionName, type: OPTION_TYPE.user, value: value.id };
      }
      if (typeof value === 'string') refuseUnsendable(declared, optionName, value);
      return { name: optionName, type: optionType(declared, optionName, value), value };
    });
    // Outside a guild a user option resolves to the user alone.
    const resolved =
      Object.keys(users).length > 0 ? { resolved: place.inGuild ? { users, members } : { users } } : {};
    return this.interact(
      channelId,
      2,
      {
        ...this.commandData(command, name, channelId),
        options: underSubcommand(subcommand, list),
        ...resolved,
      },
      place.fields,
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
    const place = interactionPlace(this.state, user, this.channel(channelId), { command });
    const declared = declaredOptions(command, subcommand);
    const list = Object.entries(options).map(([optionName, value]) => ({
      name: optionName,
      // Discord sends the focused option's partial input as a string, whatever the option's type.
      type: optionType(declared, optionName, value),
      value: optionName === focused ? String(value) : value,
      ...(optionName === focused ? { focused: true } : {}),
    }));
    const handle = this.interact(
      channelId,
      4,
      { ...this.commandData(command, name, channelId), options: underSubcommand(subcommand, list) },
      place.fields,
    );
    const response = await handle.firstResponse();
    if (response.type !== 8) throw new Error(`autocomplete answered with callback type ${response.type}`);
    return response.data?.choices ?? [];
  }

  clickButton(user: EmulatedUser, message: RecordedMessage, customId: string): InteractionHandle {
    refuseAbsent(message, customId, 2);
    return this.interact(
      message.channelId,
      3,
      { custom_id: customId, component_type: 2 },
      this.componentPlace(user, message),
      message,
    );
  }

  /** A user chooses `values` in a string select menu of a message. */
  choose(
    user: EmulatedUser,
    message: RecordedMessage,
    customId: string,
    values: string[],
  ): InteractionHandle {
    const menu = refuseAbsent(message, customId, 3);
    const offered = new Set((menu?.options ?? []).map((option: any) => option.value));
    for (const value of values)
      if (!offered.has(value))
        throw new Error(`Discord would not send this: ${value} is not an option of ${customId}`);
    return this.interact(
      message.channelId,
      3,
      { custom_id: customId, component_type: 3, values },
      this.componentPlace(user, message),
      message,
    );
  }

  /** Where a component is used: the install that made its message authorises it. */
  private componentPlace(user: EmulatedUser, message: RecordedMessage): Record<string, unknown> {
    const source = { sourceInteractionId: message.interactionId };
    return interactionPlace(this.state, user, this.channel(message.channelId), source).fields;
  }

  private channel(channelId: string) {
    const channel = this.state.channels.get(channelId);
    if (!channel) throw new Error(`no channel ${channelId}`);
    return channel;
  }

  private commandData(command: any, name: string, channelId: string) {
    // Only guild commands carry a guild_id; a command never registered counts as one of this guild's.
    const guildId = command ? command.guild_id : this.state.channels.get(channelId)?.guildId;
    // Its type: 1 for a slash command, 4 for the app's entry point command (an Activity's Launch).
    const type = command?.type ?? 1;
    return { id: command?.id ?? snowflake(), name, type, ...(guildId ? { guild_id: guildId } : {}) };
  }

  /**
   * The command a user would see in this channel: the guild's own first, then a global one, then any;
   * where the bot is not (private channels, guilds without it), only a global one.
   */
  private findCommand(name: string, channelId: string): any {
    const channel = this.channel(channelId);
    const scopes = onlyGlobalCommands(this.state, channel)
      ? ['global']
      : [channel.guildId, 'global', ...this.state.commands.keys()];
    for (const scope of scopes) {
      const found = this.state.commands.get(scope)?.find((command) => command.name === name);
      if (found) return found;
    }
    return undefined;
  }

  private interact(
    channelId: string,
    type: number,
    data: unknown,
    place: Record<string, unknown>,
    message?: RecordedMessage,
    timing: Timing = {},
  ): InteractionHandle {
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
      ...place,
      data,
      ...(message ? { message: this.state.messageJson(message) } : {}),
      entitlements: [],
      attachment_size_limit: 10_485_760,
    };
    rememberOwners(this.state, id, place.authorizing_integration_owners);
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
      elapse: (ms: number) => {
        record.createdMs -= ms;
      },
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
    const refusal = callbackRefusal(body, files, record.sourceMessage);
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
    if (!record || Date.now() - record.createdMs > DISCORD_LIMITS.tokenMs) return INVALID_TOKEN;
    if (method === 'POST' && messageId === undefined) {
      const refusal = messageRefusal(body, { files });
      if (refusal) return invalidFormBody(refusal);
    }
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
      const refusal = messageRefusal(body, { files, editing: target });
      if (refusal) return invalidFormBody(refusal);
      this.state.editMessage(target, body, files);
      if (messageId === '@original' && !record.answer) this.answered(record, target);
      return { status: 200, body: this.state.messageJson(target) };
    }
    return null;
  }
}
