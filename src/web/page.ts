/**
 * The page: an HTML shell, a stylesheet and two scripts, bundled by esbuild from web/ when the
 * server starts (or, in an image, read as bundled at build time from dist/web/) and served from
 * memory: board.js for the browser, activity.js (the board and the Embedded App SDK) inside
 * Discord. The shells carry no inline script (the Content-Security-Policy allows none); the
 * browser's script reads the table from the address, the Activity's from the SDK. The Activity's
 * shell holds data only: the application (its client id) in a meta tag, and its sign-in notices in
 * every language as JSON, since before sign-in the page cannot ask the server for the member's.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const COMPILED = !import.meta.url.endsWith('.ts');
const PAGE_DIR = fileURLToPath(new URL(COMPILED ? '../../../web/' : '../../web/', import.meta.url));

/** The page's two entry points, by the name of the script each becomes. */
export const PAGE_ENTRIES = { board: 'board.ts', activity: 'activity.ts' } as const;

export interface Page {
  html: string;
  script: string;
  style: string;
  activityScript: string;
  /** The Activity's shell, for the application `clientId`, with `signInWords` for its page. */
  activityHtml(clientId: string, signInWords: unknown): string;
}

/** Where an image keeps the page bundled at build time (scripts/build-page.mjs): dist/web/. */
const BUNDLED_DIR = COMPILED ? fileURLToPath(new URL('../../web/', import.meta.url)) : null;

export async function buildPage(): Promise<Page> {
  if (BUNDLED_DIR && existsSync(`${BUNDLED_DIR}board.js`) && existsSync(`${BUNDLED_DIR}activity.js`)) {
    return page(
      await readFile(`${BUNDLED_DIR}board.js`, 'utf8'),
      await readFile(`${BUNDLED_DIR}activity.js`, 'utf8'),
      await readFile(`${BUNDLED_DIR}board.css`, 'utf8'),
    );
  }
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: Object.fromEntries(
      Object.entries(PAGE_ENTRIES).map(([name, file]) => [name, `${PAGE_DIR}${file}`]),
    ),
    outdir: '/page',
    bundle: true,
    write: false,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = (name: string) => bundled.outputFiles.find((file) => file.path === `/page/${name}.js`)?.text;
  return page(
    script('board') ?? '',
    script('activity') ?? '',
    await readFile(`${PAGE_DIR}board.css`, 'utf8'),
  );
}

function page(script: string, activityScript: string, style: string): Page {
  return {
    html: shell('/board.js'),
    script,
    style,
    activityScript,
    activityHtml: (clientId, signInWords) =>
      shell(
        '/activity.js',
        `<meta name="discord-client-id" content="${clientId.replace(/\D/g, '')}">\n` +
          `<script type="application/json" id="sign-in-words">${scriptJson(signInWords)}</script>\n`,
      ),
  };
}

/** JSON that cannot end its <script> element or open a comment in it: <, > and & as escapes. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const shell = (script: string, meta = '') => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
${meta}<title>Tafl</title>
<link rel="stylesheet" href="/board.css">
<script type="module" src="${script}"></script>
</head>
<body>
<main id="app" aria-live="polite"></main>
</body>
</html>
`;
