import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import { messagesOf, onlyMention } from '../src/bot/present.ts';
import { getVariant, isVariantId, variantIds } from '../src/engine/index.ts';
import { rulesText } from '../src/i18n/index.ts';

export const DEFAULT_VARIANT = 'alea-armed';

export const data = new SlashCommandBuilder()
  .setName('rules')
  .setDescription('The rules of a variant, in brief')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Which rule set (default: Alea Evangelii, armed king)')
      .addChoices(...variantIds.map((id) => ({ name: getVariant(id).name, value: id }))),
  );

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  const m = messagesOf(interaction);
  const variant = interaction.options.getString('variant') ?? DEFAULT_VARIANT;
  if (!isVariantId(variant)) {
    await interaction.reply({
      content: m.noVariant({ variant: variant.slice(0, 40), choices: variantIds.join(', ') }),
      flags: MessageFlags.Ephemeral,
      allowedMentions: onlyMention(),
    });
    return;
  }
  const { title, lines } = rulesText(m, variant);
  const embed = new EmbedBuilder()
    .setTitle(title)
    .setDescription(lines.join('\n\n'))
    .setFooter({ text: m.variantFooter({ variant }) });
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() });
}
