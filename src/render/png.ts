/**
 * PNG encoding tuned for board pictures. Skia's encoder (zlib level 6 with adaptive filters) takes
 * about 35 ms for one picture here; the board's large flat areas compress nearly as well with no
 * row filter and a fast zlib level, in a fraction of the time. The frame's rows are already PNG
 * scanlines, so encoding is one deflate and four chunks.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Frame } from './raster.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LEVEL = 3;

export function encodePng(frame: Frame): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(frame.width, 0);
  header.writeUInt32BE(frame.height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(frame.rows, { level: LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}
