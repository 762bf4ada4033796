/** Board pictures for stored games, drawn by the renderer; recent ones are kept, as /board often repeats. */
import { LRUCache } from 'lru-cache';
import { Game, variantIds } from '../../engine/index.ts';
import type { ActiveGame } from '../../game/service.ts';
import type { Messages } from '../../i18n/index.ts';
import { pictureHits, pictureMisses } from '../../metrics.ts';
import { type BoardView, DEFAULT_VIEW, renderBoard } from '../../render/index.ts';
import { type PickerMarks, renderPicker } from '../../render/picker.ts';
import { viewKey } from '../../render/view.ts';
import { clocksAt, matchLabel } from './game-messages.ts';

export interface BoardPictures {
  /**
   * The picture with its caption in the catalogue's language, in a member's view (default: the
   * classic one); a Fischer game's clocks at `now` (default: as the turn began).
   */
  of(active: ActiveGame, m: Messages, now?: number, view?: BoardView): Promise<Buffer>;
  /** The move picker's picture: the same, with a piece's square lit and its destinations marked (not kept). */
  marked(active: ActiveGame, m: Messages, marks: PickerMarks, view?: BoardView): Promise<Buffer>;
  /**
   * How a member sees the board at a guild (/settings: what they chose, the server's default board
   * for the rest); with no member, the server's default; the bot's default when the settings cannot be read.
   */
  viewOf(userId: string | null, guildId: string): Promise<BoardView>;
  /** The view of a public board: the player to move's, or the server's default when the AI is to move or the game is over. */
  viewOfMover(active: ActiveGame): Promise<BoardView>;
  /** The web board is served: a game's board message carries its button (every place that posts a board has these pictures). */
  readonly webBoard: boolean;
}

/**
 * A bound on a kept picture's bytes, over twice the largest drawn (80-115 KB): the pictures' bytes
 * are bounded, and `keep` pictures still fit, as many as were kept by count alone.
 */
const PICTURE_BYTES = 256 * 1024;

export function createBoardPictures(
  keep = 64,
  views: (userId: string | null, guildId: string) => Promise<BoardView> = async () => DEFAULT_VIEW,
  { webBoard = false }: { webBoard?: boolean } = {},
): BoardPictures {
  const recent = new LRUCache<string, Buffer>({
    max: keep,
    maxSize: keep * PICTURE_BYTES,
    sizeCalculation: (picture) => picture.byteLength,
  });
  return {
    webBoard,
    async viewOf(userId, guildId) {
      try {
        return await views(userId, guildId);
      } catch {
        return DEFAULT_VIEW;
      }
    },
    async viewOfMover(active) {
      const { game, ai, players, guildId } = active;
      const noOne = game.result || ai?.side === game.turn;
      return this.viewOf(noOne ? null : players[game.turn].id, guildId);
    },
    async of(active, m, now, view = DEFAULT_VIEW) {
      const { game, players } = active;
      const { note, clocks } = captionOf(active, m, now);
      const key = `${active.id}:${game.plyCount}:${game.result?.reason ?? ''}:${players.attackers.name}:${players.defenders.name}:${note}:${clocks?.attackers}:${clocks?.defenders}:${m.language}:${viewKey(view)}`;
      const cached = recent.get(key);
      if (cached) {
        pictureHits.inc();
        return cached;
      }
      pictureMisses.inc();
      const picture = await renderBoard(game.snapshot(), namesOf(active), {
        note,
        messages: m,
        clocks,
        view,
      });
      recent.set(key, picture);
      return picture;
    },
    marked(active, m, marks, view) {
      return renderPicker(active.game.snapshot(), marks, namesOf(active), {
        ...captionOf(active, m),
        messages: m,
        view,
      });
    },
  };
}

const namesOf = ({ players }: ActiveGame) => ({
  attackers: players.attackers.name,
  defenders: players.defenders.name,
});

/** The caption's match label, and a Fischer clock's times for both sides (the message counts the side to move's down). */
function captionOf(active: ActiveGame, m: Messages, now?: number) {
  const note = matchLabel(m, active);
  const left = clocksAt(active, now);
  const clocks = left
    ? { attackers: m.clock.time(left.attackers), defenders: m.clock.time(left.defenders) }
    : undefined;
  return { note, clocks };
}

/**
 * Draws each variant's opening picture once. The first picture of a process loads the fonts and
 * draws the sprites and empty boards, a quarter of a second: better done while logging in than
 * while the first player after a restart waits.
 */
export async function warmPictures(): Promise<void> {
  for (const variant of variantIds) {
    await renderBoard(new Game(variant).snapshot(), { attackers: 'Attackers', defenders: 'Defenders' });
  }
}
