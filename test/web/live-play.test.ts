/**
 * A whole game on the web board in a real Chromium, as players play it: Ann drags or clicks her
 * moves while Bob types /move, her board following a restart of the bot by itself; the AI's move
 * and a loss on time appear on an open board without a click.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { gameChannel, startBotProcess, worldsPerTest } from '../bot/harness.ts';
import { manualClock } from '../support/manual-clock.ts';
import { wholeGame } from '../support/whole-game.ts';
import { browserPages, hasChromium, webLink } from './browser.ts';

const SECRET = 'live-play-test-secret-0123456789abcdef012';
const startTestWorld = worldsPerTest();
// Registered after worldsPerTest's hooks, so run before them: the pages close before the bot does.
const pages = browserPages();

describe.skipIf(!hasChromium())('playing on the web board', () => {
  it('a whole game: Ann drags or clicks each move while Bob uses /move, and her board follows a restart of the bot', async () => {
    const world = await startTestWorld(1, { web: { port: 0, secret: SECRET } });
    const [ann, bob] = ['Ann', 'Bob'].map((name) => world.emulator.addUser(name));
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    const page = await pages.board(await webLink(world, ann, channelId));
    const { moves, winner } = wholeGame('brandubh');

    for (const [ply, move] of moves.entries()) {
      if (ply === 6) {
        // The bot stops and starts again on its port: the board says so, and comes back by itself.
        const port = world.bots[0].web?.port ?? 0;
        await world.bots[0].stop();
        await expect.poll(() => page.textContent('#notice'), { timeout: 10_000 }).toBe('Reconnecting…');
        world.bots[0] = await startBotProcess(world.emulator, world.namespace, {
          web: { port, secret: SECRET },
        });
        await expect.poll(() => page.textContent('#notice'), { timeout: 20_000 }).toBe('');
      }
      const [from, to] = move.split('-');
      if (ply % 2 === 1) {
        const answer = await world.emulator.slash(bob, 'move', { move }, { channelId }).reply();
        expect(answer.ephemeral, answer.content).toBe(false);
      } else if (ply % 4 === 0) {
        // Dragged: pressed on the piece, let go on its square.
        const box = async (square: string) => {
          const found = await page.locator(`[data-square="${square}"]`).boundingBox();
          if (!found) throw new Error(`no square ${square}`);
          return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
        };
        const start = await box(from);
        const end = await box(to);
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        await page.mouse.move(end.x, end.y, { steps: 5 });
        await page.mouse.up();
      } else {
        await page.click(`[data-square="${from}"]`);
        await page.click(`[data-square="${to}"]`);
      }
      await page.waitForSelector(`#situation[data-ply="${ply + 1}"]`);
    }
    const stored = await world.bots[0].service.records.gameForRecord({
      guildId: world.emulator.guildId,
      channelId,
    });
    expect(stored?.game.history().map((move) => move.notation)).toEqual(moves);
    expect(stored?.game.result?.winner ?? null).toBe(winner);
    expect(await page.textContent('#situation')).toMatch(/won|Drawn/);
    await page.waitForSelector('#study');
    expect(await page.$$('.movable')).toHaveLength(0);
  }, 120_000);

  it("the AI's move appears by itself", async () => {
    const world = await startTestWorld(1, { web: { port: 0, secret: SECRET } });
    const ann = world.emulator.addUser('Ann');
    const channelId = world.emulator.createChannel('against-the-ai');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const started = await world.emulator
      .slash(
        ann,
        'challenge',
        { opponent: world.emulator.botUser, variant: 'brandubh', side: 'attackers', level: 'easy' },
        { channelId },
      )
      .reply();
    expect(started.content).toContain('against the AI (easy)');
    const page = await pages.board(await webLink(world, ann, channelId));
    const move = new Game('brandubh').legalMoves()[0];
    await page.click(`[data-square="${move.from}"]`);
    await page.click(`[data-square="${move.to}"]`);
    await page.waitForSelector('#situation[data-ply="1"]');
    // No click, no reload: the AI answers and the board shows it, Ann to move again.
    await page.waitForSelector('#situation[data-ply="2"]', { timeout: 20_000 });
    expect(await page.textContent('.role')).toContain('Your turn');
  }, 60_000);

  it('a loss on time appears by itself', async () => {
    const clock = manualClock();
    const world = await startTestWorld(1, { web: { port: 0, secret: SECRET }, now: clock.now });
    const [ann, bob] = ['Ann', 'Bob'].map((name) => world.emulator.addUser(name));
    const channelId = world.emulator.createChannel('on-time');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const TEN_MINUTES = 10 * 60 * 1000;
    const started = await world.bots[0].service.lifecycle.startGame({
      guildId: world.emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('brandubh'),
      perMoveMs: TEN_MINUTES,
    });
    expect(started.ok).toBe(true);
    const page = await pages.board(await webLink(world, bob, channelId));
    await page.waitForSelector('[data-clock="attackers"].running');
    clock.pass(TEN_MINUTES + 1);
    await world.bots[0].bot.sweep();
    await expect
      .poll(() => page.textContent('#situation'), { timeout: 10_000 })
      .toMatch(/^Bob \(defenders\) won/);
    expect(await page.$('[data-clock]')).toBeNull();
  }, 60_000);
});
