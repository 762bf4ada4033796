/**
 * One zlib stream made of pieces deflated separately. Each piece is raw deflate with no history
 * before it, ending in a sync flush: an empty stored block, so the piece ends on a byte boundary
 * and no block of it is final. Pieces can therefore be deflated once, kept, and laid end to end
 * in any order: the stream is a zlib header, the pieces, a final empty block, and the Adler-32 of
 * everything, combined from the pieces' own.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { adler32, adler32Combine } from './adler32.ts';

export interface Piece {
  deflated: Buffer;
  /** Adler-32 and length of the bytes the piece inflates to. */
  adler: number;
  length: number;
}

export function deflatePiece(bytes: Buffer, level: number): Piece {
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

/** The zlib stream of the pieces, as the buffers to write one after another. */
export function zlibStream(pieces: Piece[]): Buffer[] {
  let adler = 1;
  for (const piece of pieces) adler = adler32Combine(adler, piece.adler, piece.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  return [HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer];
}
