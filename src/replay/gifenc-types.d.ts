/** The parts of gifenc (which ships no types) that the replay uses. */
declare module 'gifenc' {
  export type Colour = number[];
  export interface FrameOptions {
    palette?: Colour[];
    /** Milliseconds; written in hundredths of a second. */
    delay?: number;
    transparent?: boolean;
    transparentIndex?: number;
    /** -1 once, 0 forever, n more times. */
    repeat?: number;
    dispose?: number;
    colorDepth?: number;
    first?: boolean;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    readonly buffer: ArrayBuffer;
  }
  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' },
  ): Colour[];
  /** The index of the colour nearest `pixel` (by squared distance in RGB). */
  export function nearestColorIndex(colours: Colour[], pixel: Colour): number;
}
