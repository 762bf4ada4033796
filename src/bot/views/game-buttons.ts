/**
 * The buttons under a game's board: Move (the picker) while a member is to move, with More time
 * for the opponent in a game with a clock, and Web board while the game is on where the web board
 * is served; Rematch once it is over. One row: three buttons at most, of Discord's five.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { moreTimeMs } from '../../game/clock.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { customId } from '../custom-ids.ts';
import { webBoardButton } from './web-board-button.ts';

/**
 * Move and More time while a member is to move (none on the AI's turn), and Web board while the
 * game is on if `webBoard`; Rematch once the game is over (not after game 1 of a match, which game
 * 2 follows).
 */
export function gameButtons(
  m: Messages,
  active: ActiveGame,
  { webBoard = false }: { webBoard?: boolean } = {},
): ActionRowBuilder<ButtonBuilder>[] {
  if (!active.game.result) {
    const buttons: ButtonBuilder[] = [];
    if (active.ai?.side !== active.game.turn) {
      buttons.push(
        new ButtonBuilder()
          .setCustomId(customId({ kind: 'picker', step: 'open', gameId: active.id }))
          .setLabel(m.picker.move)
          .setStyle(ButtonStyle.Primary),
      );
      const moreTime = moreTimeButton(m, active);
      if (moreTime) buttons.push(moreTime);
    }
    if (webBoard) buttons.push(webBoardButton(m.language));
    return buttons.length > 0 ? [new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons)] : [];
  }
  if (active.match?.game === 1) return [];
  const rematch = new ButtonBuilder()
    .setCustomId(customId({ kind: 'rematch', gameId: active.id }))
    .setLabel(m.rematch)
    .setStyle(ButtonStyle.Primary);
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(rematch)];
}

/** More time, labelled with what it gives in this game; null in a game without a clock. */
function moreTimeButton(m: Messages, active: ActiveGame): ButtonBuilder | null {
  if (!active.clock || active.game.result) return null;
  const lobby = lobbyMessagesFor(m.language);
  return new ButtonBuilder()
    .setCustomId(customId({ kind: 'more-time', gameId: active.id }))
    .setLabel(lobby.moreTime({ amount: lobby.amount(moreTimeMs(active.clock)) }))
    .setStyle(ButtonStyle.Secondary);
}
