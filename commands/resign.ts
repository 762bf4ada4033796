import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { resultButtons, situation } from '../src/bot/game-messages.ts';
import { boardMessage, memberName } from '../src/bot/present.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';

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
    const active = outcome.value.game;
    return publicAnswer(
      boardMessage(situation(active, false), await pictures.of(active), undefined, resultButtons(active)),
    );
  });
}
