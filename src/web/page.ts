/**
 * The page: an HTML shell, a stylesheet and one script, bundled by esbuild from web/ when the
 * server starts (or, in an image, read as bundled at build time from dist/web/) and served from memory. The shell carries no data and no inline script (the
 * Content-Security-Policy allows none); the script reads the table from the address.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const COMPILED = !import.meta.url.endsWith('.ts');
const PAGE_DIR = fileURLToPath(new URL(COMPILED ? '../../../web/' : '../../web/', import.meta.url));

export interface Page {
  html: string;
  script: string;
  style: string;
}

/** Where an image keeps the page bundled at build time (scripts/build-page.mjs): dist/web/. */
const BUNDLED_DIR = COMPILED ? fileURLToPath(new URL('../../web/', import.meta.url)) : null;

export async function buildPage(): Promise<Page> {
  if (BUNDLED_DIR && existsSync(`${BUNDLED_DIR}board.js`)) {
    return {
      html: SHELL,
      script: await readFile(`${BUNDLED_DIR}board.js`, 'utf8'),
      style: await readFile(`${BUNDLED_DIR}board.css`, 'utf8'),
    };
  }
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: [`${PAGE_DIR}board.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return {
    html: SHELL,
    script: bundled.outputFiles[0].text,
    style: await readFile(`${PAGE_DIR}board.css`, 'utf8'),
  };
}

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Tafl</title>
<link rel="stylesheet" href="/board.css">
<script type="module" src="/board.js"></script>
</head>
<body>
<main id="app" aria-live="polite"></main>
</body>
</html>
`;
