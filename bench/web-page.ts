/**
 * The web board's page for `npm run bench -- web`: the size of what a browser downloads, and the
 * time from navigation until its board's squares are on the page (each with its click handler) in
 * a real Chromium with the CPU slowed down.
 */
import { gzipSync } from 'node:zlib';
import { buildPage } from '../src/web/page.ts';
import { SESSION_COOKIE } from '../src/web/sessions.ts';
import { hasChromium, launchChromium } from '../test/web/browser.ts';

export interface PageSizes {
  /** Bytes as served (the server sends them uncompressed) and gzipped (level 9), by file. */
  files: { name: string; bytes: number; gzipped: number }[];
}

/** The browser's page as src/web/page.ts builds it: the HTML shell, board.js and board.css. */
export async function pageSizes(): Promise<PageSizes> {
  const page = await buildPage();
  const files = Object.entries({
    'board.js': page.script,
    'board.css': page.style,
    'the HTML shell': page.html,
    'activity.js (the Activity, inside Discord)': page.activityScript,
  }).map(([name, text]) => ({
    name,
    bytes: Buffer.byteLength(text),
    gzipped: gzipSync(text, { level: 9 }).length,
  }));
  return { files };
}

/**
 * In the page before its own scripts: `boardInDomAt`, the time (from navigation) the first square
 * is in the DOM, and `boardShown`, the time the frame that lays it out and paints it is done (a task
 * after that frame). A promise rather than a polled value: the page's policy forbids eval.
 */
const MARK_BOARD_SHOWN = `
  window.boardShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-square]')) return;
      window.boardInDomAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
`;

/**
 * Where a page's time went, from navigation: its HTML received, its script run, its state
 * received, its squares in the DOM.
 */
const STEPS = `(() => {
  const page = performance.getEntriesByType('navigation')[0];
  const state = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/game/'));
  return [page.responseEnd, page.domContentLoadedEventEnd, state ? state.responseEnd : -1, window.boardInDomAt];
})()`;

export interface PageSteps {
  html: number;
  scriptRun: number;
  stateReceived: number;
  boardInDom: number;
}

export type Interactive = { ok: true; ms: number[]; steps: PageSteps[] } | { ok: false; why: string };

/**
 * Milliseconds from navigation until the board's squares are painted, each with its click
 * handler: drawn from the loaded state, then laid out and painted in the next frame. A fresh browser context each run (nothing cached), the
 * session cookie set beforehand as /open would; the first run warms Chromium up and is not counted.
 */
export async function timeToInteractive(
  url: string,
  sessionToken: string,
  cpuSlowdown: number,
  runs: number,
): Promise<Interactive> {
  if (!hasChromium()) return { ok: false, why: 'no Chromium at /usr/bin/chromium' };
  const browser = await launchChromium().catch((error: Error) => error);
  if (browser instanceof Error) return { ok: false, why: `Chromium did not start: ${browser.message}` };
  try {
    const ms: number[] = [];
    const steps: PageSteps[] = [];
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await context.addCookies([{ name: SESSION_COOKIE, value: sessionToken, url: new URL(url).origin }]);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        // Injected by the browser itself, so the page's Content-Security-Policy does not apply.
        await page.addInitScript({ content: MARK_BOARD_SHOWN });
        await page.goto(url);
        const shownAt = await Promise.race([
          page.evaluate('window.boardShown') as Promise<number>,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no board in 30 s')), 30_000).unref(),
          ),
        ]);
        if (run === 0) continue;
        ms.push(shownAt);
        const [html, scriptRun, stateReceived, boardInDom] = (await page.evaluate(STEPS)) as number[];
        steps.push({ html, scriptRun, stateReceived, boardInDom });
      } finally {
        await context.close();
      }
    }
    return { ok: true, ms, steps };
  } finally {
    await browser.close();
  }
}
