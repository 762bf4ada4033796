import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { moreTimeMessage } from '../src/bot/views/player-actions.ts';
import { messagesOf, playerOf, refusalText } from '../src/bot/views/present.ts';

export const data = new SlashCommandBuilder()
  .setName('moretime')
  .setDescription('Give your opponent more time: 15 seconds, 15 minutes or a day, by the game’s pace');

export const customIds: readonly CustomIdKind[] = ['more-time'];

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  await giveMoreTime(interaction, context);
}

export async function button(interaction: ButtonInteraction, context: BotContext): Promise<void> {
  const gameId = readCustomIdOf(interaction.customId, 'more-time')?.gameId;
  if (!gameId) {
    await answer(interaction, async () => privateAnswer(messagesOf(interaction).buttonInvalid));
    return;
  }
  await giveMoreTime(interaction, context, gameId);
}

/** The player gives their opponent more time; everyone in the channel is told, with the clocks as they are now. */
async function giveMoreTime(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  { service }: BotContext,
  gameId?: string,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const outcome = await service.play.giveMoreTime(tableOf(interaction), playerOf(interaction), gameId);
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    const { game: active, given, to } = outcome.value;
    return publicAnswer(moreTimeMessage(m, active, given, to));
  });
}
