/**
 * A game's board message, written once for every place that shows one: the picture, described for
 * screen readers, with the game's buttons (Move while it is on, Rematch after). Announcements of a
 * game's new state use it; a match's game 2 follows game 1's end.
 */
import type { ActiveGame } from '../game/service.ts';
import type { Messages } from '../i18n/index.ts';
import type { BoardView } from '../render/view.ts';
import { boardDescription } from './board-description.ts';
import { gameButtons, matchContinues } from './game-messages.ts';
import type { BoardPictures } from './pictures.ts';
import { boardAttachment, onlyMention, type Post } from './present.ts';
import { type Answer, publicAnswer } from './respond.ts';

/**
 * The board of `active` under `content`, pinging `mention` (the player to move) if given; a Fischer
 * game's clocks at `now`; drawn in `view`, else as the player to move sees the board (/settings).
 */
export async function gameBoard(
  m: Messages,
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  { mention, now, view }: { mention?: string; now?: number; view?: BoardView } = {},
): Promise<Post> {
  const drawnIn = view ?? (await pictures.viewOfMover(active));
  return {
    content,
    files: [boardAttachment(await pictures.of(active, m, now, drawnIn), boardDescription(m, active))],
    components: gameButtons(m, active),
    allowedMentions: mention ? onlyMention(mention) : onlyMention(),
  };
}

export function announcement(
  m: Messages,
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  mention?: string,
): Promise<Post> {
  return gameBoard(m, content, active, pictures, { mention });
}

/** The board of game 2 of a match, pinging its first player (unless that is the AI). */
export function secondGame(m: Messages, next: ActiveGame, pictures: BoardPictures): Promise<Post> {
  const mention = next.ai?.side === next.game.turn ? undefined : next.players[next.game.turn].id;
  return gameBoard(m, matchContinues(m, next), next, pictures, { mention });
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
