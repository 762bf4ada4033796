/**
 * /analyze through the real client and the emulator: progress, the plot, the worst moves, refusals;
 * and bursts of asks, answered in time with each plot drawn once, off the bot's thread.
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisRuns, MOST_REVIEWS } from '../../src/bot/jobs/analysis-runs.ts';
import { PLOT_BYTES_KEPT } from '../../src/bot/views/review-plots.ts';
import { Game } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { registry } from '../../src/metrics.ts';
import { renderEvalPlot } from '../../src/render/eval-plot.ts';
import type { EmulatedUser, InteractionHandle } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { fileWorld, gameChannel, tableAt } from './harness.ts';

const en = messagesFor('en');

// The plot drawn on this thread (the bot's) is counted; the drawing thread loads its own, uncounted.
vi.mock('../../src/render/eval-plot.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/render/eval-plot.ts')>();
  return { ...actual, renderEvalPlot: vi.fn(actual.renderEvalPlot) };
});

const world = fileWorld(1, { analysisMsPerPosition: 120 });
const ann = world.user('Ann');
const bob = world.user('Bob');

/** Discord's time to acknowledge an interaction. */
const DEADLINE_MS = 3000;

/** Fetlar: the attackers give up the blocker on c1 and the king runs to the corner. */
async function finishedWithBlunder(channelId?: string): Promise<string> {
  const game = gameWith(
    'fetlar',
    { king: 'e1', attackers: ['c1', 'h1', 'a6', 'k6', 'e7'], defenders: ['f6'] },
    'attackers',
  );
  const channel = await gameChannel(world, game, { attackers: ann, defenders: bob }, channelId);
  await world.emulator.slash(ann, 'move', { move: 'c1-c2' }, { channelId: channel }).reply();
  const last = await world.emulator.slash(bob, 'move', { move: 'e1-a1' }, { channelId: channel }).reply();
  expect(last.content).toContain('**Game over.**');
  return channel;
}

/** A Fetlar game of `plies` moves (none ending it), then resigned by the attackers; its id. */
async function resignedGame(plies: number): Promise<{ id: string; game: Game }> {
  const game = new Game('fetlar');
  for (let ply = 0; ply < plies; ply++) {
    const going = game.legalMoves().find((move) => {
      game.play(move);
      if (!game.isGameOver()) return true;
      game.undo();
      return false;
    });
    if (!going) throw new Error(`every move ends the game after ${ply} plies`);
  }
  const channelId = await gameChannel(world, game, { attackers: ann, defenders: bob });
  const table = tableAt(world.emulator, channelId);
  await world.bots[0].service.play.resign(table, { id: ann.id, name: ann.globalName ?? ann.username });
  const record = await world.bots[0].service.records.gameForRecord(table);
  if (!record?.finished) throw new Error('the game did not end');
  return { id: record.id, game: record.game };
}

/** A metric of the bot's process, summed over its labels (NaN when it has no such metric). */
async function metric(name: string): Promise<number> {
  const found = registry.getSingleMetric(name);
  if (!found) return Number.NaN;
  return (await found.get()).values.reduce((sum, { value }) => sum + value, 0);
}

/** Each handle's first answer, and those that came after Discord's deadline (as the emulator saw them). */
async function acknowledgements(handles: InteractionHandle[]) {
  const first = await Promise.all(handles.map((handle) => handle.firstResponse()));
  const late = first
    .map((response, i) => Number(response.at - handles[i].sentAt) / 1e6)
    .filter((ms) => ms >= DEADLINE_MS);
  return { types: first.map((response) => response.type), late };
}

