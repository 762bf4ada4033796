import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import { announce } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { moveLine, situation } from '../src/bot/game-messages.ts';
import { moveOption } from '../src/bot/move-option.ts';
import { messagesOf, playerOf } from '../src/bot/present.ts';
import { receivedAt } from '../src/bot/received-at.ts';
import { answerOutcome } from '../src/bot/respond.ts';
import { tableOf } from '../src/bot/table-of.ts';
import { suggestionName } from '../src/i18n/index.ts';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Play a move in this channel’s game, e.g. e5-e8')
  .setContexts(InteractionContextType.Guild)
  .addStringOption(moveOption);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  // The move is timed from when it arrived: the bot's own work is not charged to the player.
  const at = receivedAt(interaction, service.storage.now);
  await answerOutcome(
    interaction,
    m,
    () =>
      service.move(
        tableOf(interaction),
        playerOf(interaction),
        interaction.options.getString('move', true),
        at,
      ),
    ({ game: active, move, nextGame }) => {
      if ((active.ai && !active.game.result) || nextGame?.ai) setImmediate(() => ai.nudge());
      const mention = active.game.result ? undefined : active.players[active.game.turn].id;
      // No move: it came after the player's time ran out, and the game ended on time.
      const played = move ? `${moveLine(m, active, move)} ` : '';
      return announce(m, `${played}${situation(m, active, true)}`, active, pictures, {
        mention,
        nextGame,
      });
    },
  );
}

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { service }: BotContext,
): Promise<void> {
  const suggestions = await service.suggestMoves(
    tableOf(interaction),
    interaction.user.id,
    interaction.options.getFocused(),
  );
  // In the member's language, like every reply.
  const m = messagesOf(interaction);
  await interaction.respond(
    suggestions
      .slice(0, 25)
      .map((suggestion) => ({ name: suggestionName(m, suggestion), value: suggestion.value })),
  );
}
