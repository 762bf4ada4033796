/**
 * One zlib stream made of chunks deflated separately. Each chunk is raw deflate with no history
 * before it, ending in a sync flush: an empty stored block, so the chunk ends on a byte boundary
 * and no block of it is final. Chunks can therefore be deflated once, kept, and laid end to end
 * in any order: the stream is a zlib header, the chunks, a final empty block, and the Adler-32 of
 * everything, combined from the chunks' own.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { adler32, adler32Combine } from './adler32.ts';

export interface DeflateChunk {
  deflated: Buffer;
  /** Adler-32 and length of the bytes the chunk inflates to. */
  adler: number;
  length: number;
}

export function deflateChunk(bytes: Buffer, level: number): DeflateChunk {
  return {
    deflated: deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    adler: adler32(bytes),
    length: bytes.length,
  };
}

/** Deflate, 32 KB window; no preset dictionary; the check bits make the pair a multiple of 31. */
const HEADER = Buffer.from([0x78, 0x01]);
/** A final block of fixed codes holding only the end-of-block code. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The zlib stream of the chunks, as the buffers to write one after another. */
export function zlibStream(chunks: DeflateChunk[]): Buffer[] {
  let adler = 1;
  for (const chunk of chunks) adler = adler32Combine(adler, chunk.adler, chunk.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  return [HEADER, ...chunks.map((chunk) => chunk.deflated), LAST_BLOCK, trailer];
}
