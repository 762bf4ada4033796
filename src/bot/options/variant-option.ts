/**
 * The `variant` option of `/challenge`, `/standings`, `/rules` and `/variant`: the bot's own
 * variants and the server's, offered by autocomplete in the member's language, and read back.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { getVariant, type Variant, type VariantKey, variantIds } from '../../engine/index.ts';
import { variantOf } from '../../game/server-variants.ts';
import type { GameService } from '../../game/service.ts';
import { type Messages, variantNamesOf } from '../../i18n/index.ts';
import type { BotContext } from '../discord/command.ts';
import { LIMITS } from '../discord/discord-limits.ts';
import { messagesOf } from '../views/present.ts';

const MAX_LENGTH = 100;

export interface VariantChoice {
  name: string;
  value: VariantKey;
}

/**
 * Every variant this server can play whose id or name holds what was typed: the bot's own first,
 * then the server's; `only: 'server'` lists the server's alone (for `/variant remove`).
 */
export async function variantChoices(
  service: GameService,
  guildId: string | null,
  typed: string,
  m: Messages,
  { only }: { only?: 'server' } = {},
): Promise<VariantChoice[]> {
  const server = guildId ? (await service.variants.list(guildId)).variants : [];
  const builtIn =
    only === 'server' ? [] : variantIds.map((id) => ({ id, name: m.variantName(getVariant(id)) }));
  const all = [...builtIn, ...server.map(({ id, name }) => ({ id, name }))];
  const wanted = typed.trim().toLowerCase();
  return all
    .filter(({ id, name }) => !wanted || id.includes(wanted) || name.toLowerCase().includes(wanted))
    .slice(0, LIMITS.choices)
    .map(({ id, name }) => ({ name: `${name} (${id})`.slice(0, MAX_LENGTH), value: id }));
}

/** The `autocomplete` of a command whose only autocompleted option is `variant`. */
export function variantAutocomplete(
  interaction: AutocompleteInteraction,
  { service }: BotContext,
): Promise<void> {
  return suggestVariants(interaction, service);
}

/** Answers an autocomplete for a `variant` option. */
export async function suggestVariants(
  interaction: AutocompleteInteraction,
  service: GameService,
  options: { only?: 'server' } = {},
): Promise<void> {
  const typed = interaction.options.getFocused();
  const choices = await variantChoices(service, interaction.guildId, typed, messagesOf(interaction), options);
  await interaction.respond(choices);
}

/**
 * The variant a member chose, by id (what autocomplete sends) or by its name as typed; null when
 * the server has no such variant.
 */
export async function chosenVariant(
  service: GameService,
  guildId: string | null,
  value: string,
): Promise<Variant | null> {
  const typed = value.trim();
  const byId = guildId ? await service.variants.find(guildId, typed) : null;
  if (byId) return byId;
  const wanted = typed.toLowerCase();
  const builtIn = variantIds.find(
    (id) =>
      id === wanted ||
      getVariant(id).name.toLowerCase() === wanted ||
      variantNamesOf(id).some((name) => name.toLowerCase() === wanted),
  );
  if (builtIn) return getVariant(builtIn);
  if (!guildId) return null;
  const server = (await service.variants.list(guildId)).variants.find(
    (entry) => entry.name.toLowerCase() === wanted || entry.id === `server:${wanted}`,
  );
  return server ? variantOf(server.id, server.rules) : null;
}
