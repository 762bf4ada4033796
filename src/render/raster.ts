/**
 * Pictures as plain pixels in JavaScript buffers. A board picture is composed here, not on a
 * Skia canvas: reading a whole canvas back costs a fresh 3 MB buffer per picture, and on this
 * kind of server the page faults of that allocation cost more than everything else together.
 * Skia still draws every shape and letter, once, into the empty board and the sprites.
 */
import type { Canvas } from '@napi-rs/canvas';

/**
 * An opaque picture laid out as PNG scanlines: each row is a filter byte (0, none) and RGB. With
 * no alpha channel there is a quarter less to copy, checksum and deflate, for the same pixels.
 */
export interface Frame {
  width: number;
  height: number;
  rows: Buffer;
}

/** A small picture with transparency, premultiplied RGBA as Skia stores it. */
export interface Sprite {
  width: number;
  height: number;
  pixels: Buffer;
}

const stride = (width: number) => width * 3 + 1;

export function frameOf(canvas: Canvas): Frame {
  const frame = blankFrame(canvas.width, canvas.height);
  pasteCanvas(frame, canvas, 0);
  return frame;
}

export function blankFrame(width: number, height: number): Frame {
  return { width, height, rows: Buffer.alloc(stride(width) * height) };
}

export function spriteOf(canvas: Canvas): Sprite {
  return { width: canvas.width, height: canvas.height, pixels: canvas.data() };
}

/** Copies an opaque canvas of the frame's width over the frame's rows from `top`, dropping its alpha (all 255). */
export function pasteCanvas(frame: Frame, canvas: Canvas, top: number): void {
  const pixels = canvas.data();
  const { rows } = frame;
  const rowLength = stride(frame.width);
  // A canvas's width and height are read from Skia on every access: read them once.
  const { width, height } = canvas;
  // One load a pixel instead of three: a third faster. A word is R, G, B, A from its low byte up.
  const words = LITTLE_ENDIAN && pixels.byteOffset % 4 === 0;
  const pixelWords = words ? new Uint32Array(pixels.buffer, pixels.byteOffset, width * height) : null;
  let source = 0;
  for (let y = 0; y < height; y++) {
    let target = (top + y) * rowLength + 1;
    if (pixelWords) {
      for (let x = 0; x < width; x++, source++, target += 3) {
        const word = pixelWords[source];
        rows[target] = word;
        rows[target + 1] = word >>> 8;
        rows[target + 2] = word >>> 16;
      }
    } else {
      for (let x = 0; x < width; x++, source++, target += 3) {
        rows[target] = pixels[source * 4];
        rows[target + 1] = pixels[source * 4 + 1];
        rows[target + 2] = pixels[source * 4 + 2];
      }
    }
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Draws a sprite over the frame with its top-left corner at (left, top), clipped to the frame. */
export function stamp(frame: Frame, sprite: Sprite, left: number, top: number): void {
  const { rows } = frame;
  const { pixels } = sprite;
  const rowLength = stride(frame.width);
  const x0 = Math.max(0, -left);
  const x1 = Math.min(sprite.width, frame.width - left);
  const y0 = Math.max(0, -top);
  const y1 = Math.min(sprite.height, frame.height - top);
  for (let y = y0; y < y1; y++) {
    let source = (y * sprite.width + x0) * 4;
    let target = (top + y) * rowLength + 1 + (left + x0) * 3;
    for (let x = x0; x < x1; x++, source += 4, target += 3) {
      const alpha = pixels[source + 3];
      if (alpha === 0) continue;
      if (alpha === 255) {
        rows[target] = pixels[source];
        rows[target + 1] = pixels[source + 1];
        rows[target + 2] = pixels[source + 2];
        continue;
      }
      // Premultiplied "source over" on an opaque frame.
      const keep = 255 - alpha;
      rows[target] = pixels[source] + blend(rows[target], keep);
      rows[target + 1] = pixels[source + 1] + blend(rows[target + 1], keep);
      rows[target + 2] = pixels[source + 2] + blend(rows[target + 2], keep);
    }
  }
}

/** What shows through of a frame byte under a sprite pixel, in integers so the bytes never vary. */
const blend = (under: number, keep: number) => ((under * keep + 127) / 255) | 0;
