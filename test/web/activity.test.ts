/**
 * The web board as a Discord Activity in a real Chromium: framed by a page playing Discord's client
 * (discord-client.ts), the member authorizes, the board signs them in (the code exchanged with the
 * emulator's OAuth2), shows the game of the channel the Activity was opened in, and a move clicked
 * there is played as by /move and appears for a spectator's Activity. A forged or reused code signs
 * nobody in and changes nothing. No cookie is used, and no secret or token is logged.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { createLogger } from '../../src/log.ts';
import { type LiveFeed, redisFeed, startWebBoard, type WebBoard } from '../../src/web/index.ts';
import { fileWorld, gameChannel, tableAt } from '../bot/harness.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { hasChromium, launchChromium } from './browser.ts';
import { type Launch, openActivity } from './discord-client.ts';

const SECRET = 'activity-test-secret-0123456789abcdef';
const SHOTS = '/tmp/web-shots';
// The world's bot publishes its games' changes (its own web board is the browser's, unused here).
const world = fileWorld(1, { web: { port: 0, secret: SECRET } });
const ann = world.user('Ann');
const bob = world.user('Bob');
const carol = world.user('Carol');

let browser: Browser;
let feed: LiveFeed;
let activityBoard: WebBoard;
let boardUrl: string;
const logs: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  // The board with CLIENT_SECRET set: an Activity, its token exchange through the emulator.
  const logger = createLogger({
    level: 'debug',
    secrets: [world.emulator.clientSecret],
    write: (line) => logs.push(line),
  });
  feed = await redisFeed(testRedisUrl, world.namespace, logger);
  const port = await freePort();
  boardUrl = `http://127.0.0.1:${port}`;
  activityBoard = await startWebBoard(
    {
      publicUrl: boardUrl,
      port,
      host: '127.0.0.1',
      secret: SECRET,
      activity: {
        clientId: world.emulator.applicationId,
        clientSecret: world.emulator.clientSecret,
        apiUrl: world.emulator.apiUrl,
      },
    },
    {
      app: world.bots[0].app,
      feed,
      logger,
      onMoved: (played) => world.bots[0].bot.announceWebMove(played),
      onAction: (done) => world.bots[0].bot.announceWebAction(done),
    },
  );
}, 30_000);
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await activityBoard?.close();
  await feed?.close();
});

/** The Activity opened in a browser whose language is `locale` (English unless told). */
async function launch(options: Omit<Launch, 'emulator' | 'boardUrl'>, locale = 'en-US') {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale,
  });
  contexts.push(context);
  const launched = await openActivity(context, { emulator: world.emulator, boardUrl, ...options });
  return { ...launched, context };
}

async function plyStored(channelId: string): Promise<number> {
  const active = await world.bots[0].service.play.board(tableAt(world.emulator, channelId));
  return active?.game.plyCount ?? -1;
}

