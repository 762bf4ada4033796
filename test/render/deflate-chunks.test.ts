import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine } from '../../src/render/adler32.ts';
import { DeflateChunkCache } from '../../src/render/deflate-chunk-cache.ts';
import { deflateChunk, zlibStream } from '../../src/render/deflate-chunks.ts';

/** Adler-32 as RFC 1950 defines it, reducing after every byte. */
function referenceAdler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 that zlib writes at the end of its stream. */
const zlibAdler32 = (bytes: Uint8Array) =>
  deflateSync(bytes, { level: 1 }).readUInt32BE(deflateSync(bytes, { level: 1 }).length - 4);

describe('adler32', () => {
  it('matches the definition and zlib, at the lengths where its sums are reduced and with the largest bytes', () => {
    const lengths = [0, 1, 7, 8, 9, 3799, 3800, 3801, 5552, 7600, 7601, 65521, 100_000];
    for (const length of lengths) {
      for (const bytes of [randomBytes(length), Buffer.alloc(length, 0xff)]) {
        expect(adler32(bytes), `${length} bytes`).toBe(referenceAdler32(bytes));
        expect(adler32(bytes), `${length} bytes`).toBe(zlibAdler32(bytes));
      }
    }
  });

  it('continues from a given checksum as if the bytes were one', () => {
    const bytes = randomBytes(20_000);
    expect(adler32(bytes.subarray(7000), adler32(bytes.subarray(0, 7000)))).toBe(referenceAdler32(bytes));
  });

  it('combines the checksums of two chunks into that of both, at any split', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.nat(), (bytes, at) => {
        const split = bytes.length === 0 ? 0 : at % (bytes.length + 1);
        const first = bytes.subarray(0, split);
        const second = bytes.subarray(split);
        expect(adler32Combine(adler32(first), adler32(second), second.length)).toBe(referenceAdler32(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('combines chunks longer than the modulus, and full of 0xff', () => {
    const first = Buffer.alloc(70_000, 0xff);
    const second = Buffer.concat([randomBytes(140_000), Buffer.alloc(65_521, 0xff)]);
    const both = Buffer.concat([first, second]);
    expect(adler32Combine(adler32(first), adler32(second), second.length)).toBe(zlibAdler32(both));
  });
});

describe('a zlib stream of chunks deflated separately', () => {
  it('inflates, checksum included, to the chunks’ bytes in order, however they were cut', () => {
    const bytes = Buffer.concat([randomBytes(50_000), Buffer.alloc(200_000, 7), randomBytes(30_000)]);
    for (const cuts of [[], [1], [100, 49_999, 50_001], [0, 0, 280_000], [3, 77_777, 150_000, 250_000]]) {
      const edges = [0, ...cuts, bytes.length];
      const chunks = edges.slice(1).map((end, i) => deflateChunk(bytes.subarray(edges[i], end), 3));
      const stream = Buffer.concat(zlibStream(chunks));
      expect(inflateSync(stream).equals(bytes), `cut at ${cuts}`).toBe(true);
    }
  });

  it('lets a chunk be reused in another stream, in another place', () => {
    const a = randomBytes(10_000);
    const b = Buffer.alloc(40_000, 3);
    const [chunkA, chunkB] = [deflateChunk(a, 3), deflateChunk(b, 3)];
    expect(
      inflateSync(Buffer.concat(zlibStream([chunkB, chunkA, chunkB]))).equals(Buffer.concat([b, a, b])),
    ).toBe(true);
  });

  it('is refused by inflate when the checksum is wrong', () => {
    const stream = Buffer.concat(zlibStream([deflateChunk(randomBytes(1000), 3)]));
    stream[stream.length - 1] ^= 1;
    expect(() => inflateSync(stream)).toThrow(/check/);
  });
});

describe('the deflate chunk cache', () => {
  const chunk = (size: number) => deflateChunk(randomBytes(size), 3);

  it('drops the least recently used chunks once over its budget', () => {
    const cache = new DeflateChunkCache(3 * 1300);
    cache.set('a', chunk(1000));
    cache.set('b', chunk(1000));
    cache.set('c', chunk(1000));
    expect(cache.get('a')).toBeDefined();
    cache.set('d', chunk(1000));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.heldBytes).toBeLessThanOrEqual(3 * 1300);
  });

  it('keeps a chunk in a buffer of its own size, not in zlib’s larger buffer', () => {
    const cache = new DeflateChunkCache(1 << 20);
    const small = deflateChunk(Buffer.alloc(100_000, 1), 3);
    expect(small.deflated.buffer.byteLength).toBeGreaterThan(small.deflated.length);
    cache.set('small', small);
    const kept = cache.get('small');
    expect(kept?.deflated.equals(small.deflated)).toBe(true);
    expect(kept?.deflated.buffer.byteLength).toBeLessThan(small.deflated.buffer.byteLength);
  });
});
