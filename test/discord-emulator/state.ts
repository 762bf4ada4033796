/** What the emulated Discord knows: guilds, channels, users, messages and commands, and their API JSON. */
import { isV2, readableText, shownFiles } from './components-v2.ts';
import { snowflake } from './snowflake.ts';

export interface EmulatedUser {
  id: string;
  username: string;
  globalName?: string;
  bot?: boolean;
  /** The language of the user's Discord client, sent with each interaction (default en-US). */
  locale?: string;
  /**
   * The member's permissions, as Discord's bitfield string: what interactions say they have (default:
   * every one), and a role of their own granting them in every guild. A member given none has only
   * @everyone's role there (Discord's defaults), so a channel's overwrites decide what they see.
   */
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
  /**
   * The text a member reads: the message's `content`; for a Components V2 message (which has none),
   * its text displays in order, joined by "\n" (Discord's own JSON of it then says `content: ""`).
   */
  content: string;
  embeds: any[];
  /** As sent: action rows, or for a Components V2 message its whole layout. */
  components: any[];
  /** Every file uploaded with it, shown or not. */
  attachments: RecordedAttachment[];
  /**
   * Components V2 only: the names of the files its components show (`attachment://` URLs); Discord
   * does not show the others.
   */
  shownAttachments?: string[];
  flags: number;
  ephemeral: boolean;
  allowedMentions?: any;
  interactionId?: string;
  editedTimes: number;
  deleted: boolean;
  /** ISO time of creation. */
  createdAt: string;
}

/** A channel's permission overwrite, as Discord's JSON has it: for a role (type 0; @everyone's id is the guild's) or a member (1). */
export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface Channel {
  id: string;
  name: string;
  type: number;
  parentId?: string;
  guildId: string;
  archived?: boolean;
  /** Its permission overwrites (a thread has none: its channel's apply). */
  overwrites?: Overwrite[];
}

/** A guild's role besides @everyone: the bot's own (managed), a member's own, or one a test added. */
export interface Role {
  id: string;
  guildId: string;
  name: string;
  permissions: string;
  /** The bot's role, made by its install: it carries the bot's id in its tags. */
  botId?: string;
}

export const EPHEMERAL = 64;
export const LOADING = 128;
/** Every permission, as the bot's own permissions in the emulated guild. */
export const ALL_PERMISSIONS = '2251799813685247';
export const ADMINISTRATOR = 1n << 3n;
export const VIEW_CHANNEL = 1n << 10n;
/**
 * What @everyone may do in a new Discord server: invite, react, stream, view channels, send, embed,
 * attach, read history, mention everyone, external emojis, connect, speak, voice activity, change
 * nickname, application commands, request to speak, create threads, external stickers, send in
 * threads, activities, soundboard, external sounds, voice messages, polls, external apps.
 */
