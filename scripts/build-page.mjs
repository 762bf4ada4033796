// Bundles the web board's page (web/board.ts for the browser, web/activity.ts for the Activity inside
// Discord, and web/board.css) into dist/web/, for an image that ships no TypeScript sources (the
// Dockerfile runs it); elsewhere the server bundles web/ at start.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(`${root}dist/web`, { recursive: true });
await build({
  entryPoints: { board: `${root}web/board.ts`, activity: `${root}web/activity.ts` },
  outdir: `${root}dist/web`,
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(`${root}web/board.css`, `${root}dist/web/board.css`);
