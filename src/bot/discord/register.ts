/**
 * Slash-command registration. At startup the bot compares its commands with those Discord already
 * has and writes them only when they differ, so restarts do not spend the daily creation limit.
 * With the web board as an Activity, the global commands also hold the app's entry point command,
 * which Discord refuses to see dropped by a bulk update (50240).
 */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  EntryPointCommandHandlerType,
  InteractionContextType,
  type REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
  Routes,
} from 'discord.js';
import type { Command } from './command.ts';
import { localize } from './localizations.ts';

export interface Registration {
  rest: REST;
  applicationId: string;
  /** Register in this guild only; otherwise globally. */
  guildId?: string;
  /** The web board runs as an Activity: the global commands include the entry point command. */
  activity?: boolean;
}

/**
 * The app's entry point command (PRIMARY_ENTRY_POINT), Launch in the App Launcher: with handler
 * DISCORD_LAUNCH_ACTIVITY, Discord opens the Activity itself and no interaction reaches the bot.
 * Discord keeps entry points among the global commands only.
 */
export const ENTRY_POINT_COMMAND: RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody = {
  type: ApplicationCommandType.PrimaryEntryPoint,
  handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
  name: 'launch',
  description: 'Open the board of this channel’s game',
  // The Activity signs members in as members of the server (web/activity.ts): servers only.
  integration_types: [ApplicationIntegrationType.GuildInstall],
  contexts: [InteractionContextType.Guild],
};

/**
 * Every command for both installs (a server's, and a member's own: DMs, group DMs, servers
 * without the bot) and in every context; a server's own commands refuse elsewhere with the reason
 * (router.ts), which tells a member more than a command that is simply missing.
 */
const EVERYWHERE = {
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
};

export function commandBodies(
  commands: Map<string, Command>,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [...commands.values()].map((command) => localize({ ...command.data.toJSON(), ...EVERYWHERE }));
}

function route({ applicationId, guildId }: Registration): `/${string}` {
  return guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
}

/**
 * Writes the commands unconditionally (`npm run deploy-commands`); globally and without the
 * Activity, it reads Discord's list first for the entry point command to keep.
 */
export async function registerCommands(registration: Registration, bodies: unknown[]): Promise<void> {
  const existing =
    registration.guildId || registration.activity
      ? []
      : ((await registration.rest.get(route(registration))) as unknown[]);
  await registration.rest.put(route(registration), { body: withEntryPoint(registration, bodies, existing) });
}

/** Writes the commands only if Discord's copy differs; tells whether it wrote. */
export async function syncCommands(
  registration: Registration,
  bodies: unknown[],
): Promise<'unchanged' | 'updated'> {
  const existing = (await registration.rest.get(route(registration))) as unknown[];
  const wanted = withEntryPoint(registration, bodies, existing);
  if (sameCommands(existing, wanted)) return 'unchanged';
  await registration.rest.put(route(registration), { body: wanted });
  return 'updated';
}

/**
 * The global commands with the entry point: ours with the Activity on; without it, the one Discord
 * already has (turned on in the Developer Portal) is kept as it is, as Discord refuses to drop it.
 */
function withEntryPoint(registration: Registration, bodies: unknown[], existing: unknown[]): unknown[] {
  if (registration.guildId) return bodies;
  const isEntryPoint = (command: unknown) =>
    (command as { type?: unknown } | null)?.type === ApplicationCommandType.PrimaryEntryPoint;
  if (bodies.some(isEntryPoint)) return bodies;
  const kept = registration.activity ? ENTRY_POINT_COMMAND : existing.find(isEntryPoint);
  return kept ? [...bodies, writable(kept)] : bodies;
}

/** A command as Discord lists it, less what Discord sets itself (ids, version). */
function writable(command: unknown): Record<string, unknown> {
  const {
    id: _id,
    application_id: _app,
    guild_id: _guild,
    version: _version,
    ...fields
  } = command as Record<string, unknown>;
  return fields;
}

/** Compares what a user would notice: names, descriptions, options, choices, permissions. */
export function sameCommands(existing: unknown[], wanted: unknown[]): boolean {
  const canonical = (list: unknown[]) =>
    JSON.stringify(
      list.map((command) => normalise(command)).sort((a, b) => String(a.name).localeCompare(String(b.name))),
    );
  return canonical(existing) === canonical(wanted);
}

const COMPARED = [
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'type',
  'handler',
  'options',
  'choices',
  'required',
  'autocomplete',
  'min_value',
  'max_value',
  'min_length',
  'max_length',
  'channel_types',
  'value',
  'default_member_permissions',
  'contexts',
  'integration_types',
  'nsfw',
] as const;

function normalise(value: unknown): Record<string, unknown> {
  const source = (value ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of COMPARED) {
    let field = source[key];
    // Discord leaves out what is false or empty, and gives chat-input commands type 1.
    if (field === false || field === null || (Array.isArray(field) && field.length === 0)) field = undefined;
    if (key === 'type' && field === undefined && 'description' in source && !('value' in source)) field = 1;
    if (field === undefined) continue;
    result[key] = Array.isArray(field)
      ? field.map((item) => (typeof item === 'object' ? normalise(item) : item))
      : field;
  }
  return result;
}
