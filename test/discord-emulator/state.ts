/** What the emulated Discord knows: its guild, channels, users, messages and commands, as API JSON. */
import { snowflake } from './snowflake.ts';

export interface EmulatedUser {
  id: string;
  username: string;
  globalName?: string;
  bot?: boolean;
}

export interface RecordedAttachment {
  filename: string;
  contentType?: string;
  data: Buffer;
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
}

export interface Channel {
  id: string;
  name: string;
  type: number;
  parentId?: string;
  guildId: string;
}

export const EPHEMERAL = 64;
/** Every permission, as the bot's own permissions in the emulated guild. */
export const ALL_PERMISSIONS = '2251799813685247';

export class DiscordState {
  readonly applicationId = snowflake();
  readonly guildId = snowflake();
  /** Every guild the bot is in: the first one, and any a test adds. */
  readonly guilds = new Map<string, string>([[this.guildId, 'Tafl Test Hall']]);
  readonly botUser: EmulatedUser;
  readonly users = new Map<string, EmulatedUser>();
  readonly channels = new Map<string, Channel>();
  readonly messages: RecordedMessage[] = [];
  readonly commands = new Map<string, any[]>();
  commandWrites = 0;

  constructor() {
    this.botUser = { id: this.applicationId, username: 'Tafl Bot', bot: true };
    this.users.set(this.botUser.id, this.botUser);
  }

  addUser(name: string, options: { bot?: boolean } = {}): EmulatedUser {
    const user = {
      id: snowflake(),
      username: name.toLowerCase().replace(/\W+/g, '_'),
      globalName: name,
      bot: options.bot,
    };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string): string {
    const id = snowflake();
    this.guilds.set(id, name);
    return id;
  }

  addChannel(name: string, type = 0, parentId?: string, guildId = this.guildId): Channel {
    const channel = { id: snowflake(), name, type, parentId, guildId };
    this.channels.set(channel.id, channel);
    return channel;
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
      joined_at: '2026-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      permissions: ALL_PERMISSIONS,
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
    if (channel.type === 11) {
      return {
        ...base,
        owner_id: this.botUser.id,
        thread_metadata: {
          archived: false,
          auto_archive_duration: 10080,
          archive_timestamp: new Date().toISOString(),
          locked: false,
        },
        message_count: 0,
        member_count: 1,
      };
    }
    return base;
  }

  guildJson(guildId = this.guildId) {
    const channels = [...this.channels.values()].filter((channel) => channel.guildId === guildId);
    return {
      id: guildId,
      name: this.guilds.get(guildId) ?? 'Tafl Test Hall',
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: [...this.users.values()].find((user) => !user.bot)?.id ?? this.botUser.id,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [
        {
          id: guildId,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions: ALL_PERMISSIONS,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      joined_at: '2026-01-01T00:00:00.000Z',
      large: false,
      unavailable: false,
      member_count: this.users.size,
      voice_states: [],
      members: [...this.users.values()].map((user) => this.memberJson(user)),
      channels: channels.filter((channel) => channel.type !== 11).map((channel) => this.channelJson(channel)),
      threads: channels.filter((channel) => channel.type === 11).map((channel) => this.channelJson(channel)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: 'en-US',
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      max_members: 500000,
    };
  }

  messageJson(message: RecordedMessage) {
    return {
      id: message.id,
      channel_id: message.channelId,
      guild_id: this.channels.get(message.channelId)?.guildId ?? this.guildId,
      author: this.userJson(this.botUser),
      content: message.content,
      timestamp: new Date().toISOString(),
      edited_timestamp: message.editedTimes > 0 ? new Date().toISOString() : null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((attachment, index) => ({
        id: `${message.id}${index}`,
        filename: attachment.filename,
        size: attachment.data.length,
        url: `https://cdn.invalid/attachments/${message.id}/${attachment.filename}`,
        proxy_url: `https://cdn.invalid/attachments/${message.id}/${attachment.filename}`,
        content_type: attachment.contentType,
      })),
      embeds: message.embeds,
      components: message.components,
      pinned: false,
      type: message.interactionId ? 20 : 0,
      flags: message.flags,
      application_id: message.interactionId ? this.applicationId : undefined,
      webhook_id: message.interactionId ? this.applicationId : undefined,
    };
  }
}