/** The sign-in as the page sends it, from the Activity's origin: the status and the answer. */
async function signIn(code: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${boardUrl}/api/activity/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: `https://${world.emulator.applicationId}.discordsays.com`,
    },
    body: JSON.stringify({ code, guildId: world.emulator.guildId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A move sent to the server as the Activity's page would, with the session `token` if given. */
async function postMove(
  channelId: string,
  move: { from: string; to: string; ply: number },
  token?: string,
): Promise<{ status: number; body: { code?: string } }> {
  const response = await fetch(`${boardUrl}/api/game/${world.emulator.guildId}/${channelId}/move`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: `https://${world.emulator.applicationId}.discordsays.com`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(move),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as { code?: string } };
}

const textOf = async (frame: Frame, selector: string) => (await frame.textContent(selector)) ?? '';

describe.skipIf(!hasChromium())('the web board as an Activity', () => {
  it("signs the member in through the SDK, shows the channel's game, plays a click a spectator sees, and the spectator studies the game once it is over", async () => {
    const game = new Game('brandubh');
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    // Another game in another channel: the Activity shows the one it was opened in.
    await gameChannel(world, new Game('tablut'), { attackers: bob, defenders: carol });

    const annActivity = await launch({ user: ann, channelId });
    await annActivity.frame.waitForSelector('[data-square]');
    expect(annActivity.commands.slice(0, 2)).toEqual(['AUTHORIZE', 'AUTHENTICATE']);
    expect(await textOf(annActivity.frame, 'h1')).toBe('Brandubh');
    expect(await textOf(annActivity.frame, '.players')).toBe('Ann–Bob');
    expect(await textOf(annActivity.frame, '.role')).toContain('You play the');
    // The session is a token in the page's memory: no cookie anywhere.
    expect(await annActivity.context.cookies()).toEqual([]);

    const carolActivity = await launch({ user: carol, channelId });
    await carolActivity.frame.waitForSelector('[data-square]');
    expect(await textOf(carolActivity.frame, '.role')).toContain('You are watching');
    expect(await carolActivity.frame.$$('.movable')).toHaveLength(0);

    // Ann picks a piece, its destinations are marked, she clicks one: played, posted, seen by Carol.
    const move = game.legalMoves()[0];
    await annActivity.frame.click(`[data-square="${move.from}"]`);
    const marked = await annActivity.frame.$$eval('[data-target]', (cells) =>
      cells.map((cell) => cell.getAttribute('data-square')),
    );
    expect(marked.sort()).toEqual(
      game
        .legalMoves({ from: move.from })
        .map((m) => m.to)
        .sort(),
    );
    const posts = world.emulator.messages(channelId).length;
    await annActivity.frame.click(`[data-square="${move.to}"]`);
    await annActivity.frame.waitForSelector('#situation[data-ply="1"]');
    expect(await plyStored(channelId)).toBe(1);
    await world.emulator.waitFor(() => world.emulator.messages(channelId).length > posts);
    expect(world.emulator.messages(channelId).at(-1)?.content).toContain(move.notation);
    await carolActivity.frame.waitForSelector('#situation[data-ply="1"]');
    expect(await textOf(carolActivity.frame, '#moves')).toContain(move.notation);

    // Bob answers by /move: both Activities show it by themselves.
    game.play(move.notation);
    const answer = game.legalMoves()[0];
    await world.emulator.slash(bob, 'move', { move: answer.notation }, { channelId }).reply();
    await annActivity.frame.waitForSelector('#situation[data-ply="2"]');
    await carolActivity.frame.waitForSelector('#situation[data-ply="2"]');

    // A move sent by hand: without a session it is not signed in; with a spectator's it is refused.
    const carolSession = await signIn(world.emulator.authorize(carol, ['identify', 'guilds.members.read']));
    expect(carolSession.status).toBe(200);
    const next = game.legalMoves().find((candidate) => candidate.notation !== answer.notation)!;
    for (const [session, status, code] of [
      [undefined, 401, undefined],
      [carolSession.body.session as string, 409, 'not-a-player'],
    ] as const) {
      const refused = await postMove(channelId, { from: next.from, to: next.to, ply: 2 }, session);
      expect(refused.status).toBe(status);
      if (code) expect(refused.body.code).toBe(code);
    }
    expect(await plyStored(channelId)).toBe(2);

    // Ann resigns from her Activity; Carol studies the game where she watched it, signed in by token.
    await annActivity.frame.click('[data-action="resign"]');
    await annActivity.frame.click('[data-action="resign"]');
    await carolActivity.frame.waitForSelector('#study');
    await carolActivity.frame.click('#study');
    await expect.poll(() => textOf(carolActivity.frame, '#looking')).toBe('Move 2 of 2');
    await carolActivity.frame.click('.step[aria-label="Previous move"]');
    await expect.poll(() => textOf(carolActivity.frame, '#looking')).toBe('Move 1 of 2');
    expect(await carolActivity.frame.$$('.movable')).not.toHaveLength(0);

    // The client secret and the members' tokens never reach the log.
    const logged = logs.join('\n');
    expect(logged).not.toContain(world.emulator.clientSecret);
    for (const code of [...annActivity.codes, ...carolActivity.codes]) expect(logged).not.toContain(code);
  }, 120_000);

  it('refuses a forged or reused code, and changes nothing', async () => {
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    const first = await launch({ user: ann, channelId });
    await first.frame.waitForSelector('[data-square]');
    const used = first.codes[0];
    const exchanged = world.emulator.oauth2.exchanged;

    // Discord's client hands the page a forged code, then a used one: no board, a reason instead.
    for (const code of ['forged0forged0forged0forged0ab', used]) {
      const activity = await launch({ user: bob, channelId, code: () => code });
      await activity.frame.locator('.notice', { hasText: 'Discord did not confirm who you are' }).waitFor();
      expect(await activity.frame.$$('[data-square]')).toHaveLength(0);
      expect(activity.commands).not.toContain('AUTHENTICATE');
    }
    // Sent straight to the server, the same: 401, no session, no token.
    for (const code of [used, 'forged0forged0forged0forged0ab'])
      expect(await signIn(code)).toEqual({
        status: 401,
        body: { error: expect.stringContaining('Discord did not confirm'), code: 'code-refused' },
      });
    expect(world.emulator.oauth2.exchanged).toBe(exchanged);
    expect(await plyStored(channelId)).toBe(0);

    // A member who left the server is refused even with a good code.
    const dave = world.emulator.addUser('Dave');
    world.emulator.removeMember(dave);
    expect(await signIn(world.emulator.authorize(dave, ['identify', 'guilds.members.read']))).toMatchObject({
      status: 403,
      body: { code: 'not-a-member' },
    });
  }, 60_000);

  it("tells of a refused sign-in in the member's language, picked by the page before sign-in", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    const forged = () => 'forged0forged0forged0forged0cd';
    const german = await launch(
      { user: bob, channelId, code: forged, viewport: { width: 360, height: 740 } },
      'de-DE',
    );
    const notice = german.frame.locator('.notice', { hasText: 'Discord hat nicht bestätigt, wer du bist' });
    await notice.waitFor();
    expect(await german.frame.$$('[data-square]')).toHaveLength(0);
    const overflow = await german.frame.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await german.page.screenshot({ path: `${SHOTS}/activity-refused-de-360.png` });

    // A language without a catalogue reads English; Discord's Norwegian (no) reads Bokmål.
    for (const [locale, text] of [
      ['hu-HU', 'Discord did not confirm who you are'],
      ['no', 'Discord bekreftet ikke hvem du er'],
    ]) {
      const activity = await launch({ user: bob, channelId, code: forged }, locale);
      await activity.frame.locator('.notice', { hasText: text }).waitFor();
    }
  }, 60_000);

  it('signs in again without a dialog when its session has gone, and signs out by closing', async () => {
    const game = new Game('brandubh');
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    contexts.push(context);
    const signedIn = context.waitForEvent('response', (response) =>
      response.url().endsWith('/api/activity/token'),
    );
    const activity = await openActivity(context, {
      emulator: world.emulator,
      boardUrl,
      user: ann,
      channelId,
    });
    const { session } = (await (await signedIn).json()) as { session: string };
    await activity.frame.waitForSelector('[data-square]');

    // The session ends elsewhere (as after a day): Ann's next click signs her in again and plays.
    const ended = await fetch(`${boardUrl}/signout`, {
      method: 'POST',
      headers: {
        Origin: `https://${world.emulator.applicationId}.discordsays.com`,
        Authorization: `Bearer ${session}`,
      },
    });
    expect(ended.status).toBe(200);
    expect((await postMove(channelId, { from: 'a1', to: 'a2', ply: 0 }, session)).status).toBe(401);
    const move = game.legalMoves()[0];
    await activity.frame.click(`[data-square="${move.from}"]`);
    await activity.frame.click(`[data-square="${move.to}"]`);
    await activity.frame.waitForSelector('#situation[data-ply="1"]');
    expect(activity.codes).toHaveLength(2);
    expect(await plyStored(channelId)).toBe(1);

    // Sign out: the session ends and the Activity asks Discord to close it.
    await activity.frame.click('.sign-out');
    await world.emulator.waitFor(() => activity.commands.includes('CLOSE'));
  }, 60_000);

  it('draws the board inside Discord at 360 and 1280 px', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const game = new Game('copenhagen');
    for (let ply = 0; ply < 4; ply++) game.play(game.legalMoves()[ply * 3].notation);
    const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
    for (const [width, height] of [
      [360, 740],
      [1280, 900],
    ]) {
      const activity = await launch({ user: ann, channelId, viewport: { width, height } });
      await activity.frame.waitForSelector('[data-square]');
      const from = await activity.frame.getAttribute('.movable', 'data-square');
      if (from) await activity.frame.click(`[data-square="${from}"]`);
      const overflow = await activity.frame.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await activity.page.screenshot({ path: `${SHOTS}/activity-${width}.png` });
      await activity.context.close();
    }
  }, 60_000);
});

/** A port nothing listens on now, for the board that must know its address before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
