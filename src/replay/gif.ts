/**
 * An animated GIF written frame by frame with gifenc: the first frame whole, each later one only
 * the box of pixels that changed, the unchanged pixels inside it transparent. A move changes a few
 * squares and the caption, so most of a frame is transparent runs, which LZW packs to little.
 */
import { type Encoder, GIFEncoder } from './gifenc.ts';
import { ColourIndex, type GifPalette } from './palette.ts';
import { type Box, blankPixels, changedBox, copyBox, type Pixels, rowDiffers } from './pixels.ts';

/** Leave the frame in place: the next one draws over it. */
const KEEP = 1;

export class AnimationEncoder {
  private readonly gif: Encoder = GIFEncoder({ initialCapacity: 1 << 20 });
  /** What a viewer sees after the frames so far. */
  private readonly shown: Pixels;
  private frames = 0;
  private finished: Uint8Array | null = null;
  private readonly index: ColourIndex;

  constructor(
    private readonly palette: GifPalette,
    readonly width: number,
    readonly height: number,
  ) {
    this.shown = blankPixels(width, height);
    this.index = new ColourIndex(palette);
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.gif.bytesView().length;
  }

  get frameCount(): number {
    return this.frames;
  }

  /** Adds a picture (of the encoder's size) shown for `delayMs`. */
  add(picture: Pixels, delayMs: number): void {
    if (this.finished) throw new Error('the animation is finished');
    if (picture.width !== this.width || picture.height !== this.height)
      throw new Error('picture size changed');
    const { colours, transparentIndex } = this.palette;
    if (this.frames === 0) {
      const whole = { left: 0, top: 0, right: this.width, bottom: this.height };
      copyBox(picture, this.shown, whole);
      this.gif.writeFrame(this.indices(picture), this.width, this.height, {
        palette: colours,
        delay: delayMs,
        repeat: 0,
        dispose: KEEP,
      });
    } else {
      // Nothing changed (it should not happen between positions): one transparent pixel keeps the frame's time.
      const box = changedBox(this.shown, picture) ?? { left: 0, top: 0, right: 1, bottom: 1 };
      const index = this.changedIndices(picture, box);
      copyBox(picture, this.shown, box);
      const at = this.bytes;
      this.gif.writeFrame(index, box.right - box.left, box.bottom - box.top, {
        delay: delayMs,
        transparent: true,
        transparentIndex,
        dispose: KEEP,
      });
      this.placeFrame(at, box.left, box.top);
    }
    this.frames++;
  }

  /** The GIF, once every frame is added. */
  finish(): Uint8Array {
    if (!this.finished) {
      this.gif.finish();
      this.finished = this.gif.bytes();
    }
    return this.finished as Uint8Array;
  }

  /** A whole picture as palette indices. */
  private indices(picture: Pixels): Uint8Array {
    const index = new Uint8Array(picture.width * picture.height);
    const { data } = picture;
    let at = 0;
    for (let y = 0; y < picture.height; y++) {
      let i = y * picture.stride + picture.start;
      for (let x = 0; x < picture.width; x++, i += 3)
        index[at++] = this.index.of(data[i], data[i + 1], data[i + 2]);
    }
    return index;
  }

  /** The box's pixels as palette indices: the transparent one where the picture did not change. */
  private changedIndices(picture: Pixels, box: Box): Uint8Array {
    const width = box.right - box.left;
    const index = new Uint8Array(width * (box.bottom - box.top)).fill(this.palette.transparentIndex);
    const shown = this.shown;
    const a = shown.data;
    const b = picture.data;
    for (let y = box.top; y < box.bottom; y++) {
      if (!rowDiffers(shown, picture, y)) continue;
      let i = y * shown.stride + shown.start + 3 * box.left;
      let j = y * picture.stride + picture.start + 3 * box.left;
      let at = (y - box.top) * width;
      for (let x = box.left; x < box.right; x++, i += 3, j += 3, at++) {
        if (a[i] !== b[j] || a[i + 1] !== b[j + 1] || a[i + 2] !== b[j + 2])
          index[at] = this.index.of(b[j], b[j + 1], b[j + 2]);
      }
    }
    return index;
  }

  /**
   * gifenc writes every frame at the picture's top-left corner; this frame belongs at (left, top).
   * Its graphic control extension (8 bytes) starts at `at`, then its image descriptor: 0x2c and
   * the frame's left and top, 16-bit little-endian.
   */
  private placeFrame(at: number, left: number, top: number): void {
    const bytes = new Uint8Array(this.gif.buffer);
    if (bytes[at] !== 0x21 || bytes[at + 1] !== 0xf9 || bytes[at + 8] !== 0x2c)
      throw new Error('gifenc wrote a frame in an unexpected layout');
    bytes[at + 9] = left & 0xff;
    bytes[at + 10] = left >> 8;
    bytes[at + 11] = top & 0xff;
    bytes[at + 12] = top >> 8;
  }
}
