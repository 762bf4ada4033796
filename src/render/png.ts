/**
 * PNG encoding tuned for board pictures. Skia's encoder (zlib level 6, adaptive filters) took about
 * 35 ms a picture; one deflate of the whole RGBA frame at level 3, no row filter, about 7 ms and
 * 110 KB for a 19x19 board. Now a picture deflates only what earlier pictures did not:
 *
 * - The picture is cut into bands (see bands.ts), each deflated on its own as a chunk of the zlib
 *   stream (see deflate-chunks.ts) and kept under the band's name. A move changes the caption's title
 *   and turn lines and a few ranks: the next picture of the game reuses the other bands' chunks as
 *   they are, and the bands it reuses are neither drawn nor read.
 * - RGB, not RGBA: every pixel is opaque. A quarter fewer bytes to checksum and deflate, and
 *   7% smaller files, for a copy of the caption's pixels instead of a plain copy.
 * - Level 3, as before. On a band, levels 1 and 2 are no faster here and 5-10% larger; cutting
 *   into bands costs 3% in size (113 KB for a 19x19 midgame that made 110 KB deflated whole).
 * - Measured and left: level 1 on the whole frame (a third faster, 10% larger: bands save more);
 *   Z_RLE and Huffman-only (slower, and 12 times the size: unfiltered pixels of several bytes make
 *   few runs of one byte); a palette (antialiasing leaves 1,100 to 1,300 colours in a picture,
 *   more than a palette's 256).
 */
import { crc32 } from 'node:zlib';
import type { Band, Rows } from './bands.ts';
import { DeflateChunkCache } from './deflate-chunk-cache.ts';
import { type DeflateChunk, deflateChunk, zlibStream } from './deflate-chunks.ts';
import type { Frame } from './raster.ts';

const LEVEL = 3;
/** Some 7,000 bands of 4-5 KB (a rank of a 19x19 board): the latest pictures of hundreds of games. */
const BUDGET = 32 * 1024 * 1024;

const kept = new DeflateChunkCache(BUDGET);

/** Forgets every band kept from earlier pictures, for tests and benchmarks of a cold start. */
export function forgetKeptBands(): void {
  kept.clear();
}

export interface BandedPng {
  /** The rows that will be read from the frame, i.e. must be drawn: the bands not kept. */
  toDraw: Rows[];
  /** The PNG of the frame, whose rows to draw have been drawn. */
  encode(frame: Frame): Buffer;
}

export function bandedPng(bands: Band[]): BandedPng {
  // Taken now, so that bands kept when the frame is drawn are still at hand when it is encoded.
  const chunks = bands.map((band) => kept.get(band.name));
  return {
    toDraw: bands.filter((_, i) => !chunks[i]),
    encode(frame) {
      const rowLength = frame.rows.length / frame.height;
      const all = bands.map((band, i) => {
        const chunk = chunks[i];
        if (chunk) return chunk;
        const bytes = frame.rows.subarray(band.top * rowLength, band.bottom * rowLength);
        const deflated = deflateChunk(bytes, LEVEL);
        kept.set(band.name, deflated);
        return deflated;
      });
      return png(frame, all);
    },
  };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(frame: Frame, deflated: DeflateChunk[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(frame.width, 0);
  header.writeUInt32BE(frame.height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    SIGNATURE,
    ...pngChunk('IHDR', [header]),
    ...pngChunk('IDAT', zlibStream(deflated)),
    ...pngChunk('IEND', []),
  ]);
}

function pngChunk(type: string, data: Buffer[]): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(
    data.reduce((length, part) => length + part.length, 0),
    0,
  );
  head.write(type, 4, 'latin1');
  let crc = crc32(head.subarray(4));
  for (const part of data) crc = crc32(part, crc);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc, 0);
  return [head, ...data, tail];
}
