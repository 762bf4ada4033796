// The worker's entry point, in plain JavaScript: it registers tsx's loader, then loads the
// TypeScript worker. (A worker given a .ts file directly fails: Node resolves it before any loader runs.)
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
