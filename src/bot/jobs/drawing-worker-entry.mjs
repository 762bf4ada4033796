// The drawing thread's entry point, in plain JavaScript: it registers tsx's loader, then loads the
// TypeScript worker (as src/ai/worker-entry.mjs does for the AI's). Only for the TypeScript sources
// (tsx, vitest): the compiled bot (dist/) starts drawing-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./drawing-worker.ts');
