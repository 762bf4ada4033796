/**
 * A game's board message, written once for every place that shows one: the picture, described for
 * screen readers, with the game's buttons (Move and Web board while it is on, Rematch after).
 * Announcements of a game's new state use it: the one announcement of a move, wherever it was made
 * (/move, the move picker, the web board, the AI), a draw, a loss on time; a match's game 2 follows
 * game 1's end.
 */
import type { PlayedMove } from '../../engine/index.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import type { BoardView } from '../../render/view.ts';
import { type Answer, publicAnswer } from '../discord/respond.ts';
import { boardDescription } from './board-description.ts';
import type { BoardPictures } from './board-pictures.ts';
import { gameButtons } from './game-buttons.ts';
import { matchContinues, moveLine, situation } from './game-messages.ts';
import { boardAttachment, onlyMention, type Post } from './present.ts';

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
    components: gameButtons(m, active, { webBoard: pictures.webBoard }),
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

/** A move as the game service played it: the game after it, and game 2 when it ended game 1 of a match. */
export interface MovePlayed {
  game: ActiveGame;
  /** None: it came after the mover's time ran out, and the game ended on time instead. */
  move?: PlayedMove | null;
  nextGame?: ActiveGame | null;
}

/**
 * The channel's board after a move, wherever it was made: who played what, then who is to move
 * (pinged) or how the game ended.
 */
export function moveAnnouncement(m: Messages, played: MovePlayed, pictures: BoardPictures): Promise<Post> {
  const { game: active, move } = played;
  const mention = active.game.result ? undefined : active.players[active.game.turn].id;
  const line = move ? `${moveLine(m, active, move)} ` : '';
  return announcement(m, `${line}${situation(m, active, true)}`, active, pictures, mention);
}

/** The board of game 2 of a match, pinging its first player (unless that is the AI). */
export function secondGame(m: Messages, next: ActiveGame, pictures: BoardPictures): Promise<Post> {
  const mention = next.ai?.side === next.game.turn ? undefined : next.players[next.game.turn].id;
  return gameBoard(m, matchContinues(m, next), next, pictures, { mention });
}

/** A move's announcement as the answer to the member who made it, game 2's board following it. */
export async function announceMove(
  m: Messages,
  played: MovePlayed,
  pictures: BoardPictures,
): Promise<Answer> {
  return withSecondGame(m, await moveAnnouncement(m, played, pictures), pictures, played.nextGame);
}

export async function announce(
  m: Messages,
  content: string,
  active: ActiveGame,
  pictures: BoardPictures,
  { mention, nextGame }: { mention?: string; nextGame?: ActiveGame } = {},
): Promise<Answer> {
  return withSecondGame(m, await announcement(m, content, active, pictures, mention), pictures, nextGame);
}

async function withSecondGame(
  m: Messages,
  message: Post,
  pictures: BoardPictures,
  nextGame: ActiveGame | null | undefined,
): Promise<Answer> {
  if (!nextGame) return publicAnswer(message);
  return { kind: 'public', message, followUp: publicAnswer(await secondGame(m, nextGame, pictures)) };
}
