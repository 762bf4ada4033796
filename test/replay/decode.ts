/** Reading a replay GIF back in tests: each frame as a viewer shows it, the frames before it drawn under it. */
import { GifReader } from 'omggif';

export interface DecodedGif {
  width: number;
  height: number;
  frames: number;
  /** Each frame's delay in milliseconds. */
  delays: number[];
  /** Where each frame's rectangle lies. */
  boxes: { x: number; y: number; width: number; height: number }[];
  /** RGBA of frame `index` as shown. */
  shown(index: number): Uint8ClampedArray;
}

export function decodeGif(bytes: Uint8Array): DecodedGif {
  const reader = new GifReader(Buffer.from(bytes));
  const frames = reader.numFrames();
  const infos = Array.from({ length: frames }, (_, i) => reader.frameInfo(i));
  return {
    width: reader.width,
    height: reader.height,
    frames,
    delays: infos.map((info) => info.delay * 10),
    boxes: infos.map(({ x, y, width, height }) => ({ x, y, width, height })),
    shown(index) {
      const pixels = new Uint8ClampedArray(reader.width * reader.height * 4);
      for (let i = 0; i <= index; i++) reader.decodeAndBlitFrameRGBA(i, pixels);
      return pixels;
    },
  };
}

/** The largest difference of any colour channel between an RGBA picture and RGB pixels of the same size. */
export function largestDifference(
  rgba: Uint8ClampedArray,
  rgb: { width: number; height: number; data: Uint8Array; stride: number; start: number },
): number {
  let largest = 0;
  for (let y = 0; y < rgb.height; y++) {
    for (let x = 0; x < rgb.width; x++) {
      const i = 4 * (y * rgb.width + x);
      const j = y * rgb.stride + rgb.start + 3 * x;
      for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs(rgba[i + c] - rgb.data[j + c]));
    }
  }
  return largest;
}
