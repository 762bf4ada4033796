import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { gameBoard } from '../src/bot/views/announcements.ts';
import { gameTitle, situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, playerOf, refusalText } from '../src/bot/views/present.ts';
import { webBoardRow } from '../src/bot/views/web-board-button.ts';
import { webMessagesFor } from '../src/i18n/web.ts';

export const data = new SlashCommandBuilder()
  .setName('board')
  .setDescription('Show the board of this channel’s game')
  .setContexts(InteractionContextType.Guild);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, now: clockNow, pictures, webLinks }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const active = await service.play.board(tableOf(interaction));
    if (!active) return privateAnswer(refusalText(m, { code: 'no-game' }));
    // A Fischer game's clocks as they stand now.
    const now = clockNow();
    const content = m.moveNumber({
      title: gameTitle(m, active),
      number: Math.floor(active.game.plyCount / 2) + 1,
      situation: situation(m, active, false, now),
    });
    const board = await gameBoard(m, content, active, pictures, { now });
    // With the web board on: a button that answers each member with their own link.
    if (webLinks) board.components = [...(board.components ?? []), webBoardRow(m.language)];
    return publicAnswer(board);
  });
}

/** The Web board button: a personal link to the channel's board, answered to the member alone. */
export const customIds: readonly CustomIdKind[] = ['web-board'];

export async function button(
  interaction: ButtonInteraction,
  { now, webLinks }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    if (!webLinks || !readCustomIdOf(interaction.customId, 'web-board') || !interaction.guildId)
      return privateAnswer(m.buttonNotOurs);
    const table = tableOf(interaction);
    const player = playerOf(interaction);
    const url = webLinks.link(
      {
        memberId: player.id,
        name: player.name,
        guildId: table.guildId,
        channelId: table.channelId,
        locale: interaction.locale,
      },
      now(),
    );
    return privateAnswer(webMessagesFor(m.language).link({ url }));
  });
}
