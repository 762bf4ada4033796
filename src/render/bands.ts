/**
 * A board picture cut into horizontal bands, each named by exactly what was drawn into it, so that
 * the encoder can keep a band's deflated bytes and reuse them in any later picture whose band has
 * the same name. Consecutive pictures of a game differ in the caption and in the few ranks a move
 * touched; the rest repeats.
 *
 * A band's pixels are a function of the background's rows and of the sprites stamped over them,
 * in order and at their places; the name lists exactly those. Backgrounds and sprites are drawn
 * once and never changed, so a number given to each object names its pixels.
 */
import type { Layout } from './layout.ts';
import type { Frame, Sprite } from './raster.ts';

/** Rows top (inclusive) to bottom (exclusive) of the frame. */
export interface Rows {
  top: number;
  bottom: number;
}

export interface Band extends Rows {
  /** What was drawn into the band. */
  name: string;
}

/** A sprite to stamp with its top-left corner at (left, top). */
export interface Placement {
  sprite: Sprite;
  left: number;
  top: number;
}

/**
 * The caption's lines (named by caption.ts), then the margin above the board, one band per rank
 * of cells, the margin below; the placements in the order they are stamped.
 */
export function bandsOf(layout: Layout, background: Frame, placements: Placement[], caption: Band[]): Band[] {
  const cuts = [layout.captionHeight, layout.gridTop];
  for (let rank = 1; rank <= layout.size; rank++) cuts.push(layout.gridTop + rank * layout.cell);
  cuts.push(layout.height);
  const inked = placements.map((placement) => ({ placement, rows: inkOf(placement) }));
  const bands: Band[] = [...caption];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const rows = { top: cuts[i], bottom: cuts[i + 1] };
    if (rows.top === rows.bottom) continue;
    let name = `${idOf(background)}:${rows.top}-${rows.bottom}`;
    for (const { placement, rows: ink } of inked) {
      if (overlap(ink, rows)) name += `|${idOf(placement.sprite)}@${placement.left},${placement.top}`;
    }
    bands.push({ ...rows, name });
  }
  return bands;
}

/** The frame rows a placement changes: those of its sprite with any pixel not fully transparent. */
export function inkOf({ sprite, top }: Placement): Rows {
  const ink = inkRows(sprite);
  return { top: top + ink.top, bottom: top + ink.bottom };
}

export const overlap = (a: Rows, b: Rows) => a.top < b.bottom && b.top < a.bottom;

const ids = new WeakMap<object, number>();
let lastId = 0;
function idOf(drawing: Frame | Sprite): number {
  let id = ids.get(drawing);
  if (id === undefined) {
    id = ++lastId;
    ids.set(drawing, id);
  }
  return id;
}

const inks = new WeakMap<Sprite, Rows>();
function inkRows(sprite: Sprite): Rows {
  let rows = inks.get(sprite);
  if (!rows) {
    let top = sprite.height;
    let bottom = 0;
    for (let y = 0; y < sprite.height; y++) {
      for (let x = 0; x < sprite.width; x++) {
        if (sprite.pixels[(y * sprite.width + x) * 4 + 3] !== 0) {
          top = Math.min(top, y);
          bottom = y + 1;
          break;
        }
      }
    }
    rows = { top, bottom: Math.max(top, bottom) };
    inks.set(sprite, rows);
  }
  return rows;
}
