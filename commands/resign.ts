import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answerOutcome } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { announce } from '../src/bot/views/announcements.ts';
import { situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, playerOf } from '../src/bot/views/present.ts';

export const data = new SlashCommandBuilder().setName('resign').setDescription('Resign this channel’s game');

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answerOutcome(
    interaction,
    m,
    () => service.play.resign(tableOf(interaction), playerOf(interaction)),
    ({ game: active, nextGame }) => {
      // Game 1 of a match against the AI resigned: game 2 may open with the AI's turn.
      if (nextGame?.ai) setImmediate(() => ai.nudge());
      return announce(m, situation(m, active, false), active, pictures, { nextGame });
    },
  );
}
