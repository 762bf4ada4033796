/** Sprites the overlays draw (the explorer's arrows, the move picker's markers), kept for the next picture. */
import type { Sprite } from './raster.ts';

/**
 * Sprites by everything they are drawn from: the same arrow or marker in the next picture is the same sprite
 * (and its bands are kept). The explorer's arrows (ten widths, four directions, a board's lengths) and
 * the move picker's markers make a few thousand at most; past 16 MB of pixels they are all dropped and drawn again as asked.
 */
const sprites = new Map<string, Sprite>();
const MOST_SPRITE_BYTES = 16 * 1024 * 1024;
let spriteBytes = 0;

export function keptSprite(key: string, draw: () => Sprite): Sprite {
  let sprite = sprites.get(key);
  if (!sprite) {
    sprite = draw();
    if (spriteBytes + sprite.pixels.byteLength > MOST_SPRITE_BYTES) {
      sprites.clear();
      spriteBytes = 0;
    }
    sprites.set(key, sprite);
    spriteBytes += sprite.pixels.byteLength;
  }
  return sprite;
}
