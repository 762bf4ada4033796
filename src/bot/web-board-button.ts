/**
 * The Web board button: its custom id (`board:web`, routed to commands/board.ts) made and read
 * here, and the button itself. It names no game: the link it answers with opens the channel's.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { webMessagesFor } from '../i18n/web.ts';

export const WEB_BOARD_PREFIX = 'board';
const WEB_BOARD_ID = `${WEB_BOARD_PREFIX}:web`;

export function isWebBoardButton(customId: string): boolean {
  return customId === WEB_BOARD_ID;
}

export function webBoardRow(language: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(WEB_BOARD_ID)
      .setLabel(webMessagesFor(language).button)
      .setStyle(ButtonStyle.Secondary),
  );
}
