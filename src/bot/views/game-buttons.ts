/**
 * The buttons under a game's board: Move (the picker) while a member is to move, with More time
 * for the opponent in a game with a clock; Rematch once it is over.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { moreTimeMs } from '../../game/clock.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { customId } from '../custom-ids.ts';

/**
 * Move and More time while a member is to move (none on the AI's turn), Rematch once the game is
 * over (not after game 1 of a match, which game 2 follows).
 */
export function gameButtons(m: Messages, active: ActiveGame): ActionRowBuilder<ButtonBuilder>[] {
  if (!active.game.result) {
    if (active.ai?.side === active.game.turn) return [];
    const move = new ButtonBuilder()
      .setCustomId(customId({ kind: 'picker', step: 'open', gameId: active.id }))
      .setLabel(m.picker.move)
      .setStyle(ButtonStyle.Primary);
    const moreTime = moreTimeButton(m, active);
    return [new ActionRowBuilder<ButtonBuilder>().addComponents(move, ...(moreTime ? [moreTime] : []))];
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
