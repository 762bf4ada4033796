/**
 * Looking back and studying on the web board, in a real Chromium against two bot processes, the
 * Discord emulator and Redis: the move list shows past positions (as the engine has them), the
 * spectators are counted across processes, and a finished game is studied beside its review:
 * stepped through, played on from any position (the analysis board), and the AI asked for its view.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { buttonIds, fileWorld, gameChannel } from '../bot/harness.ts';
import { gameWith } from '../engine/setup.ts';
import { browserPages, hasChromium, webLink } from './browser.ts';

const SECRET = 'study-test-secret-0123456789abcdef012345';
const SHOTS = '/tmp/web-shots';
const world = fileWorld(2, { web: { port: 0, secret: SECRET }, analysisMsPerPosition: 120 });
const ann = world.user('Ann');
const bob = world.user('Bob');
const carol = world.user('Carol');
const kenji = world.user('Kenji', { locale: 'ja' });

const pages = browserPages();
const openBoard = (link: string, width?: number, height?: number) => pages.board(link, width, height);

/** The pieces the page draws, by square. */
function drawnPieces(page: Page): Promise<Record<string, string>> {
  return page.$$eval('[data-square]', (cells) =>
    Object.fromEntries(
      cells.flatMap((cell) => {
        const piece = cell.querySelector('[data-piece]')?.getAttribute('data-piece');
        return piece ? [[cell.getAttribute('data-square') as string, piece]] : [];
      }),
    ),
  );
}

/** The pieces of the engine's position, by square. */
function enginePieces(game: Game): Record<string, string> {
  const pieces: Record<string, string> = {};
  for (const [rank, row] of game.snapshot().board.entries())
    for (const [file, piece] of row.entries())
      if (piece) pieces[`${String.fromCharCode(97 + file)}${rank + 1}`] = piece;
  return pieces;
}

/** A request from the page's own session, as a hand-made one would be: status and body. */
function fromPage(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(`(async () => {
    const response = await fetch(${JSON.stringify(path)}, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(body))},
    });
    return { status: response.status, body: await response.json() };
  })()`);
}

