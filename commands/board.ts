import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { gameBoard } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { gameTitle, situation } from '../src/bot/game-messages.ts';
import { messagesOf, refusalText } from '../src/bot/present.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';
import { tableOf } from '../src/bot/table-of.ts';

export const data = new SlashCommandBuilder()
  .setName('board')
  .setDescription('Show the board of this channel’s game')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const active = await service.board(tableOf(interaction));
    if (!active) return privateAnswer(refusalText(m, { code: 'no-game' }));
    // A Fischer game's clocks as they stand now.
    const now = service.storage.now();
    const content = m.moveNumber({
      title: gameTitle(m, active),
      number: Math.floor(active.game.plyCount / 2) + 1,
      situation: situation(m, active, false, now),
    });
    return publicAnswer(await gameBoard(m, content, active, pictures, { now }));
  });
}
