/** Deflated chunks by name, the least recently used dropped first once they hold more than a budget of bytes. */
import { LRUCache } from 'lru-cache';
import type { DeflateChunk } from './deflate-chunks.ts';

export class DeflateChunkCache {
  private readonly chunks: LRUCache<string, DeflateChunk>;

  constructor(budget: number) {
    this.chunks = new LRUCache({ maxSize: budget, sizeCalculation: sizeOf });
  }

  get(key: string): DeflateChunk | undefined {
    return this.chunks.get(key);
  }

  set(key: string, chunk: DeflateChunk): void {
    // zlib's output is often a view into a larger buffer of its own, which would stay alive with it.
    const deflated =
      chunk.deflated.byteLength < chunk.deflated.buffer.byteLength
        ? Buffer.from(chunk.deflated)
        : chunk.deflated;
    this.chunks.set(key, { ...chunk, deflated });
  }

  clear(): void {
    this.chunks.clear();
  }

  get heldBytes(): number {
    return this.chunks.calculatedSize;
  }
}

/** The deflated bytes, the key (two bytes a character) and about a hundred bytes of objects. */
const sizeOf = (chunk: DeflateChunk, key: string) => chunk.deflated.length + 2 * key.length + 100;
