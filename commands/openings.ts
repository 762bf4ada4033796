import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { explorerAnswer, OPENINGS_PREFIX } from '../src/bot/opening-explorer.ts';
import { messagesOf, refusalText } from '../src/bot/present.ts';
import { answer, privateAnswer } from '../src/bot/respond.ts';
import { chosenVariant } from '../src/bot/variant-option.ts';
import { openingMessages } from '../src/i18n/openings.ts';
import { typedMoves, unpackMoves } from '../src/openings/moves.ts';

export const data = new SlashCommandBuilder()
  .setName('openings')
  .setDescription('What this server’s games played from a position, and how they ended')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option.setName('variant').setDescription('The variant').setRequired(true).setAutocomplete(true),
  )
  .addStringOption((option) =>
    option
      .setName('moves')
      .setDescription('Moves from the start, as /move takes them, e.g. e5-e8 d1-d4 (default: the start)')
      .setMaxLength(200),
  );

export { variantAutocomplete as autocomplete } from '../src/bot/variant-option.ts';

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    if (!interaction.guildId) return privateAnswer(m.perServer);
    const chosen = interaction.options.getString('variant', true);
    const variant = await chosenVariant(service, interaction.guildId, chosen);
    if (!variant)
      return privateAnswer(
        refusalText(m, { code: 'unknown-variant', params: { variant: chosen.slice(0, 40) } }),
      );
    const moves = typedMoves(interaction.options.getString('moves') ?? '');
    return explorerAnswer(service, m, interaction.guildId, variant, moves, 'public');
  });
}

export const buttonPrefix = OPENINGS_PREFIX;

/** `openings:<m|b|s>:<variant>:<packed moves>`: the explorer at another position, in the same message. */
const EXPLORER_BUTTON = /^openings:[mbs]:(.+):([0-9a-z]*)$/;

export async function button(interaction: ButtonInteraction, { service }: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const o = openingMessages(m.language);
  await answer(interaction, async () => {
    const match = EXPLORER_BUTTON.exec(interaction.customId);
    const moves = match ? unpackMoves(match[2]) : null;
    if (!match || !moves || !interaction.guildId) return privateAnswer(o.staleButton);
    const variant = await chosenVariant(service, interaction.guildId, match[1]);
    if (!variant) return privateAnswer(o.staleButton);
    return explorerAnswer(service, m, interaction.guildId, variant, moves, 'update');
  });
}
