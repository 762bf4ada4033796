/**
 * Adler-32, the checksum that ends a zlib stream, and the checksum of two chunks joined computed
 * from the checksums of the chunks, so that a stream made of cached chunks needs no second pass.
 */
const MOD = 65521;
/**
 * Bytes summed before reducing: the most for which the second sum stays below 2^31, so that V8
 * keeps both sums as small integers (zlib's 5552 would overflow into doubles, three times slower).
 */
const ROUND = 3800;

export function adler32(bytes: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const end = Math.min(i + ROUND, n);
    const eights = end - ((end - i) & 7);
    // Unrolled by eight on purpose, for speed; the loop after it takes the last few bytes.
    for (; i < eights; i += 8) {
      a += bytes[i];
      b += a;
      a += bytes[i + 1];
      b += a;
      a += bytes[i + 2];
      b += a;
      a += bytes[i + 3];
      b += a;
      a += bytes[i + 4];
      b += a;
      a += bytes[i + 5];
      b += a;
      a += bytes[i + 6];
      b += a;
      a += bytes[i + 7];
      b += a;
    }
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * The Adler-32 of bytes X then Y from adler32(X), adler32(Y) and Y's length. Both sums of each start
 * from 1 and 0: A(XY) = A(X) + A(Y) - 1, and B(XY) = B(X) + B(Y) + |Y| (A(X) - 1).
 */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const a1 = first & 0xffff;
  const a = mod(a1 + (second & 0xffff) - 1);
  const b = mod((first >>> 16) + (second >>> 16) + (secondLength % MOD) * (a1 - 1));
  return ((b << 16) | a) >>> 0;
}

const mod = (n: number) => ((n % MOD) + MOD) % MOD;
