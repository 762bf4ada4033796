/**
 * The web board in a real Chromium, against the bot, the Discord emulator and Redis: opened from
 * the Web board button, played by clicking while the other player uses /move, kept live across
 * two bot processes, closed to spectators' moves and to forged or expired links.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Game, type VariantId } from '../../src/engine/index.ts';
import { LinkSigner } from '../../src/web/index.ts';
import { fileWorld, gameChannel, tableAt } from '../bot/harness.ts';
import { browserPages, hasChromium, webLink } from './browser.ts';

const SECRET = 'web-board-test-secret-0123456789abcdef';
const SHOTS = '/tmp/web-shots';
const world = fileWorld(2, { web: { port: 0, secret: SECRET } });
const ann = world.user('Ann');
const bob = world.user('Bob');
const carol = world.user('Carol');
const kenji = world.user('Kenji', { locale: 'ja' });

const pages = browserPages();
const openBoard = (link: string, width?: number, height?: number) => pages.board(link, width, height);

/** A move sent by hand from the page's session, as a forged click would: the answer's status and body. */
function postMove(
  page: Page,
  move: { from: string; to: string },
  ply: number,
): Promise<{ status: number; body: { code?: string; error?: string } }> {
  const body = JSON.stringify({ from: move.from, to: move.to, ply });
  return page.evaluate(`(async () => {
    const [, , guild, channel] = location.pathname.split('/');
    const response = await fetch('/api/game/' + guild + '/' + channel + '/move', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(body)},
    });
    return { status: response.status, body: await response.json() };
  })()`);
}

async function plyStored(channelId: string): Promise<number> {
  const active = await world.bots[0].service.play.board(tableAt(world.emulator, channelId));
  return active?.game.plyCount ?? -1;
}

