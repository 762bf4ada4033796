/** What the emulated Discord knows: guilds, channels, users, messages and commands, and their API JSON. */
import { snowflake } from './snowflake.ts';

export interface EmulatedUser {
  id: string;
  username: string;
  globalName?: string;
  bot?: boolean;
  /** The language of the user's Discord client, sent with each interaction (default en-US). */
  locale?: string;
  /** The member's permissions in the guild, as Discord's bitfield string (default: every one). */
  permissions?: string;
}

export interface RecordedAttachment {
  filename: string;
  contentType?: string;
  data: Buffer;
  /** Its alt text, from the message's `attachments` entry for it. */
  description?: string;
}

/** An uploaded file, as the multipart parser hands it over. */
export interface UploadedFile extends RecordedAttachment {
  field?: string;
}

export interface RecordedMessage {
  id: string;
  channelId: string;
  content: string;
  embeds: any[];
  components: any[];
  attachments: RecordedAttachment[];
  flags: number;
  ephemeral: boolean;
  allowedMentions?: any;
  interactionId?: string;
  editedTimes: number;
  deleted: boolean;
  /** ISO time of creation. */
  createdAt: string;
}

export interface Channel {
  id: string;
  name: string;
  type: number;
  parentId?: string;
  guildId: string;
  archived?: boolean;
}

export const EPHEMERAL = 64;
export const LOADING = 128;
/** Every permission, as the bot's own permissions in the emulated guild. */
export const ALL_PERMISSIONS = '2251799813685247';
export const THREAD_TYPES = new Set([10, 11, 12]);
const JOINED_AT = '2026-01-01T00:00:00.000Z';

export class DiscordState {
  readonly applicationId = snowflake();
  readonly guildId = snowflake();
  /** Every guild the bot is in: the first one, and any a test adds. */
  readonly guilds = new Map<string, string>([[this.guildId, 'Tafl Test Hall']]);
  private readonly guildLocales = new Map<string, string>();
  readonly botUser: EmulatedUser;
  readonly users = new Map<string, EmulatedUser>();
  readonly channels = new Map<string, Channel>();
  readonly messages: RecordedMessage[] = [];
  /** Application commands by scope: 'global' or a guild id. */
  readonly commands = new Map<string, any[]>();
  commandWrites = 0;

  constructor() {
    // A bot user's id is its application's id.
    this.botUser = { id: this.applicationId, username: 'Tafl Bot', bot: true };
    this.users.set(this.botUser.id, this.botUser);
  }

  addUser(
    name: string,
    options: { bot?: boolean; locale?: string; permissions?: string } = {},
  ): EmulatedUser {
    const user = {
      id: snowflake(),
      username: name.toLowerCase().replace(/\W+/g, '_'),
      globalName: name,
      bot: options.bot,
      locale: options.locale,
      permissions: options.permissions,
    };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string, locale = 'en-US', id = snowflake()): string {
    this.guilds.set(id, name);
    this.guildLocales.set(id, locale);
    return id;
  }

  /** Every user is a member of every guild, but those who left one (`guild/user`). */
  private readonly departed = new Set<string>();

  isMember(userId: string, guildId: string): boolean {
    return this.users.has(userId) && this.guilds.has(guildId) && !this.departed.has(`${guildId}/${userId}`);
  }

  removeMember(userId: string, guildId: string): void {
    this.departed.add(`${guildId}/${userId}`);
  }

  /** A guild's preferred locale (the language of its community messages). */
  guildLocale(guildId: string): string {
    return this.guildLocales.get(guildId) ?? 'en-US';
  }

  addChannel(name: string, type = 0, parentId?: string, guildId = this.guildId, id = snowflake()): Channel {
    const channel = { id, name, type, parentId, guildId };
    this.channels.set(channel.id, channel);
    return channel;
  }

  findMessage(id: string, channelId?: string): RecordedMessage | undefined {
    return this.messages.find(
      (message) => message.id === id && !message.deleted && (!channelId || message.channelId === channelId),
    );
  }

  userJson(user: EmulatedUser) {
    return {
      id: user.id,
      username: user.username,
      global_name: user.globalName ?? null,
      discriminator: '0',
      avatar: null,
      bot: user.bot ?? false,
      public_flags: 0,
    };
  }

  memberJson(user: EmulatedUser) {
    return {
      user: this.userJson(user),
      nick: null,
      avatar: null,
      roles: [],
      joined_at: JOINED_AT,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      permissions: user.permissions ?? ALL_PERMISSIONS,
    };
  }

  channelJson(channel: Channel) {
    const base = {
      id: channel.id,
      type: channel.type,
      name: channel.name,
      guild_id: channel.guildId,
      position: 0,
      permission_overwrites: [],
      parent_id: channel.parentId ?? null,
      nsfw: false,
      last_message_id: null,
      rate_limit_per_user: 0,
    };
    if (!THREAD_TYPES.has(channel.type)) return { ...base, topic: null };
    const count = this.messages.filter((message) => message.channelId === channel.id).length;
    return {
      ...base,
      owner_id: this.botUser.id,
      thread_metadata: {
        archived: channel.archived ?? false,
        auto_archive_duration: 10080,
        archive_timestamp: JOINED_AT,
        locked: false,
        create_timestamp: JOINED_AT,
        ...(channel.type === 12 ? { invitable: true } : {}),
      },
      message_count: count,
      total_message_sent: count,
      member_count: 1,
      flags: 0,
    };
  }

