/** Board pictures for stored games, drawn by the renderer; recent ones are kept, as /board often repeats. */
import { LRUCache } from 'lru-cache';
import { Game, variantIds } from '../engine/index.ts';
import type { ActiveGame } from '../game/service.ts';
import type { Messages } from '../i18n/index.ts';
import { pictureHits, pictureMisses } from '../metrics.ts';
import { renderBoard } from '../render/index.ts';
import { clocksAt, matchLabel } from './game-messages.ts';

export interface BoardPictures {
  /** The picture with its caption in the catalogue's language; a Fischer game's clocks at `now` (default: as the turn began). */
  of(active: ActiveGame, m: Messages, now?: number): Promise<Buffer>;
}

/**
 * A bound on a kept picture's bytes, over twice the largest drawn (80-115 KB): the pictures' bytes
 * are bounded, and `keep` pictures still fit, as many as were kept by count alone.
 */
const PICTURE_BYTES = 256 * 1024;

export function createBoardPictures(keep = 64): BoardPictures {
  const recent = new LRUCache<string, Buffer>({
    max: keep,
    maxSize: keep * PICTURE_BYTES,
    sizeCalculation: (picture) => picture.byteLength,
  });
  return {
    async of(active, m, now) {
      const { game, players } = active;
      const note = matchLabel(m, active);
      // A Fischer clock: both sides' times (the message counts the side to move's down).
      const left = clocksAt(active, now);
      const clocks = left
        ? { attackers: m.clock.time(left.attackers), defenders: m.clock.time(left.defenders) }
        : undefined;
      const key = `${active.id}:${game.plyCount}:${game.result?.reason ?? ''}:${players.attackers.name}:${players.defenders.name}:${note}:${clocks?.attackers}:${clocks?.defenders}:${m.language}`;
      const cached = recent.get(key);
      if (cached) {
        pictureHits.inc();
        return cached;
      }
      pictureMisses.inc();
      const picture = await renderBoard(
        game.snapshot(),
        { attackers: players.attackers.name, defenders: players.defenders.name },
        { note, messages: m, clocks },
      );
      recent.set(key, picture);
      return picture;
    },
  };
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
