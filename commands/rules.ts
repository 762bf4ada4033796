import { type ChatInputCommandInteraction, EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, privateReply } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { chosenVariant } from '../src/bot/options/variant-option.ts';
import { asText, messagesOf, refusalText } from '../src/bot/views/present.ts';
import { isVariantId, writeOpenTaflRules } from '../src/engine/index.ts';
import { rulesText } from '../src/i18n/index.ts';

export const data = new SlashCommandBuilder()
  .setName('rules')
  .setDescription('The rules of a variant, in brief')
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Which rule set, the server’s own included (default: the server’s default)')
      .setAutocomplete(true),
  );

export { variantAutocomplete as autocomplete } from '../src/bot/options/variant-option.ts';

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const chosen = interaction.options.getString('variant');
    const variant = chosen
      ? await chosenVariant(service, tableOf(interaction).guildId, chosen)
      : await service.variants.defaultFor(tableOf(interaction).guildId);
    if (!variant)
      return privateAnswer(
        refusalText(m, { code: 'unknown-variant', params: { variant: chosen?.slice(0, 40) } }),
      );
    // A server's own variant is named by its members: its name is shown as text.
    const shown = isVariantId(variant.id) ? variant : { ...variant, name: asText(variant.name) };
    const { title, lines } = rulesText(m, shown);
    const embed = new EmbedBuilder()
      .setTitle(title)
      .setDescription(lines.join('\n\n'))
      .setFooter({ text: m.variantFooter({ variant: variant.id }) });
    // A server's own variant also shows the rules string it was added with, to take to OpenTafl.
    const rulesString = isVariantId(variant.id) ? '' : `\`\`\`\n${writeOpenTaflRules(variant)}\n\`\`\``;
    if (rulesString && rulesString.length <= 1024)
      embed.addFields({ name: m.serverVariantRules, value: rulesString });
    return privateReply('', { embeds: [embed] });
  });
}
