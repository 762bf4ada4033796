import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import { messagesOf, onlyMention } from '../src/bot/present.ts';
import { variantIds } from '../src/engine/index.ts';

export const data = new SlashCommandBuilder()
  .setName('help')
  .setDescription('How to play tafl here')
  .setContexts(InteractionContextType.Guild);

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  const m = messagesOf(interaction);
  const variants = variantIds.map((id) => `\`${id}\` ${m.variantName(id)}`).join(' · ');
  const embed = new EmbedBuilder().setTitle(m.helpTitle).setDescription(m.help(variants).join('\n\n'));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() });
}