  roleJson(guildId: string) {
    return {
      id: guildId,
      name: '@everyone',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 0,
      permissions: ALL_PERMISSIONS,
      managed: false,
      mentionable: false,
      flags: 0,
    };
  }

  guildJson(guildId = this.guildId) {
    const channels = [...this.channels.values()].filter((channel) => channel.guildId === guildId);
    return {
      id: guildId,
      name: this.guilds.get(guildId) ?? 'Tafl Test Hall',
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: [...this.users.values()].find((user) => !user.bot)?.id ?? this.botUser.id,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [this.roleJson(guildId)],
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      vanity_url_code: null,
      joined_at: JOINED_AT,
      large: false,
      unavailable: false,
      member_count: this.users.size,
      voice_states: [],
      members: [...this.users.values()].map((user) => this.memberJson(user)),
      channels: channels
        .filter((channel) => !THREAD_TYPES.has(channel.type))
        .map((channel) => this.channelJson(channel)),
      threads: channels
        .filter((channel) => THREAD_TYPES.has(channel.type) && !channel.archived)
        .map((channel) => this.channelJson(channel)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: this.guildLocale(guildId),
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      max_members: 500000,
      max_video_channel_users: 25,
    };
  }

  messageJson(message: RecordedMessage) {
    const fromInteraction = message.interactionId !== undefined;
    // A DM's or group DM's messages name no guild.
    const guildId = this.channels.get(message.channelId)?.guildId ?? this.guildId;
    return {
      id: message.id,
      channel_id: message.channelId,
      ...(guildId ? { guild_id: guildId } : {}),
      author: this.userJson(this.botUser),
      content: message.content,
      timestamp: message.createdAt,
      edited_timestamp: message.editedTimes > 0 ? new Date().toISOString() : null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((attachment, index) => ({
        id: `${message.id}${index}`,
        filename: attachment.filename,
        size: attachment.data.length,
        url: `https://cdn.invalid/attachments/${message.channelId}/${message.id}/${attachment.filename}`,
        proxy_url: `https://cdn.invalid/attachments/${message.channelId}/${message.id}/${attachment.filename}`,
        content_type: attachment.contentType,
      })),
      embeds: message.embeds,
      components: message.components,
      pinned: false,
      type: fromInteraction ? 20 : 0,
      flags: message.flags,
      ...(fromInteraction ? { application_id: this.applicationId, webhook_id: this.applicationId } : {}),
    };
  }

  /** A message as a create body (JSON or multipart payload_json) and its uploaded files make it. */
  createMessage(
    channelId: string,
    body: any,
    files: UploadedFile[],
    interactionId?: string,
  ): RecordedMessage {
    const flags = Number(body?.flags ?? 0);
    const message: RecordedMessage = {
      id: snowflake(),
      channelId,
      content: body?.content ?? '',
      embeds: body?.embeds ?? [],
      components: body?.components ?? [],
      attachments: files.map((file, index) => attachmentOf(file, index, body)),
      flags,
      ephemeral: (flags & EPHEMERAL) !== 0,
      allowedMentions: body?.allowed_mentions,
      interactionId,
      editedTimes: 0,
      deleted: false,
      createdAt: new Date().toISOString(),
    };
    this.messages.push(message);
    return message;
  }

  /**
   * An edit replaces the fields it names. Attachments: with an `attachments` list, the existing ones it
   * names by id stay and uploaded files join them; without one, uploaded files are added.
   */
  editMessage(message: RecordedMessage, body: any, files: UploadedFile[]): void {
    if (body?.content !== undefined) message.content = body.content ?? '';
    if (body?.embeds !== undefined) message.embeds = body.embeds ?? [];
    if (body?.components !== undefined) message.components = body.components ?? [];
    if (body?.allowed_mentions !== undefined) message.allowedMentions = body.allowed_mentions;
    if (Array.isArray(body?.attachments)) {
      const kept = new Set(body.attachments.map((attachment: any) => String(attachment?.id)));
      message.attachments = message.attachments.filter((_, index) => kept.has(`${message.id}${index}`));
    }
    message.attachments = [
      ...message.attachments,
      ...files.map((file, index) => attachmentOf(file, index, body)),
    ];
    // Editing resolves a deferred ("thinking") message; its ephemerality cannot change.
    const flags = body?.flags !== undefined ? Number(body.flags) : message.flags;
    message.flags = (flags & ~(LOADING | EPHEMERAL)) | (message.ephemeral ? EPHEMERAL : 0);
    message.editedTimes++;
  }
}

/** The N-th uploaded file (`files[N]`) with what the body's `attachments` entry of id N says of it. */
function attachmentOf(
  { filename, contentType, data }: UploadedFile,
  index: number,
  body: any,
): RecordedAttachment {
  const entry = Array.isArray(body?.attachments)
    ? body.attachments.find((attachment: any) => String(attachment?.id) === String(index))
    : undefined;
  return { filename, contentType, data, ...(entry?.description ? { description: entry.description } : {}) };
}
