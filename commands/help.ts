import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { messagesOf, safeName } from '../src/bot/present.ts';
import { answer, privateReply } from '../src/bot/respond.ts';
import { getVariant, variantIds } from '../src/engine/index.ts';

export const data = new SlashCommandBuilder()
  .setName('help')
  .setDescription('How to play tafl here')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const own = interaction.guildId ? (await service.variants.list(interaction.guildId)).variants : [];
    const variants = [
      ...variantIds.map((id) => `\`${id}\` ${m.variantName(getVariant(id))}`),
      ...own.map((entry) => `\`${entry.id}\` ${safeName(entry.name)}`),
    ].join(' · ');
    const embed = new EmbedBuilder().setTitle(m.helpTitle).setDescription(m.help(variants).join('\n\n'));
    return privateReply('', { embeds: [embed] });
  });
}
