/**
 * gifenc, loaded as the CommonJS module Node resolves it to everywhere (tsx, vitest, compiled):
 * imported as ES it offers named exports to bundlers but only a default export to Node.
 */
import { createRequire } from 'node:module';

const gifenc = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

export const { GIFEncoder, quantize, nearestColorIndex } = gifenc;
export type { Colour, Encoder } from 'gifenc';
