import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { viewOf } from '../src/bot/discord/interaction-settings.ts';
import { answer, privateAnswer } from '../src/bot/discord/respond.ts';
import { chosenVariant } from '../src/bot/options/variant-option.ts';
import { explorerAnswer } from '../src/bot/views/opening-explorer.ts';
import { messagesOf, refusalText } from '../src/bot/views/present.ts';
import { openingMessages } from '../src/i18n/openings.ts';
import { typedMoves } from '../src/openings/moves.ts';

/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('openings')
  .setDescription('What this server’s games played from a position, and how they ended')
  .addStringOption((option) =>
    option.setName('variant').setDescription('The variant').setRequired(true).setAutocomplete(true),
  )
  .addStringOption((option) =>
    option
      .setName('moves')
      .setDescription('Moves from the start, as /move takes them, e.g. e5-e8 d1-d4 (default: the start)')
      .setMaxLength(200),
  );

export { variantAutocomplete as autocomplete } from '../src/bot/options/variant-option.ts';

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, openings, openingsBackfill }: BotContext,
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
    // Drawn as the member who asked sees the board (/settings), as /replay is.
    return explorerAnswer(
      { openings, openingsBackfill },
      m,
      interaction.guildId,
      variant,
      moves,
      'public',
      viewOf(interaction),
    );
  });
}

/** The explorer's buttons: the explorer at another position, in the same message. */
export const customIds: readonly CustomIdKind[] = ['explorer'];

export async function button(
  interaction: ButtonInteraction,
  { service, openings, openingsBackfill }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const o = openingMessages(m.language);
  await answer(interaction, async () => {
    const pressed = readCustomIdOf(interaction.customId, 'explorer');
    if (!pressed || !interaction.guildId) return privateAnswer(o.staleButton);
    const variant = await chosenVariant(service, interaction.guildId, pressed.variant);
    if (!variant) return privateAnswer(o.staleButton);
    return explorerAnswer(
      { openings, openingsBackfill },
      m,
      interaction.guildId,
      variant,
      pressed.moves,
      'update',
      // The presser's view: the message is redrawn for whoever steps through it.
      viewOf(interaction),
    );
  });
}
