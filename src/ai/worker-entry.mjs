// The worker's entry point, in plain JavaScript: it registers tsx's loader, then loads the
// TypeScript worker. (A worker given a .ts file directly fails: Node resolves it before any loader runs.)
// Only for the TypeScript sources (tsx, vitest): the compiled bot (dist/) starts dist/src/ai/worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
