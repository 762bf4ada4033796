/**
 * The web board for a game between friends, where the bot is not installed (a DM through a member's
 * own install): opened by personal link from the board there, played by clicking, the move
 * reaching the DM as every other message there does; the link opens that conversation's game alone.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { buttonIds, worldsPerTest } from '../bot/harness.ts';
import type { EmulatedUser } from '../discord-emulator/index.ts';
import { browserPages, hasChromium } from './browser.ts';

const startTestWorld = worldsPerTest();
const SECRET = 'dm-board-test-secret-0123456789abcdef0123';

// Registered after worldsPerTest's hooks, so run before them: the pages close before the bot does.
const pages = browserPages();
const openPage = async (link: string) => {
  const page = await pages.page();
  await page.goto(link);
  return page;
};

describe.skipIf(!hasChromium())('the web board of a game in a DM', () => {
  it('opens by personal link from the DM, plays a click, and tells the DM; another conversation’s link opens nothing here', async () => {
    const world = await startTestWorld(1, { globalCommands: true, web: { port: 0, secret: SECRET } });
    const { emulator } = world;
    const [ann, bob, cat] = ['Ann', 'Bob', 'Cat'].map((name) => emulator.addUser(name));
    emulator.installForUser(ann);
    emulator.installForUser(cat);
    const dm = emulator.createDm(ann, bob);
    const challenge = await emulator
      .slash(ann, 'challenge', { opponent: bob, variant: 'brandubh', side: 'attackers' }, { channelId: dm })
      .reply();
    await emulator.clickButton(bob, challenge, buttonIds(challenge)[0]).reply();

    const linkOf = async (user: EmulatedUser, channelId: string) => {
      const board = await emulator.slash(user, 'board', {}, { channelId }).reply();
      expect(buttonIds(board)).toContain('board:web');
      const answer = await emulator.clickButton(user, board, 'board:web').reply();
      expect(answer.ephemeral).toBe(true);
      const url = /(http:\/\/\S+\/open\?token=\S+)/.exec(answer.content)?.[1];
      if (!url) throw new Error(`no link in "${answer.content}"`);
      return url;
    };
    const annPage = await openPage(await linkOf(ann, dm));
    await annPage.waitForSelector('.movable');
    expect(new URL(annPage.url()).pathname).toBe(`/game/dm-${dm}/${dm}`);
    expect(await annPage.textContent('.role')).toContain('You play the attackers');

    // Ann clicks a move: stored, and the DM hears of it as of a move by /move.
    const move = new Game('brandubh').legalMoves()[0];
    const before = emulator.messages(dm).length;
    await annPage.click(`[data-square="${move.from}"]`);
    await annPage.click(`[data-square="${move.to}"]`);
    await annPage.waitForSelector('#situation[data-ply="1"]');
    const stored = await world.bots[0].service.play.board({ guildId: `dm-${dm}`, channelId: dm });
    expect(stored?.game.plyCount).toBe(1);
    await emulator.waitFor(() => emulator.messages(dm).length > before);
    expect(emulator.messages(dm).at(-1)?.content).toContain(move.notation);

    // Cat's session, opened from another conversation, reaches nothing of this one.
    const other = emulator.createDm(cat, bob);
    const started = await emulator
      .slash(cat, 'challenge', { opponent: bob, variant: 'brandubh' }, { channelId: other })
      .reply();
    await emulator.clickButton(bob, started, buttonIds(started)[0]).reply();
    const catPage = await openPage(await linkOf(cat, other));
    await catPage.waitForSelector('[data-square]');
    const origin = new URL(catPage.url()).origin;
    for (const path of [`/game/dm-${dm}/${dm}`, `/api/game/dm-${dm}/${dm}`, `/game/dm-${other}/${dm}`]) {
      const response = await catPage.goto(`${origin}${path}`);
      expect(response?.status(), path).toBe(404);
    }
    expect(
      (await world.bots[0].service.play.board({ guildId: `dm-${dm}`, channelId: dm }))?.game.plyCount,
    ).toBe(1);
  }, 120_000);
});
