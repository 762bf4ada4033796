// The replay worker's entry point, in plain JavaScript: it registers tsx's loader, then loads the
// TypeScript worker (as src/ai/worker-entry.mjs does for the AI's).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