export const EVERYONE_PERMISSIONS = String(
  [
    0, 6, 9, 10, 11, 14, 15, 16, 17, 18, 20, 21, 25, 26, 31, 32, 35, 36, 37, 38, 39, 42, 45, 46, 49, 50,
  ].reduce((bits, bit) => bits | (1n << BigInt(bit)), 0n),
);
/** The bot's role: what its install asked for, every permission but Administrator (overwrites apply to it). */
const BOT_PERMISSIONS = String(BigInt(ALL_PERMISSIONS) & ~ADMINISTRATOR);
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
  /** Roles besides @everyone by `guild/key`: `bot`, `own/<user id>`, or a test's role's id. */
  private readonly roles = new Map<string, Role>();
  /** Roles a test gave members, by `guild/user`. */
  private readonly givenRoles = new Map<string, string[]>();
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

  addChannel(
    name: string,
    type = 0,
    parentId?: string,
    guildId = this.guildId,
    id = snowflake(),
    overwrites: Overwrite[] = [],
  ): Channel {
    const channel = { id, name, type, parentId, guildId, overwrites };
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

  /** A guild's roles besides @everyone: the bot's, each member's own (given `permissions`), those added. */
  rolesOf(guildId: string): Role[] {
    const own = (key: string, name: string, permissions: string, botId?: string) => {
      const existing = this.roles.get(`${guildId}/${key}`);
      if (existing) return existing;
      const role: Role = { id: snowflake(), guildId, name, permissions, ...(botId ? { botId } : {}) };
      this.roles.set(`${guildId}/${key}`, role);
      return role;
    };
    own('bot', this.botUser.username, BOT_PERMISSIONS, this.botUser.id);
    for (const user of this.users.values())
      if (user.permissions !== undefined && !user.bot)
        own(`own/${user.id}`, user.globalName ?? user.username, user.permissions);
    return [...this.roles.values()].filter((role) => role.guildId === guildId);
  }

  addRole(guildId: string, name: string, permissions: string): Role {
    const role = { id: snowflake(), guildId, name, permissions };
    this.roles.set(`${guildId}/${role.id}`, role);
    return role;
  }

  giveRole(userId: string, roleId: string, guildId: string): void {
    const key = `${guildId}/${userId}`;
    this.givenRoles.set(key, [...(this.givenRoles.get(key) ?? []), roleId]);
  }

  /** The ids of a member's roles in a guild (@everyone aside). */
  memberRoles(userId: string, guildId: string): string[] {
    const roles = this.rolesOf(guildId);
    const own = roles.find((role) =>
      userId === this.botUser.id
        ? role.botId === userId
        : this.roles.get(`${guildId}/own/${userId}`) === role,
    );
    return [...(own ? [own.id] : []), ...(this.givenRoles.get(`${guildId}/${userId}`) ?? [])];
  }

  /** The guild's owner: its first member who is not a bot (the bot until there is one). */
  ownerOf(_guildId: string): string {
    return [...this.users.values()].find((user) => !user.bot)?.id ?? this.botUser.id;
  }

  /**
   * A member's permissions in a channel, by Discord's rules: the owner has every one; else
   * @everyone's and their roles' together (Administrator: every one), then the channel's overwrites
   * for @everyone, for their roles, for them. A thread takes its channel's.
   */
  permissionsIn(userId: string, channelId: string): bigint {
    let channel = this.channels.get(channelId);
    if (channel && THREAD_TYPES.has(channel.type) && channel.parentId)
      channel = this.channels.get(channel.parentId);
    if (!channel) return 0n;
    const { guildId } = channel;
    const all = BigInt(ALL_PERMISSIONS);
    if (userId === this.ownerOf(guildId)) return all;
    const roleIds = new Set(this.memberRoles(userId, guildId));
    let permissions = this.rolesOf(guildId)
      .filter((role) => roleIds.has(role.id))
      .reduce((bits, role) => bits | BigInt(role.permissions), BigInt(EVERYONE_PERMISSIONS));
    if (permissions & ADMINISTRATOR) return all;
    const overwrites = channel.overwrites ?? [];
    const apply = (found: Overwrite[]) => {
      for (const overwrite of found) permissions &= ~BigInt(overwrite.deny);
      for (const overwrite of found) permissions |= BigInt(overwrite.allow);
    };
    apply(overwrites.filter((overwrite) => overwrite.type === 0 && overwrite.id === guildId));
    apply(overwrites.filter((overwrite) => overwrite.type === 0 && roleIds.has(overwrite.id)));
    apply(overwrites.filter((overwrite) => overwrite.type === 1 && overwrite.id === userId));
    return permissions;
  }

  memberJson(user: EmulatedUser, guildId = this.guildId) {
    return {
      user: this.userJson(user),
      nick: null,
      avatar: null,
      roles: this.memberRoles(user.id, guildId),
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
      permission_overwrites: THREAD_TYPES.has(channel.type) ? [] : (channel.overwrites ?? []),
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

  /** @everyone (the role whose id is the guild's) with Discord's defaults, then the guild's other roles. */
  rolesJson(guildId: string) {
    const others = this.rolesOf(guildId).map((role, index) => ({
      ...this.roleJson(guildId),
      id: role.id,
      name: role.name,
      position: index + 1,
      permissions: role.permissions,
      managed: role.botId !== undefined,
      ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
    }));
    return [this.roleJson(guildId), ...others];
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
      permissions: EVERYONE_PERMISSIONS,
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
      owner_id: this.ownerOf(guildId),
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: this.rolesJson(guildId),
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
      members: [...this.users.values()]
        .filter((user) => this.isMember(user.id, guildId))
        .map((user) => this.memberJson(user, guildId)),
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
      content: isV2(message.flags) ? '' : message.content,
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
    if (isV2(flags)) showLayout(message);
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
    if (isV2(message.flags)) showLayout(message);
    message.editedTimes++;
  }
}

/** A Components V2 message's readable text and shown files, from its layout. */
function showLayout(message: RecordedMessage): void {
  message.content = readableText(message.components);
  message.shownAttachments = shownFiles(message.components);
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