describe.skipIf(!hasChromium())('looking back and studying on the web board', () => {
  it('shows past positions from the move list, counts the spectators on every process, and refuses help in a game still played', async () => {
    const game = new Game('brandubh');
    const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    for (let ply = 0; ply < 4; ply++) {
      const move = game.legalMoves()[ply * 2];
      const mover = game.turn === 'attackers' ? ann : bob;
      game.play(move.notation);
      await world.emulator.slash(mover, 'move', { move: move.notation }, { channelId }).reply();
    }
    const annPage = await openBoard(await webLink(world, ann, channelId, 0));
    expect(await annPage.textContent('#spectators')).toBe('');

    // Carol watches on the other process: Ann's board counts her; she leaves, and it does not.
    const carolPage = await openBoard(await webLink(world, carol, channelId, 1));
    await expect.poll(() => annPage.textContent('#spectators'), { timeout: 10_000 }).toBe('1 watching');
    expect(await carolPage.textContent('#spectators')).toBe('1 watching');
    await carolPage.context().close();
    await expect.poll(() => annPage.textContent('#spectators'), { timeout: 10_000 }).toBe('');

    // The second move of the list: the position after it, as the engine has it, and no piece to pick.
    const second = new Game('brandubh');
    for (const move of game.history().slice(0, 2)) second.play(move.notation);
    await annPage.click('#moves [data-ply="2"]');
    await expect.poll(() => annPage.textContent('#looking')).toBe('Move 2 of 4');
    expect(await drawnPieces(annPage)).toEqual(enginePieces(second));
    expect(await annPage.$$('.movable')).toHaveLength(0);
    expect(await annPage.getAttribute('#moves [data-ply="2"]', 'aria-current')).toBe('step');

    // The arrow keys step through the moves; Home goes to the start.
    await annPage.keyboard.press('ArrowLeft');
    await expect.poll(() => annPage.textContent('#looking')).toBe('Move 1 of 4');
    await annPage.keyboard.press('Home');
    await expect.poll(() => annPage.textContent('#looking')).toBe('Move 0 of 4');
    expect(await drawnPieces(annPage)).toEqual(enginePieces(new Game('brandubh')));

    // Back to the live position in one click: Ann's pieces can be picked again.
    await annPage.click('#back-to-live');
    await annPage.waitForSelector('.movable');
    expect(await drawnPieces(annPage)).toEqual(enginePieces(game));

    // Moves played on, and the AI's view, wait for the game's end: refused, and nothing stored changes.
    const [, , guildId] = new URL(annPage.url()).pathname.split('/');
    const active = await world.bots[0].service.play.board({ guildId, channelId });
    const playOn = await fromPage(annPage, `/api/game/${guildId}/${channelId}/position`, {
      gameId: active?.id,
      ply: 4,
      line: [game.legalMoves()[0].notation],
    });
    expect(playOn.status).toBe(409);
    expect(playOn.body.error).toBe('Moves can be played on from a position once the game is over.');
    const think = await fromPage(annPage, `/api/study/${guildId}/${active?.id}/think`, { ply: 4, line: [] });
    expect(think.status).toBe(404);
    expect((await world.bots[0].service.play.board({ guildId, channelId }))?.game.plyCount).toBe(4);
  }, 120_000);

  it('studies a finished game beside its review: steps, plays on from a position and asks the AI', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Fetlar: the attackers give up the blocker on c1 and the king runs to the corner.
    const start = () =>
      gameWith(
        'fetlar',
        { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
        'attackers',
      );
    const channelId = await gameChannel(world, start(), { attackers: ann, defenders: bob });
    await world.emulator.slash(ann, 'move', { move: 'c1-c2' }, { channelId }).reply();
    const annPage = await openBoard(await webLink(world, ann, channelId));
    await world.emulator.slash(bob, 'move', { move: 'e1-a1' }, { channelId }).reply();
    await annPage.waitForSelector('#study');
    // The review /analyze makes is the one the study shows.
    const review = await world.emulator.slash(bob, 'analyze', {}, { channelId }).reply();
    await world.emulator.waitFor(() => review.embeds.length > 0);

    await annPage.click('#study');
    await annPage.waitForSelector('#plot');
    expect(await annPage.textContent('#worst')).toMatch(/^1\. c1-c2: blunder \(better: [a-k]\d+-[a-k]\d+\)$/);
    const end = start();
    end.play('c1-c2');
    end.play('e1-a1');
    expect(await drawnPieces(annPage)).toEqual(enginePieces(end));
    expect(await annPage.textContent('#situation')).toMatch(/^The defenders won/);

    // The worst move: the position it was played in, where the attackers may play on.
    await annPage.click('#worst button');
    await expect.poll(() => annPage.textContent('#looking')).toBe('Start');
    expect(await drawnPieces(annPage)).toEqual(enginePieces(start()));
    const played = start();
    const better =
      played.legalMoves().find((move) => move.from === 'c1' && move.to !== 'c2') ?? played.legalMoves()[0];
    await annPage.click(`[data-square="${better.from}"]`);
    await annPage.click(`[data-square="${better.to}"]`);
    await expect.poll(() => annPage.textContent('#line')).toBe(`Played on from move 0: ${better.notation}`);
    played.play(better.notation);
    expect(await drawnPieces(annPage)).toEqual(enginePieces(played));

    // The AI's view of the position shown, and the line it expects, each move legal in turn.
    await annPage.click('#ask-ai');
    await annPage.waitForSelector('#ai-line', { timeout: 15_000 });
    expect(await annPage.textContent('#ai')).toMatch(
      /^The AI (gives the defenders \d+% \(searched \d+ plies\)|sees a forced win for the (attackers|defenders))$/,
    );
    const line = ((await annPage.textContent('#ai-line')) ?? '')
      .replace('The line it expects: ', '')
      .split(' ');
    expect(line.length).toBeGreaterThan(0);
    for (const move of line) expect(played.tryPlay(move).ok, move).toBe(true);
    await annPage.screenshot({ path: `${SHOTS}/study-1280.png`, fullPage: true });

    // One question at a time per member: two at once, one is told to wait.
    const guildId = new URL(annPage.url()).pathname.split('/')[2];
    const archived = await world.bots[0].service.records.gameForRecord({ guildId, channelId });
    const both =
      await annPage.evaluate(`Promise.all([0, 1].map(() => fetch('/api/study/${guildId}/${archived?.id}/think', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ply: 0, line: [] }),
    }).then((response) => response.status)))`);
    expect((both as number[]).sort()).toEqual([200, 429]);

    // An illegal move played on is refused with the engine's reason; a made-up ply too.
    const illegal = await fromPage(annPage, `/api/study/${guildId}/${archived?.id}/position`, {
      ply: 0,
      line: ['c1-c1'],
    });
    expect(illegal.status).toBe(409);
    expect(String(illegal.body.error)).toMatch(/^c1-c1: /);
    const noPly = await fromPage(annPage, `/api/study/${guildId}/${archived?.id}/position`, {
      ply: 9,
      line: [],
    });
    expect(noPly.body.error).toBe('This game has no move 9: it has 2.');

    // Under the review, the study button: a personal link to the study, for anyone, in their language.
    const studyId = buttonIds(review).find((id) => id.startsWith('board:web:'));
    expect(studyId).toBe(`board:web:${archived?.id}`);
    const answer = await world.emulator.clickButton(kenji, review, studyId as string).reply();
    expect(answer.ephemeral).toBe(true);
    const link = /(http:\/\/\S+\/open\?token=\S+)/.exec(answer.content)?.[1] as string;
    const kenjiPage = await pages.page(360, 740);
    await kenjiPage.goto(link);
    expect(new URL(kenjiPage.url()).pathname).toBe(`/study/${guildId}/${archived?.id}`);
    await kenjiPage.waitForSelector('#plot');
    expect(await kenjiPage.textContent('#worst')).toContain('c1-c2');
    const overflow = await kenjiPage.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await kenjiPage.screenshot({ path: `${SHOTS}/study-360-ja.png`, fullPage: true });
  }, 120_000);
});
