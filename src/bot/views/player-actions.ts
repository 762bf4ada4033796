/**
 * The messages of a player's actions besides moving, wherever the action came from (a command, a
 * button, the web board): a draw offered, a take-back asked and granted, more time given.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { opponentOf, sideOf } from '../../core/players.ts';
import { otherSide, type Side } from '../../engine/index.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import { lobbyMessagesFor } from '../../i18n/lobby.ts';
import { customId } from '../custom-ids.ts';
import { gameBoard } from './announcements.ts';
import type { BoardPictures } from './board-pictures.ts';
import { situation } from './game-messages.ts';
import { onlyMention, type Post, safeName } from './present.ts';

/** A draw offered by `offeredBy`, with the button that accepts it (pinging the opponent only). */
export function drawOfferMessage(m: Messages, active: ActiveGame, offeredBy: string): Post {
  // Only one of the game's players can offer a draw.
  const offerer = active.players[sideOf(active.players, offeredBy)!];
  const opponent = opponentOf(active.players, offeredBy)!;
  const accept = new ButtonBuilder()
    .setCustomId(customId({ kind: 'draw', gameId: active.id }))
    .setLabel(m.acceptDraw)
    .setStyle(ButtonStyle.Success);
  return {
    content: m.offersDraw({ name: safeName(offerer.name), opponentId: opponent.id }),
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(accept)],
    allowedMentions: onlyMention(opponent.id),
  };
}

/** A take-back of the last move asked by `askerId` at `ply`, with the buttons that grant or decline it. */
export function undoRequestMessage(m: Messages, active: ActiveGame, askerId: string, ply: number): Post {
  // A request is only ever taken from one of the game's players.
  const asker = active.players[sideOf(active.players, askerId)!];
  const opponent = opponentOf(active.players, askerId)!;
  const last = active.game.history().at(-1)?.notation ?? '';
  const buttons = [
    new ButtonBuilder()
      .setCustomId(customId({ kind: 'undo', accept: true, gameId: active.id, ply }))
      .setLabel(m.takeBack)
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(customId({ kind: 'undo', accept: false, gameId: active.id, ply }))
      .setLabel(m.decline)
      .setStyle(ButtonStyle.Danger),
  ];
  return {
    content: m.asksUndo({ name: safeName(asker.name), move: last, opponentId: opponent.id }),
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)],
    allowedMentions: onlyMention(opponent.id),
  };
}

/** The board after a move was taken back, the player to move pinged. */
export function takenBackBoard(
  m: Messages,
  active: ActiveGame,
  undone: string,
  pictures: BoardPictures,
): Promise<Post> {
  return gameBoard(m, `${m.takenBack({ move: undone })} ${situation(m, active, true)}`, active, pictures, {
    mention: active.players[active.game.turn].id,
  });
}

/** More time given to `to`, with the clocks as they are now. */
export function moreTimeMessage(m: Messages, active: ActiveGame, given: number, to: Side): Post {
  const lobby = lobbyMessagesFor(m.language);
  const gave = lobby.gaveTime({
    name: safeName(active.players[otherSide(to)].name),
    opponent: safeName(active.players[to].name),
    amount: lobby.amount(given),
  });
  return { content: `${gave} ${situation(m, active, false)}`, allowedMentions: onlyMention() };
}
