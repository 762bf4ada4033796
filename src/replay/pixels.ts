/**
 * Pictures as RGB rows, read in place: the renderer's frames (a PNG filter byte before each row)
 * and plain RGB alike, without copying either.
 */
import type { Frame } from '../render/raster.ts';

export interface Pixels {
  width: number;
  height: number;
  /** Pixel (x, y) is at `y * stride + start + 3 * x`: red, green, blue. */
  data: Buffer;
  stride: number;
  start: number;
}

/** The renderer's frame as pixels: each row starts with its PNG filter byte. */
export function ofFrame(frame: Frame): Pixels {
  return {
    width: frame.width,
    height: frame.height,
    data: frame.rows,
    stride: frame.width * 3 + 1,
    start: 1,
  };
}

export function blankPixels(width: number, height: number): Pixels {
  return { width, height, data: Buffer.alloc(width * height * 3), stride: width * 3, start: 0 };
}

/** Whether row `y` differs between two pictures of the same size (a memcmp, no copy). */
export function rowDiffers(a: Pixels, b: Pixels, y: number): boolean {
  const from = y * a.stride + a.start;
  const other = y * b.stride + b.start;
  return a.data.compare(b.data, other, other + 3 * b.width, from, from + 3 * a.width) !== 0;
}

export interface Box {
  left: number;
  top: number;
  /** Exclusive. */
  right: number;
  bottom: number;
}

/** The smallest box holding every pixel that differs between two pictures of the same size; null if none does. */
export function changedBox(before: Pixels, after: Pixels): Box | null {
  let top = -1;
  let bottom = -1;
  let left = after.width;
  let right = 0;
  const a = before.data;
  const b = after.data;
  for (let y = 0; y < after.height; y++) {
    if (!rowDiffers(before, after, y)) continue;
    if (top < 0) top = y;
    bottom = y + 1;
    const i = y * before.stride + before.start;
    const j = y * after.stride + after.start;
    let x = 0;
    while (
      x < left &&
      a[i + 3 * x] === b[j + 3 * x] &&
      a[i + 3 * x + 1] === b[j + 3 * x + 1] &&
      a[i + 3 * x + 2] === b[j + 3 * x + 2]
    )
      x++;
    left = Math.min(left, x);
    x = after.width - 1;
    while (
      x >= right &&
      a[i + 3 * x] === b[j + 3 * x] &&
      a[i + 3 * x + 1] === b[j + 3 * x + 1] &&
      a[i + 3 * x + 2] === b[j + 3 * x + 2]
    )
      x--;
    right = Math.max(right, x + 1);
  }
  return top < 0 ? null : { left, top, right, bottom };
}

/** Copies the box's pixels from `source` into `target` (same size). */
export function copyBox(source: Pixels, target: Pixels, box: Box): void {
  const length = 3 * (box.right - box.left);
  for (let y = box.top; y < box.bottom; y++) {
    const from = y * source.stride + source.start + 3 * box.left;
    source.data.copy(target.data, y * target.stride + target.start + 3 * box.left, from, from + length);
  }
}
