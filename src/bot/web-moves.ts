/** The channel's board message after a move made on the web board: the same words as after /move. */
import type { Messages } from '../i18n/index.ts';
import type { Played } from '../web/server.ts';
import { announcement } from './announce.ts';
import { moveLine, situation } from './game-messages.ts';
import type { BoardPictures } from './pictures.ts';
import type { Post } from './present.ts';

export function webMoveAnnouncement(m: Messages, played: Played, pictures: BoardPictures): Promise<Post> {
  const { game: active, move } = played;
  const mention = active.game.result ? undefined : active.players[active.game.turn].id;
  const line = move ? `${moveLine(m, active, move)} ` : '';
  return announcement(m, `${line}${situation(m, active, true)}`, active, pictures, mention);
}
