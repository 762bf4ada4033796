/** A real Chromium (Debian's package), driven by playwright-core, for the web board's tests, and their pages. */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import * as vitest from 'vitest';
import { expect } from 'vitest';
import { buttonIds, type World } from '../bot/harness.ts';
import type { EmulatedUser } from '../discord-emulator/index.ts';

export const CHROMIUM = '/usr/bin/chromium';

export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * The browser of a test file's pages: launched before its tests, each page in a context of its own
 * (its own cookies), every context closed after each test (before the file's worlds close, when
 * registered after them) and the browser after the file.
 */
export function browserPages() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  vitest.beforeAll(async () => {
    browser = await launchChromium();
  }, 30_000);
  vitest.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
  });
  vitest.afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A page of its own (cookies and all) at `width` x `height`, in the browser's `locale` if given. */
    async page(width = 1280, height = 900, locale?: string): Promise<Page> {
      if (!browser) throw new Error('the browser is not launched yet: ask for pages inside tests');
      const context = await browser.newContext({
        viewport: { width, height },
        ...(locale ? { locale } : {}),
      });
      contexts.push(context);
      return context.newPage();
    },
    /** A page that opens `link` and waits for the board's squares. */
    async board(link: string, width = 1280, height = 900): Promise<Page> {
      const page = await this.page(width, height);
      await page.goto(link);
      await page.waitForSelector('[data-square]');
      return page;
    },
  };
}

/**
 * The personal link the Web board button under /board answers `user` with, privately, pointed at
 * bot process `process`'s web board.
 */
export async function webLink(
  world: World,
  user: EmulatedUser,
  channelId: string,
  process = 0,
): Promise<string> {
  const board = await world.emulator.slash(user, 'board', {}, { channelId }).reply();
  expect(buttonIds(board)).toContain('board:web');
  const answer = await world.emulator.clickButton(user, board, 'board:web').reply();
  expect(answer.ephemeral).toBe(true);
  const url = /(http:\/\/\S+\/open\?token=\S+)/.exec(answer.content)?.[1];
  if (!url) throw new Error(`no link in "${answer.content}"`);
  const web = (index: number) => world.bots[index].web?.publicUrl ?? '';
  return url.replace(web(0), web(process));
}
