/** Deflated pieces by name, the least recently used dropped first once they hold more than a budget of bytes. */
import type { Piece } from './zlib-pieces.ts';

export class PieceCache {
  private readonly pieces = new Map<string, Piece>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): Piece | undefined {
    const piece = this.pieces.get(key);
    if (piece) {
      // A Map iterates in insertion order: moving a piece to the end keeps the order one of use.
      this.pieces.delete(key);
      this.pieces.set(key, piece);
    }
    return piece;
  }

  set(key: string, piece: Piece): void {
    this.delete(key);
    // zlib's output is often a view into a larger chunk buffer, which would stay alive with it.
    const deflated =
      piece.deflated.byteLength < piece.deflated.buffer.byteLength
        ? Buffer.from(piece.deflated)
        : piece.deflated;
    piece = { ...piece, deflated };
    this.pieces.set(key, piece);
    this.bytes += sizeOf(key, piece);
    for (const [oldest] of this.pieces) {
      if (this.bytes <= this.budget) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.pieces.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.pieces.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const piece = this.pieces.get(key);
    if (!piece) return;
    this.pieces.delete(key);
    this.bytes -= sizeOf(key, piece);
  }
}

/** The deflated bytes, the key (two bytes a character) and about a hundred bytes of objects. */
const sizeOf = (key: string, piece: Piece) => piece.deflated.length + 2 * key.length + 100;
