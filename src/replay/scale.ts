/**
 * Smaller pictures for a replay that would not fit at full size: each target pixel the average of
 * the source area it covers. Only rows whose source rows changed since the last picture are
 * computed again, as little of a board changes from one move to the next.
 */
import { blankPixels, type Pixels, rowDiffers } from './pixels.ts';

/** For each target index along one axis: the first source index it covers and the weight of each. */
interface Axis {
  first: Int32Array;
  count: Int32Array;
  /** `count[t]` weights from `offset[t]`, summing to 1. */
  offset: Int32Array;
  weights: Float64Array;
}

function axis(source: number, target: number): Axis {
  const ratio = source / target;
  const first = new Int32Array(target);
  const count = new Int32Array(target);
  const offset = new Int32Array(target);
  const weights: number[] = [];
  for (let t = 0; t < target; t++) {
    const start = t * ratio;
    const end = Math.min(source, (t + 1) * ratio);
    first[t] = Math.floor(start);
    offset[t] = weights.length;
    for (let s = first[t]; s < end; s++) {
      const covered = Math.min(end, s + 1) - Math.max(start, s);
      if (covered <= 1e-9) continue;
      weights.push(covered / ratio);
      count[t]++;
    }
  }
  return { first, count, offset, weights: Float64Array.from(weights) };
}

export class Downscaler {
  readonly target: Pixels;
  private readonly across: Axis;
  private readonly down: Axis;
  private previous: Pixels | null = null;
  /** One source row resampled across, per channel. */
  private readonly row: Float64Array;
  private readonly sum: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
    scale: number,
  ) {
    const targetWidth = Math.max(1, Math.round(width * scale));
    const targetHeight = Math.max(1, Math.round(height * scale));
    this.target = blankPixels(targetWidth, targetHeight);
    this.across = axis(width, targetWidth);
    this.down = axis(height, targetHeight);
    this.row = new Float64Array(targetWidth * 3);
    this.sum = new Float64Array(targetWidth * 3);
  }

  /**
   * Brings the target up to `source`, a picture of the size given, which must not change
   * afterwards (the next call compares with it). Returns the target.
   */
  update(source: Pixels): Pixels {
    if (source.width !== this.width || source.height !== this.height) throw new Error('picture size changed');
    const previous = this.previous;
    const dirty = new Uint8Array(source.height);
    for (let y = 0; y < source.height; y++) dirty[y] = !previous || rowDiffers(previous, source, y) ? 1 : 0;
    const { first, count, offset, weights } = this.down;
    for (let t = 0; t < this.target.height; t++) {
      let changed = false;
      for (let k = 0; k < count[t] && !changed; k++) changed = dirty[first[t] + k] === 1;
      if (!changed) continue;
      this.sum.fill(0);
      for (let k = 0; k < count[t]; k++) {
        this.resampleRow(source, first[t] + k);
        const weight = weights[offset[t] + k];
        for (let i = 0; i < this.sum.length; i++) this.sum[i] += weight * this.row[i];
      }
      const at = t * this.target.stride;
      for (let i = 0; i < this.sum.length; i++) this.target.data[at + i] = Math.round(this.sum[i]);
    }
    this.previous = source;
    return this.target;
  }

  private resampleRow(source: Pixels, y: number): void {
    const { first, count, offset, weights } = this.across;
    const { data } = source;
    const rowStart = y * source.stride + source.start;
    for (let t = 0; t < first.length; t++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < count[t]; k++) {
        const weight = weights[offset[t] + k];
        const i = rowStart + 3 * (first[t] + k);
        r += weight * data[i];
        g += weight * data[i + 1];
        b += weight * data[i + 2];
      }
      this.row[3 * t] = r;
      this.row[3 * t + 1] = g;
      this.row[3 * t + 2] = b;
    }
  }
}
