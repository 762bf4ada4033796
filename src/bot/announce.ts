/** Public announcements of a game's new state, with the board; a match's game 2 follows game 1's end. */
import type { ActiveGame } from '../game/service.ts';
import { matchContinues, resultButtons } from './game-messages.ts';
import type { BoardPictures } from './pictures.ts';
import { boardMessage, type Post } from './present.ts';
import { type Answer, publicAnswer } from './respond.ts';

export async function announcement(
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  mention?: string,
): Promise<Post> {
  return boardMessage(content, await pictures.of(active), mention, resultButtons(active));
}

/** The board of game 2 of a match, pinging its first player. */
export async function secondGame(next: ActiveGame, pictures: BoardPictures): Promise<Post> {
  return boardMessage(matchContinues(next), await pictures.of(next), next.players[next.game.turn].id);
}

export async function announce(
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  { mention, nextGame }: { mention?: string; nextGame?: ActiveGame } = {},
): Promise<Answer> {
  const message = await announcement(content, active, pictures, mention);
  if (!nextGame) return publicAnswer(message);
  return { kind: 'public', message, followUp: publicAnswer(await secondGame(nextGame, pictures)) };
}
