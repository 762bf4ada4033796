/**
 * The Web board button under a game's board (answered by commands/board.ts). It names no game: the
 * link it answers with, or the Activity it launches, opens the channel's.
 */
import { ButtonBuilder, ButtonStyle } from 'discord.js';
import { webMessagesFor } from '../../i18n/web.ts';
import { customId } from '../custom-ids.ts';

export function webBoardButton(language: string): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(customId({ kind: 'web-board' }))
    .setLabel(webMessagesFor(language).button)
    .setStyle(ButtonStyle.Secondary);
}
