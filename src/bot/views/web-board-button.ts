/**
 * The Web board button under a game's board (answered by commands/board.ts). It names no game: the
 * link it answers with, or the Activity it launches, opens the channel's. Under a review, the
 * study button names its game: its link opens that game's study.
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

/** Under a finished game's review: a personal link to study it on the web board. */
export function studyButton(language: string, gameId: string): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(customId({ kind: 'web-board', gameId }))
    .setLabel(webMessagesFor(language).study)
    .setStyle(ButtonStyle.Secondary);
}
