/** Deflated pieces by name, the least recently used dropped first once they hold more than a budget of bytes. */
import { LRUCache } from 'lru-cache';
import type { Piece } from './zlib-pieces.ts';

export class PieceCache {
  private readonly pieces: LRUCache<string, Piece>;

  constructor(budget: number) {
    this.pieces = new LRUCache({ maxSize: budget, sizeCalculation: sizeOf });
  }

  get(key: string): Piece | undefined {
    return this.pieces.get(key);
  }

  set(key: string, piece: Piece): void {
    // zlib's output is often a view into a larger chunk buffer, which would stay alive with it.
    const deflated =
      piece.deflated.byteLength < piece.deflated.buffer.byteLength
        ? Buffer.from(piece.deflated)
        : piece.deflated;
    this.pieces.set(key, { ...piece, deflated });
  }

  clear(): void {
    this.pieces.clear();
  }

  get heldBytes(): number {
    return this.pieces.calculatedSize;
  }
}

/** The deflated bytes, the key (two bytes a character) and about a hundred bytes of objects. */
const sizeOf = (piece: Piece, key: string) => piece.deflated.length + 2 * key.length + 100;
