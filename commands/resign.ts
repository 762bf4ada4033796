import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { announce } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { situation } from '../src/bot/game-messages.ts';
import { messagesOf, playerOf } from '../src/bot/present.ts';
import { answerOutcome } from '../src/bot/respond.ts';
import { tableOf } from '../src/bot/table-of.ts';

export const data = new SlashCommandBuilder()
  .setName('resign')
  .setDescription('Resign this channel’s game')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answerOutcome(
    interaction,
    m,
    () => service.resign(tableOf(interaction), playerOf(interaction)),
    ({ game: active, nextGame }) => {
      // Game 1 of a match against the AI resigned: game 2 may open with the AI's turn.
      if (nextGame?.ai) setImmediate(() => ai.nudge());
      return announce(m, situation(m, active, false), active, pictures, { nextGame });
    },
  );
}
