import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { announce } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { situation } from '../src/bot/game-messages.ts';
import { memberName } from '../src/bot/present.ts';
import { answer, privateAnswer } from '../src/bot/respond.ts';

export const data = new SlashCommandBuilder()
  .setName('resign')
  .setDescription('Resign this channel’s game')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    const outcome = await service.resign(interaction.channelId, {
      id: interaction.user.id,
      name: memberName(interaction),
    });
    if (!outcome.ok) return privateAnswer(outcome.message);
    const { game: active, nextGame } = outcome.value;
    return announce(situation(active, false), active, pictures, { nextGame });
  });
}
