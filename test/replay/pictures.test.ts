import { describe, expect, it } from 'vitest';
import { AnimationEncoder } from '../../src/replay/gif.ts';
import { gamePalette, knownColours } from '../../src/replay/palette.ts';
import { blankPixels, changedBox, ofFrame, type Pixels } from '../../src/replay/pixels.ts';
import { Downscaler } from '../../src/replay/scale.ts';
import { decodeGif, largestDifference } from './decode.ts';

const RED = [198, 40, 40];
const GROUND = [243, 234, 215];

/** A plain picture of the ground colour with the given rectangles painted. */
function picture(
  width: number,
  height: number,
  paint: { x: number; y: number; w: number; h: number; colour: number[] }[],
) {
  const p = blankPixels(width, height);
  for (let i = 0; i < width * height; i++) p.data.set(GROUND, 3 * i);
  for (const { x, y, w, h, colour } of paint)
    for (let row = y; row < y + h; row++)
      for (let col = x; col < x + w; col++) p.data.set(colour, 3 * (row * width + col));
  return p;
}

describe('pictures in place', () => {
  it('reads the renderer’s frames past each row’s filter byte', () => {
    const rows = Buffer.from([0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12]);
    const p = ofFrame({ width: 2, height: 2, rows });
    expect(p.data[1 * p.stride + p.start + 3]).toBe(10);
  });

  it('finds the box around what changed', () => {
    const before = picture(20, 10, []);
    const after = picture(20, 10, [
      { x: 3, y: 2, w: 2, h: 1, colour: RED },
      { x: 15, y: 7, w: 1, h: 2, colour: RED },
    ]);
    expect(changedBox(before, after)).toEqual({ left: 3, top: 2, right: 16, bottom: 9 });
    expect(changedBox(before, picture(20, 10, []))).toBeNull();
  });
});

describe('smaller pictures', () => {
  it('averages the source area each pixel covers', () => {
    const source = picture(4, 2, [{ x: 0, y: 0, w: 1, h: 2, colour: [0, 0, 0] }]);
    const half = new Downscaler(4, 2, 0.5).update(source);
    expect([half.width, half.height]).toEqual([2, 1]);
    expect([...half.data.subarray(0, 3)]).toEqual(GROUND.map((c) => Math.round(c / 2)));
    expect([...half.data.subarray(3, 6)]).toEqual(GROUND);
  });

  it('updated row by row, it comes to what a fresh scaling of the picture gives', () => {
    const scaler = new Downscaler(40, 30, 0.75);
    scaler.update(picture(40, 30, [{ x: 5, y: 5, w: 6, h: 6, colour: RED }]));
    const next = picture(40, 30, [{ x: 20, y: 21, w: 7, h: 5, colour: [20, 20, 20] }]);
    const updated = Buffer.from(scaler.update(next).data);
    expect(updated.equals(new Downscaler(40, 30, 0.75).update(next).data)).toBe(true);
  });
});

describe('one palette for the game', () => {
  it('holds the renderer’s own colours exactly, and leaves one entry for “unchanged”', () => {
    const palette = gamePalette([picture(30, 30, [{ x: 0, y: 0, w: 9, h: 9, colour: [10, 200, 90] }])]);
    expect(palette.colours.length).toBeLessThanOrEqual(256);
    expect(palette.transparentIndex).toBe(palette.opaque.length);
    for (const colour of knownColours()) expect(palette.opaque).toContainEqual(colour);
    expect(palette.opaque).toContainEqual([10, 200, 90]);
  });
});

describe('the animation', () => {
  it('maps every colour to its own nearest entry, also beside a near colour in the same frame', () => {
    // A blend two levels off the ground shares the ground's RGB565 bin.
    const NEAR = [241, 233, 213];
    const frames = [
      picture(32, 16, []),
      picture(32, 16, [{ x: 20, y: 8, w: 4, h: 4, colour: NEAR }]),
      // The blend moves: where it was turns back to the ground, beside new blend pixels above it.
      picture(32, 16, [{ x: 2, y: 1, w: 4, h: 4, colour: NEAR }]),
    ];
    const opaque = [GROUND, NEAR, RED];
    const palette = { opaque, colours: [...opaque, [255, 0, 255]], transparentIndex: opaque.length };
    const encoder = new AnimationEncoder(palette, 32, 16);
    for (const frame of frames) encoder.add(frame, 100);
    const gif = decodeGif(encoder.finish());
    for (const [i, frame] of frames.entries())
      expect(largestDifference(gif.shown(i), frame), `frame ${i}`).toBe(0);
  });

  it('first frame whole, then only the box that changed, each decoding to the picture given', () => {
    const frames: Pixels[] = [
      picture(64, 48, []),
      picture(64, 48, [{ x: 10, y: 12, w: 5, h: 5, colour: RED }]),
      picture(64, 48, [
        { x: 10, y: 12, w: 5, h: 5, colour: RED },
        { x: 40, y: 30, w: 3, h: 8, colour: [38, 38, 38] },
      ]),
      picture(64, 48, [{ x: 40, y: 30, w: 3, h: 8, colour: [38, 38, 38] }]),
    ];
    const palette = gamePalette(frames);
    const encoder = new AnimationEncoder(palette, 64, 48);
    for (const [i, frame] of frames.entries()) encoder.add(frame, i === 3 ? 4000 : 500);
    const gif = decodeGif(encoder.finish());
    expect([gif.width, gif.height, gif.frames]).toEqual([64, 48, 4]);
    expect(gif.delays).toEqual([500, 500, 500, 4000]);
    expect(gif.boxes).toEqual([
      { x: 0, y: 0, width: 64, height: 48 },
      { x: 10, y: 12, width: 5, height: 5 },
      { x: 40, y: 30, width: 3, height: 8 },
      { x: 10, y: 12, width: 5, height: 5 },
    ]);
    for (const [i, frame] of frames.entries())
      expect(largestDifference(gif.shown(i), frame), `frame ${i}`).toBe(0);
  });
});
