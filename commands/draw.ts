import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import {
  type Answer,
  answer,
  answerOutcome,
  privateAnswer,
  publicAnswer,
} from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { announce } from '../src/bot/views/announcements.ts';
import { situation } from '../src/bot/views/game-messages.ts';
import { drawOfferMessage } from '../src/bot/views/player-actions.ts';
import { messagesOf, onlyMention, playerOf, refusalText } from '../src/bot/views/present.ts';

export const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Offer a draw, or accept the draw your opponent offered');

export const customIds: readonly CustomIdKind[] = ['draw'];

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const player = playerOf(interaction);
  await answerOutcome(
    interaction,
    m,
    () => service.play.offerDraw(tableOf(interaction), player),
    ({ game: active, agreed, nextGame }) =>
      agreed
        ? announce(m, situation(m, active, false), active, pictures, { nextGame })
        : publicAnswer(drawOfferMessage(m, active, player.id)),
  );
}

export async function button(
  interaction: ButtonInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async (): Promise<Answer> => {
    const pressed = readCustomIdOf(interaction.customId, 'draw');
    if (!pressed) return privateAnswer(m.buttonInvalid);
    const outcome = await service.play.acceptDraw(
      tableOf(interaction),
      playerOf(interaction),
      pressed.gameId,
    );
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    const active = outcome.value.game;
    return {
      kind: 'update',
      message: { content: m.drawAgreed, components: [], allowedMentions: onlyMention() },
      followUp: await announce(m, situation(m, active, false), active, pictures, {
        nextGame: outcome.value.nextGame,
      }),
    };
  });
}
