/**
 * Slash-command registration. At startup the bot compares its commands with those Discord already
 * has and writes them only when they differ, so restarts do not spend the daily creation limit.
 */
import { type REST, type RESTPostAPIChatInputApplicationCommandsJSONBody, Routes } from 'discord.js';
import type { Command } from './command.ts';
import { localize } from './localizations.ts';

export interface Registration {
  rest: REST;
  applicationId: string;
  /** Register in this guild only; otherwise globally. */
  guildId?: string;
}

export function commandBodies(
  commands: Map<string, Command>,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [...commands.values()].map((command) => localize(command.data.toJSON()));
}

function route({ applicationId, guildId }: Registration): `/${string}` {
  return guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
}

/** Writes the commands unconditionally (`npm run deploy-commands`). */
export async function registerCommands(registration: Registration, bodies: unknown[]): Promise<void> {
  await registration.rest.put(route(registration), { body: bodies });
}

/** Writes the commands only if Discord's copy differs; tells whether it wrote. */
export async function syncCommands(
  registration: Registration,
  bodies: unknown[],
): Promise<'unchanged' | 'updated'> {
  const existing = (await registration.rest.get(route(registration))) as unknown[];
  if (sameCommands(existing, bodies)) return 'unchanged';
  await registerCommands(registration, bodies);
  return 'updated';
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
