/**
 * The Web board button under /board's answer (answered by commands/board.ts). It names no game:
 * the link it answers with opens the channel's.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { webMessagesFor } from '../../i18n/web.ts';
import { customId } from '../custom-ids.ts';

export function webBoardRow(language: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(customId({ kind: 'web-board' }))
      .setLabel(webMessagesFor(language).button)
      .setStyle(ButtonStyle.Secondary),
  );
}
