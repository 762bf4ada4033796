/** Public announcements of a game's new state, with the board; a match's game 2 follows game 1's end. */
import type { ActiveGame } from '../game/service.ts';
import type { Messages } from '../i18n/index.ts';
import { matchContinues, resultButtons } from './game-messages.ts';
import type { BoardPictures } from './pictures.ts';
import { boardMessage, type Post } from './present.ts';
import { type Answer, publicAnswer } from './respond.ts';

export async function announcement(
  m: Messages,
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  mention?: string,
): Promise<Post> {
  return boardMessage(content, await pictures.of(active, m), mention, resultButtons(m, active));
}

/** The board of game 2 of a match, pinging its first player (unless that is the AI). */
export async function secondGame(m: Messages, next: ActiveGame, pictures: BoardPictures): Promise<Post> {
  const mention = next.ai?.side === next.game.turn ? undefined : next.players[next.game.turn].id;
  return boardMessage(matchContinues(m, next), await pictures.of(next, m), mention);
}

export async function announce(
  m: Messages,
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  { mention, nextGame }: { mention?: string; nextGame?: ActiveGame } = {},
): Promise<Answer> {
  const message = await announcement(m, content, active, pictures, mention);
  if (!nextGame) return publicAnswer(message);
  return { kind: 'public', message, followUp: publicAnswer(await secondGame(m, nextGame, pictures)) };
}
