import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { fieldsOf } from '../src/bot/discord/discord-limits.ts';
import { answer, privateAnswer, privateReply, publicAnswer } from '../src/bot/discord/respond.ts';
import { chosenVariant, suggestVariants } from '../src/bot/options/variant-option.ts';
import { messagesOf, onlyMention, playerOf, refusalText, safeName } from '../src/bot/views/present.ts';
import { getVariant, variantIds } from '../src/engine/index.ts';
import { MAX_NAME_LENGTH, MAX_RULES_LENGTH } from '../src/game/server-variants.ts';

/**
 * A server's own variants. Everyone may list them; adding, removing and choosing the default
 * need the Manage Server permission (checked here: a permission set on the command would hide
 * `list` from everyone else).
 */
/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('variant')
  .setDescription('This server’s own variants, from OpenTafl rules strings')
  .addSubcommand((sub) =>
    sub
      .setName('add')
      .setDescription('Add a variant from an OpenTafl rules string (Manage Server)')
      .addStringOption((option) =>
        option
          .setName('name')
          .setDescription('What it is called here')
          .setRequired(true)
          .setMaxLength(MAX_NAME_LENGTH),
      )
      .addStringOption((option) =>
        option
          .setName('rules')
          .setDescription('The OpenTafl rules string, e.g. dim:11 atkf:y tfr:w sw:s efe:y start:/3ttttt3/…/')
          .setRequired(true)
          .setMaxLength(MAX_RULES_LENGTH),
      ),
  )
  .addSubcommand((sub) => sub.setName('list').setDescription('The variants this server can play'))
  .addSubcommand((sub) =>
    sub
      .setName('remove')
      .setDescription('Remove one of this server’s variants (Manage Server)')
      .addStringOption((option) =>
        option.setName('variant').setDescription('Which one').setRequired(true).setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('default')
      .setDescription('The variant /challenge plays when none is given (Manage Server)')
      .addStringOption((option) =>
        option.setName('variant').setDescription('Which one').setRequired(true).setAutocomplete(true),
      ),
  );

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { service }: BotContext,
): Promise<void> {
  const only = interaction.options.getSubcommand() === 'remove' ? 'server' : undefined;
  await suggestVariants(interaction, service, { only });
}

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const subcommand = interaction.options.getSubcommand();
  await answer(interaction, async () => {
    const guildId = interaction.guildId;
    if (!guildId) return privateAnswer(m.perServer);
    if (subcommand === 'list') {
      const { variants, defaultVariant } = await service.variants.list(guildId);
      const mark = (id: string) => (id === (defaultVariant ?? 'alea-armed') ? ` · ${m.isDefault}` : '');
      const builtIn = variantIds.map((id) => {
        const variant = getVariant(id);
        return `${m.variantLine({ name: m.variantName(variant), id, size: variant.size })}${mark(id)}`;
      });
      const own = variants.map((entry) => {
        const size = Number(/^dim:(\d+)/.exec(entry.rules)?.[1] ?? 0);
        return `${m.variantLine({ name: safeName(entry.name), id: entry.id, size })}${mark(entry.id)}`;
      });
      const embed = new EmbedBuilder()
        .setTitle(m.variantsTitle)
        .addFields(
          ...fieldsOf(m.builtInVariants, builtIn),
          ...fieldsOf(m.serverVariants, own.length > 0 ? own : [m.noServerVariants]),
        );
      return privateReply('', { embeds: [embed] });
    }
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      return privateAnswer(m.variantNeedsManageServer);
    if (subcommand === 'add') {
      const outcome = await service.variants.add(guildId, {
        name: interaction.options.getString('name', true),
        rules: interaction.options.getString('rules', true),
        by: playerOf(interaction),
      });
      if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
      const { name, id } = outcome.value;
      return publicAnswer({
        content: m.variantAdded({ name: safeName(name), id }),
        allowedMentions: onlyMention(),
      });
    }
    const value = interaction.options.getString('variant', true);
    const variant = await chosenVariant(service, guildId, value);
    const id = variant?.id ?? value.slice(0, 40);
    if (subcommand === 'remove') {
      const outcome = await service.variants.remove(guildId, id);
      if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
      return publicAnswer({
        content: m.variantRemoved({ name: safeName(outcome.value.name) }),
        allowedMentions: onlyMention(),
      });
    }
    const outcome = await service.variants.setDefault(guildId, id);
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    return publicAnswer({
      content: m.variantDefaultSet({ name: safeName(m.variantName(outcome.value)) }),
      allowedMentions: onlyMention(),
    });
  });
}