describe('/analyze', () => {
  it('reviews a finished game: progress first, then the plot and each side’s worst moves; asked again, at once', async () => {
    const channelId = await finishedWithBlunder();
    const handle = world.emulator.slash(bob, 'analyze', {}, { channelId });
    expect((await handle.firstResponse()).type).toBe(5);
    const shown = await handle.reply();
    expect(shown.content).toMatch(/^Analysing position \d of 3…$/);
    await world.emulator.waitFor(() => shown.embeds.length > 0);
    expect(shown.ephemeral).toBe(false);
    expect(shown.content).toBe('');
    const [embed] = shown.embeds;
    expect(embed.title).toBe('Review: Fetlar Hnefatafl: Ann v Bob');
    // Each player's accuracy first (test/bot/accuracy.test.ts), then each side's worst moves.
    expect(embed.fields[2].name).toBe('The attackers’ worst moves');
    expect(embed.fields[2].value).toMatch(/^1\. \*\*c1-c2\*\* blunder, −\d+%; better [a-k]\d+-[a-k]\d+$/);
    expect(embed.fields[3].value).toContain('No mistakes');
    const [plot] = shown.attachments;
    expect(plot.filename).toBe('review.png');
    const image = await loadImage(plot.data);
    expect([image.width, image.height]).toEqual([1200, 660]);

    const again = world.emulator.slash(ann, 'analyze', {}, { channelId });
    expect((await again.firstResponse()).type).toBe(4);
    expect((await again.reply()).embeds[0].fields[2].value).toBe(embed.fields[2].value);
  });

  it('a game id from another channel of this server; in German for a German client', async () => {
    const channelId = await finishedWithBlunder();
    const record = await world.bots[0].service.records.gameForRecord(tableAt(world.emulator, channelId));
    const elsewhere = world.emulator.createChannel('elsewhere');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(elsewhere));
    const german = world.user('Greta', { locale: 'de' });
    const handle = world.emulator.slash(
      german,
      'analyze',
      { game: record?.id ?? '' },
      { channelId: elsewhere },
    );
    const shown = await handle.reply();
    await world.emulator.waitFor(() => shown.embeds.length > 0);
    expect(shown.embeds[0].title).toBe('Analyse: Fetlar Hnefatafl: Ann gegen Bob');
    expect(shown.embeds[0].fields[2].value).toContain('grober Fehler');
  });

  it('refuses a game still being played, an unknown id and another server’s game, privately', async () => {
    const live = await gameChannel(
      world,
      gameWith('fetlar', { king: 'f6', attackers: ['a4'], defenders: ['c3'] }, 'attackers'),
      {
        attackers: ann,
        defenders: bob,
      },
    );
    const refusedLive = await world.emulator.slash(ann, 'analyze', {}, { channelId: live }).reply();
    expect(refusedLive.ephemeral).toBe(true);
    expect(refusedLive.content).toContain('still being played');

    const unknown = await world.emulator.slash(ann, 'analyze', { game: 'no-such-game' }).reply();
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.content).toBe('There is no finished game "no-such-game" on this server.');

    // A game that ended on another server is not found here: an unknown game.
    const otherGuild = world.emulator.createGuild('Other server');
    const game = gameWith('fetlar', { king: 'f6', attackers: ['a4'], defenders: ['c3'] }, 'attackers');
    const player = (user: typeof ann) => ({ id: user.id, name: user.globalName ?? user.username });
    const started = await world.bots[0].service.lifecycle.startGame({
      guildId: otherGuild,
      channelId: 'a-channel-of-the-other-server',
      players: { attackers: player(ann), defenders: player(bob) },
      game,
    });
    if (!started.ok) throw new Error(started.code);
    await world.bots[0].service.play.resign(
      { guildId: otherGuild, channelId: 'a-channel-of-the-other-server' },
      player(ann),
    );
    const id = started.value.id;
    expect((await world.bots[0].service.records.archived(otherGuild, id))?.guildId).toBe(otherGuild);
    const refusedOther = await world.emulator.slash(ann, 'analyze', { game: id }).reply();
    expect(refusedOther.ephemeral).toBe(true);
    expect(refusedOther.content).toContain(`There is no finished game "${id}" on this server.`);
  });

  it('a burst of 100 asks for reviewed games: each acknowledged in time, each plot drawn once in the drawing thread, kept within bounds', async () => {
    const games = await Promise.all([4, 5, 6, 7].map((plies) => resignedGame(plies)));
    // Reviewed beforehand, as an earlier /analyze would have, but with no plot drawn yet.
    const runs = new AnalysisRuns(world.bots[0].service, 20);
    try {
      for (const { id, game } of games) await runs.run(world.emulator.guildId, id, game, () => {});
    } finally {
      await runs.close();
    }
    const members: EmulatedUser[] = Array.from({ length: 100 }, (_, i) =>
      world.user(`Member ${i}`, i % 5 === 0 ? { locale: 'de' } : {}),
    );
    const drawnBefore = await metric('tafl_review_plots_drawn_total');
    const rssBefore = process.memoryUsage().rss;
    const burst = () =>
      members.map((member, i) => world.emulator.slash(member, 'analyze', { game: games[i % 4].id }));

    const handles = burst();
    expect((await acknowledgements(handles)).late).toEqual([]);
    const replies = await Promise.all(handles.map((handle) => handle.reply()));
    await world.emulator.waitFor(() => replies.every((reply) => reply.embeds.length > 0), 30_000);
    for (const [i, reply] of replies.entries()) {
      expect(reply.ephemeral).toBe(false);
      expect(reply.attachments.map((file) => file.filename)).toEqual(['review.png']);
      expect(reply.embeds[0].title).toMatch(i % 5 === 0 ? /^Analyse: / : /^Review: /);
    }
    // One plot for each game and language, none on the bot's own thread.
    expect((await metric('tafl_review_plots_drawn_total')) - drawnBefore).toBe(8);
    expect(vi.mocked(renderEvalPlot)).not.toHaveBeenCalled();
    expect(await metric('tafl_review_plot_cache_bytes')).toBeLessThanOrEqual(PLOT_BYTES_KEPT);

    // Asked again: answered at once from the plots kept, none drawn again.
    const again = burst();
    const answered = await acknowledgements(again);
    expect(answered.late).toEqual([]);
    expect(new Set(answered.types)).toEqual(new Set([4]));
    expect((await metric('tafl_review_plots_drawn_total')) - drawnBefore).toBe(8);
    // Generous: the bounds above are what keep memory in check; before them a burst took some 600 MB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400e6);
  });

  it('fifty waiting for one fresh review share its run and one plot', async () => {
    const { id } = await resignedGame(5);
    const members = Array.from({ length: 50 }, (_, i) => world.user(`Waiting ${i}`));
    const drawnBefore = await metric('tafl_review_plots_drawn_total');
    const handles = members.map((member) => world.emulator.slash(member, 'analyze', { game: id }));
    expect((await acknowledgements(handles)).late).toEqual([]);
    const replies = await Promise.all(handles.map((handle) => handle.reply()));
    await world.emulator.waitFor(() => replies.every((reply) => reply.embeds.length > 0), 30_000);
    expect(new Set(replies.map((reply) => reply.embeds[0].fields[0].value)).size).toBe(1);
    expect((await metric('tafl_review_plots_drawn_total')) - drawnBefore).toBe(1);
    expect(vi.mocked(renderEvalPlot)).not.toHaveBeenCalled();
  });

  it('one ask at a time a member, a few reviews at a time in all: more are refused with the reason, privately', async () => {
    // Eight positions of 120 ms each: the reviews are still under way when the next asks come.
    const fresh = await Promise.all(Array.from({ length: MOST_REVIEWS + 1 }, (_, i) => resignedGame(8 + i)));
    const askers = Array.from({ length: MOST_REVIEWS + 1 }, (_, i) => world.user(`Reviewer ${i}`));
    const running = askers
      .slice(0, MOST_REVIEWS)
      .map((asker, i) => world.emulator.slash(asker, 'analyze', { game: fresh[i].id }));
    expect(new Set((await acknowledgements(running)).types)).toEqual(new Set([5]));

    const twice = await world.emulator.slash(askers[0], 'analyze', { game: fresh[MOST_REVIEWS].id }).reply();
    expect(twice.ephemeral).toBe(true);
    expect(twice.content).toBe(en.analysisWaiting);
    const tooMany = await world.emulator
      .slash(askers[MOST_REVIEWS], 'analyze', { game: fresh[MOST_REVIEWS].id })
      .reply();
    expect(tooMany.ephemeral).toBe(true);
    expect(tooMany.content).toBe(en.analysisBusy);

    // Once they are done, the same asks are served.
    const shown = await Promise.all(running.map((handle) => handle.reply()));
    await world.emulator.waitFor(() => shown.every((reply) => reply.embeds.length > 0), 30_000);
    const served = await world.emulator
      .slash(askers[MOST_REVIEWS], 'analyze', { game: fresh[MOST_REVIEWS].id })
      .reply();
    await world.emulator.waitFor(() => served.embeds.length > 0, 30_000);
    expect(served.ephemeral).toBe(false);
  });
});
