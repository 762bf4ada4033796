import { type ChatInputCommandInteraction, EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS, listWithin } from '../src/bot/discord/discord-limits.ts';
import { answer, privateReply } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { messagesOf, safeName } from '../src/bot/views/present.ts';
import { getVariant, variantIds } from '../src/engine/index.ts';

export const data = new SlashCommandBuilder().setName('help').setDescription('How to play tafl here');

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const own = (await service.variants.list(tableOf(interaction).guildId)).variants;
    const room = LIMITS.embedDescription - m.help('').join('\n\n').length;
    const variants = listWithin(
      [
        ...variantIds.map((id) => `\`${id}\` ${m.variantName(getVariant(id))}`),
        ...own.map((entry) => `\`${entry.id}\` ${safeName(entry.name)}`),
      ],
      ' · ',
      room,
      (count) => m.andMore({ number: count }),
    );
    const embed = new EmbedBuilder().setTitle(m.helpTitle).setDescription(m.help(variants).join('\n\n'));
    return privateReply('', { embeds: [embed] });
  });
}
