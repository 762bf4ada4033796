/** A PNG the bot drew, decoded with the same canvas library, to read its pixels in tests. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export type Colour = [number, number, number];

export interface Picture {
  width: number;
  height: number;
  /** The colour at (x, y), rounded to the nearest pixel. */
  pixel(x: number, y: number): Colour;
}

export async function decodePng(png: Buffer): Promise<Picture> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    pixel(x, y) {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    },
  };
}
