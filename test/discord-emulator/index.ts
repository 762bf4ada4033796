/**
 * A local stand-in for Discord: the REST routes a bot uses and a gateway, so that the real discord.js
 * client logs in and talks to it as it would to Discord. Tests drive it as users (slash commands,
 * autocomplete, button clicks) and read what the bot answered.
 *
 *   const emulator = await startDiscordEmulator();
 *   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
 *   await client.login(emulator.token);
 */
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDms, directMessages, openDm } from './direct-messages.ts';
import { GATEWAY_PATH, Gateway } from './gateway.ts';
import { type InteractionHandle, Interactions, type OptionValue, type Timing } from './interactions.ts';
import { OAuth2 } from './oauth2.ts';
import { ENTRY_POINT, route, storedCommand } from './routes.ts';
import { type Fault, type RecordedCall, type RestLog, serveRequest } from './server.ts';
import { secret } from './snowflake.ts';
import {
  DiscordState,
  type EmulatedUser,
  type Overwrite,
  type RecordedMessage,
  THREAD_TYPES,
  VIEW_CHANNEL,
} from './state.ts';
import {
  createGuildWithoutBot,
  createPrivateChannel,
  DM_CHANNEL,
  GROUP_DM_CHANNEL,
  installForUser,
  setUserInstallSupported,
  uninstallForUser,
} from './user-install.ts';

export type { InteractionHandle, InteractionResponse } from './interactions.ts';
export type { Fault, RecordedCall } from './server.ts';
export type { EmulatedUser, Overwrite, RecordedAttachment, RecordedMessage } from './state.ts';
export { EVERYONE_PERMISSIONS, VIEW_CHANNEL } from './state.ts';

export interface EmulatorOptions {
  /** The bot token to accept; a fresh one by default. */
  token?: string;
  /** The heartbeat interval HELLO announces (Discord: 41250 ms). */
  heartbeatIntervalMs?: number;
}

export class DiscordEmulator {
  readonly state = new DiscordState();
  readonly token: string;
  readonly events = new EventEmitter();
  readonly guildId = this.state.guildId;
  readonly applicationId = this.state.applicationId;
  readonly botUser = this.state.botUser;
  /** The application's OAuth2: codes, tokens, and its client secret (for an Activity's server). */
  readonly oauth2 = new OAuth2(this.state);
  readonly clientSecret = this.oauth2.clientSecret;
  apiUrl = '';
  channelId = '';
  private readonly log: RestLog = { calls: [], unknownRoutes: [], faulted: [], faults: [] };
  /** Every REST call, in order. */
  readonly calls: RecordedCall[] = this.log.calls;
  /** Calls no route answered (404). */
  readonly unknownRoutes: RecordedCall[] = this.log.unknownRoutes;
  /** Calls answered with an injected fault. */
  readonly faulted: RecordedCall[] = this.log.faulted;
  private readonly server = createServer((request, response) => {
    serveRequest(request, response, this.token, this.log, (call) => route(this.context(), call))
      .catch(() => response.destroy())
      .finally(() => this.events.emit('change'));
  });
  private readonly gateway: Gateway;
  private readonly interactions: Interactions;

  constructor(options: EmulatorOptions = {}) {
    // Bot tokens start with the bot's id in base64.
    this.token =
      options.token ?? `${Buffer.from(this.botUser.id).toString('base64url')}.${secret(6)}.${secret(38)}`;
    this.events.setMaxListeners(1000);
    this.gateway = new Gateway(this.server, this.state, {
      token: () => this.token,
      resumeUrl: () => this.gatewayUrl(),
      heartbeatIntervalMs: options.heartbeatIntervalMs,
    });
    this.interactions = new Interactions(
      this.state,
      (event, data, index) => this.gateway.dispatchToOne(event, data, index),
      (probe, timeoutMs) => this.waitFor(probe, timeoutMs),
    );
  }

  async start(): Promise<void> {
    this.channelId = this.state.addChannel('tafl').id;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.apiUrl = `http://127.0.0.1:${this.port()}/api`;
  }

