/**
 * One palette for a whole replay: the renderer's own colours exactly, and the rest (the blends at
 * the edges of pieces, lines and letters) quantized from a sample of the game's pictures with
 * gifenc. Every frame is mapped to it, so no frame carries a colour table of its own.
 */
import { palette as classicColours, type Palette } from '../render/index.ts';
import { type Colour, nearestColorIndex, quantize } from './gifenc.ts';
import type { Pixels } from './pixels.ts';

export interface GifPalette {
  /** The GIF's colour table: the opaque colours, then the one that stands for "unchanged". */
  colours: Colour[];
  opaque: Colour[];
  /** A pixel of this index leaves what the frame before showed. */
  transparentIndex: number;
}

/** 256 entries, one kept for transparency. */
const OPAQUE_COLOURS = 255;
/** The sample reads every second pixel of every second row: edges are long, blends repeat. */
const SAMPLE_STEP = 2;
/** Never drawn: the transparent entry's colour, for decoders that show it anyway. */
const UNCHANGED: Colour = [255, 0, 255];

/** The GIF palette of a replay drawn in `colours` (a member's palette; default classic). */
export function gamePalette(samples: readonly Pixels[], colours: Palette = classicColours): GifPalette {
  const known = knownColours(colours);
  const quantized = quantize(sampled(samples), OPAQUE_COLOURS - known.length, { format: 'rgb565' });
  const opaque = [...known];
  for (const colour of quantized) if (!opaque.some((c) => sameColour(c, colour))) opaque.push(colour);
  return { colours: [...opaque, UNCHANGED], opaque, transparentIndex: opaque.length };
}

/**
 * Each colour's palette entry: the nearest opaque colour, found once per colour and kept. Exact
 * colours, not gifenc's applyPalette, whose cache shares one entry among all the colours of an
 * RGB565 bin: there the board's own colour, drawn where an antialiased edge had been, took the
 * entry of that edge's colour and left a faint ghost of every piece that moved away.
 */
export class ColourIndex {
  private readonly known = new Map<number, number>();

  constructor(private readonly palette: GifPalette) {}

  of(red: number, green: number, blue: number): number {
    const key = (red << 16) | (green << 8) | blue;
    let index = this.known.get(key);
    if (index === undefined) {
      index = nearestColorIndex(this.palette.opaque, [red, green, blue]);
      this.known.set(key, index);
    }
    return index;
  }
}

function sampled(samples: readonly Pixels[]): Uint8Array {
  let count = 0;
  for (const p of samples) count += Math.ceil(p.width / SAMPLE_STEP) * Math.ceil(p.height / SAMPLE_STEP);
  const rgba = new Uint8Array(Math.max(1, count) * 4);
  let k = 0;
  for (const p of samples) {
    for (let y = 0; y < p.height; y += SAMPLE_STEP) {
      for (let x = 0; x < p.width; x += SAMPLE_STEP, k += 4) {
        const i = y * p.stride + p.start + 3 * x;
        rgba[k] = p.data[i];
        rgba[k + 1] = p.data[i + 1];
        rgba[k + 2] = p.data[i + 2];
        rgba[k + 3] = 255;
      }
    }
  }
  return rgba;
}

/** The renderer's solid colours, and its translucent ones over each ground they are drawn on. */
export function knownColours(renderColours: Palette = classicColours): Colour[] {
  const known: Colour[] = [];
  const add = (colour: Colour) => {
    if (!known.some((c) => sameColour(c, colour))) known.push(colour);
  };
  const grounds = [
    renderColours.board,
    renderColours.boardDark,
    renderColours.special,
    renderColours.background,
  ];
  for (const text of Object.values(renderColours)) {
    const solid = hexColour(text);
    if (solid) {
      add(solid);
      continue;
    }
    const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(text);
    if (!rgba) throw new Error(`a colour the replay cannot read: ${text}`);
    const alpha = Number(rgba[4]);
    for (const ground of grounds.map(hexColour))
      add(
        [1, 2, 3].map((i) => Math.round(Number(rgba[i]) * alpha + (ground as Colour)[i - 1] * (1 - alpha))),
      );
  }
  return known;
}

function hexColour(text: string): Colour | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  return hex ? [1, 2, 3].map((i) => Number.parseInt(hex[i], 16)) : null;
}

const sameColour = (a: Colour, b: Colour) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
