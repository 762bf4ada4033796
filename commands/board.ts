import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { gameTitle, situation } from '../src/bot/game-messages.ts';
import { boardMessage } from '../src/bot/present.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';

export const data = new SlashCommandBuilder()
  .setName('board')
  .setDescription('Show the board of this channel’s game')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    const active = await service.board(interaction.channelId);
    if (!active) return privateAnswer('There is no game in this channel. Start one with `/challenge`.');
    const picture = await pictures.of(active);
    return publicAnswer(
      boardMessage(
        `${gameTitle(active)}. Move ${active.game.snapshot().moveNumber}: ${situation(active, false)}`,
        picture,
      ),
    );
  });
}
