/** `npm run perft -- <variant> <depth>`: leaf count and time from a variant's starting position. */
import { perft, startingPosition } from '../src/engine/core.ts';
import { isVariantId, variantIds } from '../src/engine/index.ts';

const [variant, depthText] = process.argv.slice(2);
const depth = Number(depthText);
if (!variant || !isVariantId(variant) || !Number.isInteger(depth) || depth < 0 || depth > 8) {
  console.error(`usage: npm run perft -- <${variantIds.join('|')}> <depth 0-8>`);
  process.exit(2);
}
const position = startingPosition(variant);
const started = performance.now();
const leaves = perft(position, depth);
const seconds = (performance.now() - started) / 1000;
const rate = seconds > 0 ? `${(leaves / seconds / 1e6).toFixed(1)} million leaves/s` : '';
console.log(
  `perft ${variant} depth ${depth}: ${leaves.toLocaleString('en-US')} leaves in ${seconds.toFixed(3)} s ${rate}`,
);