describe.skipIf(!hasChromium())('web board', () => {
  it('plays by clicking while the other player uses /move, live on every board, spectators only watch', async () => {
    const game = new Game('brandubh');
    const players =
      game.turn === 'attackers' ? { attackers: ann, defenders: bob } : { attackers: bob, defenders: ann };
    const channelId = await gameChannel(world, new Game('brandubh'), players);
    // Ann opens her link on process 0's board; Carol (no player) watches on process 1's.
    const annPage = await openBoard(
      (await webLink(world, ann, channelId)).replace(
        /:\d+\//,
        `:${new URL(world.bots[0].web!.publicUrl).port}/`,
      ),
    );
    const carolLink = await webLink(world, carol, channelId);
    const carolPage = await openBoard(
      carolLink.replace(world.bots[0].web!.publicUrl, world.bots[1].web!.publicUrl),
    );
    expect(await annPage.textContent('.role')).toContain('You play the');
    expect(await carolPage.textContent('.role')).toContain('You are watching');

    // If Bob moves first, he does so by /move, and Ann's board shows it by itself.
    if (players.attackers === bob) {
      const first = game.legalMoves()[0];
      game.play(first.notation);
      await world.emulator.slash(bob, 'move', { move: first.notation }, { channelId }).reply();
      await annPage.waitForSelector('#situation[data-ply="1"]');
    }

    for (let round = 0; round < 2; round++) {
      // Ann: pick a piece, its destinations are marked, click one.
      const move = game.legalMoves().find((candidate) => candidate.from !== candidate.to)!;
      const before = game.plyCount;
      await annPage.click(`[data-square="${move.from}"]`);
      const marked = await annPage.$$eval('[data-target]', (cells) =>
        cells.map((cell) => cell.getAttribute('data-square')),
      );
      expect(marked.sort()).toEqual(
        game
          .legalMoves({ from: move.from })
          .map((m) => m.to)
          .sort(),
      );
      const posts = world.emulator.messages(channelId).length;
      await annPage.click(`[data-square="${move.to}"]`);
      game.play(move.notation);
      await annPage.waitForSelector(`#situation[data-ply="${before + 1}"]`);
      expect(await plyStored(channelId)).toBe(before + 1);
      // The channel gets the usual board message, and the spectator's board follows by itself.
      await world.emulator.waitFor(() => world.emulator.messages(channelId).length > posts);
      expect(world.emulator.messages(channelId).at(-1)?.content).toContain(move.notation);
      await carolPage.waitForSelector(`#situation[data-ply="${before + 1}"]`);
      expect(await annPage.textContent('#moves')).toContain(move.notation);

      // Bob answers by /move: Ann's and Carol's boards show it without a click.
      const answer = game.legalMoves()[0];
      game.play(answer.notation);
      const reply = await world.emulator.slash(bob, 'move', { move: answer.notation }, { channelId }).reply();
      expect(reply.ephemeral).toBe(false);
      await annPage.waitForSelector(`#situation[data-ply="${before + 2}"]`);
      await carolPage.waitForSelector(`#situation[data-ply="${before + 2}"]`);
      expect(await annPage.getAttribute(`[data-square="${answer.to}"]`, 'class')).toContain('last');
    }

    // A spectator's board offers no move, and a move sent by hand is refused; nothing changed.
    expect(await carolPage.$$('.movable')).toHaveLength(0);
    const ply = await plyStored(channelId);
    const move = game.legalMoves()[0];
    const refused = await postMove(carolPage, move, ply);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('not-a-player');
    expect(await plyStored(channelId)).toBe(ply);

    // A move meant for a position the board no longer shows is refused too (stale ply).
    const stale = await postMove(annPage, move, ply - 1);
    expect(stale.status).toBe(409);
    expect(await plyStored(channelId)).toBe(ply);
  }, 120_000);

  it('refuses a forged, altered or expired link, and a page without a session', async () => {
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    const base = world.bots[0].web!.publicUrl;
    const link = await webLink(world, ann, channelId);
    const token = new URL(link).searchParams.get('token')!;
    const [body, signature] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherMember = Buffer.from(JSON.stringify({ ...claim, memberId: bob.id })).toString('base64url');
    const expired = new LinkSigner(SECRET, base).link(
      { memberId: ann.id, name: 'Ann', guildId: claim.guildId, channelId, locale: 'en-US' },
      Date.now() - 11 * 60_000,
    );
    const forged = new LinkSigner('another-secret-that-is-long-enough-000', base).link(
      { memberId: ann.id, name: 'Ann', guildId: claim.guildId, channelId, locale: 'en-US' },
      Date.now(),
    );
    const page = await pages.page();
    for (const bad of [
      `${base}/open?token=${otherMember}.${signature}`,
      expired,
      forged,
      `${base}/open?token=nonsense`,
    ]) {
      const response = await page.goto(bad);
      expect(response?.status()).toBe(403);
      expect(await page.context().cookies()).toHaveLength(0);
    }
    const without = await page.goto(`${base}/game/${claim.guildId}/${channelId}`);
    expect(without?.status()).toBe(401);
    expect(await plyStored(channelId)).toBe(0);
  }, 60_000);

  it('ticks the clocks, and the players give time, draw, take back and resign from the page, as by command', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const channelId = world.emulator.createChannel('web-actions');
    await world.emulator.waitFor(() =>
      world.bots.every((bot) => bot.bot.client.channels.cache.has(channelId)),
    );
    const { service } = world.bots[0];
    const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
    const start = (clock: { fischer?: { mainMs: number; incrementMs: number }; perMoveMs?: number }) =>
      service.lifecycle.startGame({
        guildId: world.emulator.guildId,
        channelId,
        players,
        game: new Game('brandubh'),
        ...clock,
      });
    const DAY = 24 * 60 * 60 * 1000;
    expect((await start({ fischer: { mainMs: DAY, incrementMs: 6 * 60 * 60 * 1000 } })).ok).toBe(true);
    const annPage = await openBoard(await webLink(world, ann, channelId));
    const bobPage = await openBoard(await webLink(world, bob, channelId), 360, 740);
    const carolPage = await openBoard(await webLink(world, carol, channelId));
    const lastPost = () => world.emulator.messages(channelId).at(-1)?.content ?? '';

    // Ann's clock runs (the attackers move first) and ticks by itself; Bob's stands at his full day.
    const running = '[data-clock="attackers"].running';
    await annPage.waitForSelector(running);
    const shown = (await annPage.textContent(running)) ?? '';
    await expect
      .poll(() => annPage.textContent('[data-clock="attackers"]'), { timeout: 5000 })
      .not.toBe(shown);
    expect(await annPage.textContent('[data-clock="defenders"]')).toBe('1d 00:00');
    expect(await carolPage.$('.actions')).toBeNull();

    // Bob gives Ann a day: her clock shows it, and the channel is told as by /moretime.
    await bobPage.click('[data-action="more-time"]');
    await expect
      .poll(() => annPage.textContent('[data-clock="attackers"]'), { timeout: 5000 })
      .toMatch(/^1d 23:/);
    await world.emulator.waitFor(() => lastPost().includes('**Bob** gave **Ann** 1 day more.'));
    await bobPage.screenshot({ path: `${SHOTS}/actions-360.png`, fullPage: true });

    // Ann offers a draw; Bob's board offers him to accept it, and he does.
    await annPage.click('[data-action="draw"]');
    await annPage.waitForSelector('.actions button:disabled');
    await world.emulator.waitFor(() => lastPost().includes('offers a draw'));
    await bobPage.waitForSelector('[data-action="draw"].primary');
    await bobPage.click('[data-action="draw"].primary');
    await expect.poll(() => annPage.textContent('#situation'), { timeout: 5000 }).toMatch(/^Drawn/);
    expect(await service.play.board(tableAt(world.emulator, channelId))).toBeNull();
    expect(await annPage.$('.actions')).toBeNull();

    // A new game, a day a move: Ann moves by clicking, then asks to take it back; Bob grants it.
    expect((await start({ perMoveMs: DAY })).ok).toBe(true);
    await annPage.reload();
    await annPage.waitForSelector('.movable');
    const game = new Game('brandubh');
    const move = game.legalMoves()[0];
    await annPage.click(`[data-square="${move.from}"]`);
    await annPage.click(`[data-square="${move.to}"]`);
    await annPage.waitForSelector('#situation[data-ply="1"]');
    await annPage.click('[data-action="undo"]');
    await world.emulator.waitFor(() => lastPost().includes('take back'));
    await bobPage.reload();
    await bobPage.click('[data-action="accept-undo"]');
    // The board goes back a ply, on every page: a take-back is news, not a late message.
    await annPage.waitForSelector('#situation[data-ply="0"]');
    await carolPage.waitForSelector('#situation[data-ply="0"]');
    expect(await plyStored(channelId)).toBe(0);

    // Ann resigns: the button asks once more, then the game is Bob's, here and in the channel.
    await annPage.click('[data-action="resign"]');
    expect(await annPage.textContent('[data-action="resign"]')).toBe('Resign? Click again');
    expect(await plyStored(channelId)).toBe(0);
    await annPage.screenshot({ path: `${SHOTS}/actions-1280.png`, fullPage: true });
    await annPage.click('[data-action="resign"]');
    await expect.poll(() => annPage.textContent('#situation'), { timeout: 5000 }).toContain('won');
    await world.emulator.waitFor(() => lastPost().includes('**Bob** (defenders) wins'));
    expect(await service.play.board(tableAt(world.emulator, channelId))).toBeNull();
  }, 120_000);

  it('a player going on vacation, and a moderator’s abort, show on open boards by themselves', async () => {
    const channelId = world.emulator.createChannel('web-told');
    await world.emulator.waitFor(() =>
      world.bots.every((bot) => bot.bot.client.channels.cache.has(channelId)),
    );
    const started = await world.bots[0].service.lifecycle.startGame({
      guildId: world.emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('brandubh'),
      perMoveMs: 24 * 60 * 60 * 1000,
    });
    expect(started.ok).toBe(true);
    const bobPage = await openBoard(await webLink(world, bob, channelId));
    await bobPage.waitForSelector('[data-clock="attackers"].running');
    // Ann, to move, goes away: Bob's board shows her clock stopped, without a reload.
    await world.emulator.slash(ann, 'vacation start').reply();
    await expect
      .poll(() => bobPage.textContent('[data-clock="attackers"]'), { timeout: 5000 })
      .toContain('stopped: on vacation');
    expect(await bobPage.$('[data-clock="attackers"].running')).toBeNull();
    await world.emulator.slash(ann, 'vacation end').reply();
    await bobPage.waitForSelector('[data-clock="attackers"].running');
    await world.emulator.slash(ann, 'abort', {}, { channelId }).reply();
    await expect
      .poll(() => bobPage.textContent('#situation'), { timeout: 5000 })
      .toBe('The game was stopped without a result.');
  }, 60_000);

  it('draws 7x7, 11x11 and 19x19 boards at 360 and 1280 px, in English and in Japanese', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const variants: [VariantId, string][] = [
      ['brandubh', '7x7'],
      ['copenhagen', '11x11'],
      ['alea-guards', '19x19'],
    ];
    for (const [variant, size] of variants) {
      const game = new Game(variant);
      for (let ply = 0; ply < 4; ply++) game.play(game.legalMoves()[ply * 3].notation);
      const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
      const link = await webLink(world, game.turn === 'attackers' ? ann : bob, channelId);
      // Kenji, whose Discord speaks Japanese, watches: the page speaks it too.
      const kenjiLink = await webLink(world, kenji, channelId);
      for (const [width, height, language] of [
        [360, 740, 'ja'],
        [1280, 900, 'ja'],
      ] as const) {
        const page = await openBoard(kenjiLink, width, height);
        expect(await page.textContent('.role')).toBe('観戦中');
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/${size}-${width}-${language}.png`, fullPage: true });
        await page.context().close();
      }
      for (const [width, height] of [
        [360, 740],
        [1280, 900],
      ]) {
        const page = await openBoard(link, width, height);
        // A piece picked, its destinations marked; nothing wider than the screen.
        const from = await page.getAttribute('.movable', 'data-square');
        if (from) await page.click(`[data-square="${from}"]`);
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/${size}-${width}.png`, fullPage: true });
        if (size === '11x11' && width === 360) {
          await page.emulateMedia({ colorScheme: 'dark' });
          await page.screenshot({ path: `${SHOTS}/${size}-${width}-dark.png`, fullPage: true });
        }
        await page.context().close();
      }
    }
  }, 120_000);
});