  private context() {
    return {
      state: this.state,
      oauth2: this.oauth2,
      gateway: this.gateway,
      interactions: this.interactions,
      gatewayUrl: () => this.gatewayUrl(),
      recommendedShards: () => this.recommendedShards,
    };
  }

  /** What GET /gateway/bot recommends (a ShardingManager with totalShards 'auto' follows it). */
  recommendedShards = 1;

  private port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** What GET /gateway/bot answers: the URL discord.js connects to (it appends ?v=10&encoding=json). */
  gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port()}${GATEWAY_PATH}`;
  }

  /** Answers the next `times` matching requests with an error (429 with retry-after, or 5xx). */
  injectFault(fault: Fault): void {
    this.log.faults.push({ ...fault });
  }

  get commandWrites(): number {
    return this.state.commandWrites;
  }

  /** How many bot sessions are connected and ready. */
  readySessions(): number {
    return this.gateway.readySessions();
  }

  /** The shards ([id, count]) of the ready sessions a guild's events go to: one when it is served once. */
  shardsServing(guildId: string): [number, number][] {
    return this.gateway.shardsServing(guildId);
  }

  /** Gateway sessions resumed (RESUME accepted) and identified so far. */
  gatewayCounts(): { resumes: number; identifies: number } {
    return { resumes: this.gateway.resumes, identifies: this.gateway.identifies };
  }

  /** The query strings gateway clients connected with, e.g. { v: '10', encoding: 'json' }. */
  gatewayQueries(): Record<string, string>[] {
    return this.gateway.connectQueries;
  }

  /** The intents of every accepted IDENTIFY. */
  identifyIntents(): number[] {
    return this.gateway.intents;
  }

  /** The shard ([id, count]) of every accepted IDENTIFY. */
  identifyShards(): [number, number][] {
    return this.gateway.shards;
  }

  /** A user, also made a member of every guild (GUILD_MEMBER_ADD). */
  addUser(
    name: string,
    options: { bot?: boolean; locale?: string; permissions?: string } = {},
  ): EmulatedUser {
    const user = this.state.addUser(name, options);
    for (const guildId of this.state.guilds.keys()) {
      // A member given permissions has a role of their own, made as they join.
      for (const roleId of this.state.memberRoles(user.id, guildId))
        this.dispatchRole('GUILD_ROLE_CREATE', guildId, roleId);
      this.gateway.dispatch('GUILD_MEMBER_ADD', {
        ...this.state.memberJson(user, guildId),
        guild_id: guildId,
      });
    }
    return user;
  }

  /**
   * `user` accepts the Activity's authorize dialog (the SDK's `authorize`): the code Discord's
   * client hands the Activity, good once, for a few minutes, for the app's server to exchange.
   */
  authorize(user: EmulatedUser, scopes: string[] = ['identify']): string {
    return this.oauth2.issueCode(user, scopes);
  }

  /**
   * Activities turned on in the Developer Portal: Discord adds the app's entry point command,
   * Launch (handler 2: Discord launches the Activity itself), which a bulk update of the global
   * commands must then keep (50240 otherwise).
   */
  enableActivities(): void {
    const global = this.state.commands.get('global') ?? [];
    if (global.some((command) => command.type === ENTRY_POINT)) return;
    const launch = { name: 'launch', description: 'Launch an activity', type: ENTRY_POINT, handler: 2 };
    this.state.commands.set('global', [...global, storedCommand(this.state, launch, undefined)]);
  }

  /** `user` leaves a guild (GUILD_MEMBER_REMOVE): no longer its member, for the bot or OAuth2. */
  removeMember(user: EmulatedUser, guildId = this.guildId): void {
    this.state.removeMember(user.id, guildId);
    this.gateway.dispatch('GUILD_MEMBER_REMOVE', { guild_id: guildId, user: this.state.userJson(user) });
  }

  /** A new guild with the bot and every user in it; returns its id. Add channels with `createChannel(name, guildId)`. */
  createGuild(name: string, options: { locale?: string; id?: string } = {}): string {
    const guildId = this.state.addGuild(name, options.locale, options.id);
    this.gateway.dispatch('GUILD_CREATE', this.state.guildJson(guildId));
    return guildId;
  }

  /** The messages the bot sent `user` by direct message, oldest first. */
  directMessages(user: EmulatedUser): RecordedMessage[] {
    return directMessages(this.state, user.id);
  }

  /** Closes `user`'s DMs to the bot: what it sends them from now on is refused with 50007. */
  closeDms(user: EmulatedUser): void {
    closeDms(this.state, user.id);
  }

  /**
   * The app supports installation to users' accounts (so it is by default): GET /applications/@me lists
   * integration type 1, and commands may be registered with it.
   */
  enableUserInstall(): void {
    setUserInstallSupported(this.state, true);
  }

  /** The app supports guild install only: registering a command for user install is refused (50035). */
  disableUserInstall(): void {
    setUserInstallSupported(this.state, false);
  }

  /** `user` installs the app to their account: its user-install commands follow them everywhere. */
  installForUser(user: EmulatedUser): void {
    installForUser(this.state, user);
  }

  /** `user` removes the app from their account. */
  uninstallForUser(user: EmulatedUser): void {
    uninstallForUser(this.state, user);
  }

  /**
   * A DM between two users (channel type 1, no guild); returns its id. The bot is not in it: its REST
   * calls there are refused (403, 50001) and the gateway says nothing of it. Users act in it with
   * `slash(user, name, options, { channelId })`, which needs a user install.
   */
  createDm(first: EmulatedUser, second: EmulatedUser): string {
    return createPrivateChannel(this.state, DM_CHANNEL, [first, second]).id;
  }

  /** A group DM of these users (type 3, no guild, the first its owner), as `createDm`; returns its id. */
  createGroupDm(users: EmulatedUser[]): string {
    return createPrivateChannel(this.state, GROUP_DM_CHANNEL, users).id;
  }

  /** The bot's own DM with `user` (the one POST /users/@me/channels opens); returns its id. */
  botDm(user: EmulatedUser): string {
    return openDm(this.state, user.id).id;
  }

  /**
   * A guild the bot is not in, with one text channel `general` (no gateway event); a user who installed
   * the app uses its user-install commands there. The bot's REST calls on it are refused (50001).
   */
  createGuildWithoutBot(options: { locale?: string } = {}): { guildId: string; channelId: string } {
    return createGuildWithoutBot(this.state, options.locale);
  }

  /**
   * A new text channel (CHANNEL_CREATE); returns its id. With `overwrites` (Discord's JSON: a role's,
   * type 0, @everyone's id being the guild's; a member's, type 1), or `hiddenFrom`: members it denies
   * View Channel to.
   */
  createChannel(
    name: string,
    guildId = this.guildId,
    options: { overwrites?: Overwrite[]; hiddenFrom?: string[] } = {},
  ): string {
    const overwrites = [...(options.overwrites ?? []), ...hiding(options.hiddenFrom ?? [])];
    const channel = this.state.addChannel(name, 0, undefined, guildId, undefined, overwrites);
    this.gateway.dispatch('CHANNEL_CREATE', this.state.channelJson(channel));
    return channel.id;
  }

  /** A channel's overwrites replaced, as a moderator edits them (CHANNEL_UPDATE). */
  setOverwrites(channelId: string, overwrites: Overwrite[]): void {
    const channel = this.state.channels.get(channelId);
    if (!channel || THREAD_TYPES.has(channel.type)) throw new Error(`no channel ${channelId} to edit`);
    channel.overwrites = overwrites;
    this.gateway.dispatch('CHANNEL_UPDATE', this.state.channelJson(channel));
  }

  /** A new role (GUILD_ROLE_CREATE); returns its id. */
  createRole(name: string, permissions: string, guildId = this.guildId): string {
    const role = this.state.addRole(guildId, name, permissions);
    this.dispatchRole('GUILD_ROLE_CREATE', guildId, role.id);
    return role.id;
  }

  /**
   * `user` is given a role. Discord tells only bots with the privileged members intent
   * (GUILD_MEMBER_UPDATE), which the bot does not ask for: the emulator says nothing either.
   */
  giveRole(user: EmulatedUser, roleId: string, guildId = this.guildId): void {
    this.state.giveRole(user.id, roleId, guildId);
  }

  /** Whether `user` may see a channel, by Discord's rules (the emulator's own reckoning). */
  canSee(user: EmulatedUser, channelId: string): boolean {
    return (this.state.permissionsIn(user.id, channelId) & VIEW_CHANNEL) !== 0n;
  }

  private dispatchRole(event: string, guildId: string, roleId: string): void {
    const role = this.state.rolesJson(guildId).find((candidate) => candidate.id === roleId);
    if (role) this.gateway.dispatch(event, { guild_id: guildId, role });
  }

  /** The registered application commands: global ones, or a guild's. */
  commands(scope: { guildId?: string } = {}): any[] {
    return this.state.commands.get(scope.guildId ?? 'global') ?? [];
  }

  /** Messages everyone in the channel sees (interaction replies included, ephemeral ones not). */
  messages(channelId?: string): RecordedMessage[] {
    return this.allMessages(channelId).filter((message) => !message.ephemeral);
  }

  /** Every message not deleted, ephemeral ones too. */
  allMessages(channelId?: string): RecordedMessage[] {
    return this.state.messages.filter(
      (message) => !message.deleted && (!channelId || message.channelId === channelId),
    );
  }

  threads(): { id: string; parentId: string; name: string }[] {
    return [...this.state.channels.values()]
      .filter((channel) => THREAD_TYPES.has(channel.type))
      .map((channel) => ({ id: channel.id, parentId: channel.parentId ?? '', name: channel.name }));
  }

  /** Cuts every gateway connection without a close frame; clients may RESUME. */
  dropGatewayConnections(): void {
    this.gateway.dropConnections();
  }

  /** Resolves when `probe` returns something truthy, checking after every change (and every 20 ms). */
  waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        let value: T | undefined | null | false;
        try {
          value = probe();
        } catch (error) {
          cleanup();
          reject(error);
          return;
        }
        if (value) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`waitFor timed out after ${timeoutMs} ms: ${probe.toString().slice(0, 200)}`));
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

  /** A user runs a slash command (in the emulator's channel unless told). */
  slash(
    user: EmulatedUser,
    name: string,
    options: Record<string, OptionValue> = {},
    where: { channelId?: string } & Timing = {},
  ): InteractionHandle {
    return this.interactions.slash(user, name, options, where.channelId ?? this.channelId, where);
  }

  /** A user types into an option with autocomplete; resolves with the bot's choices. */
  autocomplete(
    user: EmulatedUser,
    name: string,
    options: Record<string, string | number | boolean>,
    focused: string,
    where: { channelId?: string } = {},
  ): Promise<{ name: string; value: string | number }[]> {
    return this.interactions.autocomplete(user, name, options, focused, where.channelId ?? this.channelId);
  }

  /** A user clicks a button on a message. */
  clickButton(user: EmulatedUser, message: RecordedMessage, customId: string): InteractionHandle {
    return this.interactions.clickButton(user, message, customId);
  }

  /** A user chooses values in a string select menu on a message (only options it offers). */
  choose(
    user: EmulatedUser,
    message: RecordedMessage,
    customId: string,
    values: string[],
  ): InteractionHandle {
    return this.interactions.choose(user, message, customId, values);
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Overwrites that deny these members View Channel. */
function hiding(memberIds: string[]): Overwrite[] {
  return memberIds.map((id) => ({ id, type: 1, allow: '0', deny: String(VIEW_CHANNEL) }));
}

export async function startDiscordEmulator(options: EmulatorOptions = {}): Promise<DiscordEmulator> {
  const emulator = new DiscordEmulator(options);
  await emulator.start();
  return emulator;
}
