/** /analyze's plots: drawn once in the drawing thread, kept within a bound in bytes, refused past the thread's queue. */
import { loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { type GameReview, type Look, review } from '../../src/analysis/review.ts';
import { DrawingBusyError, DrawingThread, MOST_PLOTS_WAITING } from '../../src/bot/jobs/drawing-thread.ts';
import { type PlotOf, ReviewPlots } from '../../src/bot/views/review-plots.ts';
import { Game, serializeGame } from '../../src/engine/index.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { renderEvalPlot } from '../../src/render/eval-plot.ts';

const drawings = new DrawingThread();
afterAll(() => drawings.close());

/** A Brandubh game of `plies` moves that do not end it, reviewed with scores swinging by `swing` a move. */
function reviewed(plies: number, swing: number): GameReview {
  const game = new Game('brandubh');
  const looks: Look[] = [];
  const threatened: boolean[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const moves = game.legalMoves();
    looks.push({ best: moves[0].notation, score: (ply % 3) * swing - swing });
    const going = moves.find((move) => {
      game.play(move);
      if (!game.isGameOver()) return true;
      game.undo();
      return false;
    });
    if (!going) throw new Error(`every move ends the game after ${ply} plies`);
    threatened.push(false);
  }
  looks.push({ best: game.legalMoves()[0].notation, score: 0 });
  return review(game, looks, threatened, 50);
}

const labels = (title: string) => ({ title, ...messagesFor('en').plot });
const of = (gameId: string): PlotOf => ({ guildId: 'guild', gameId, language: 'en' });

describe('review plots', () => {
  it('fifty asking at once for one plot share one drawing, made in the drawing thread', async () => {
    const plots = new ReviewPlots((r, l) => drawings.plot(r, l));
    const game = reviewed(12, 300);
    const before = drawings.plotsDrawn;
    const pictures = await Promise.all(
      Array.from({ length: 50 }, () => plots.plot(of('g-1'), game, labels('Ann v Bob'))),
    );
    expect(drawings.plotsDrawn - before).toBe(1);
    for (const picture of pictures) expect(picture).toBe(pictures[0]);
    // The picture the bot's own thread would have drawn.
    expect(pictures[0].equals(renderEvalPlot(game, labels('Ann v Bob')))).toBe(true);
    const image = await loadImage(pictures[0]);
    expect([image.width, image.height]).toEqual([1200, 660]);
    expect(plots.drawn(of('g-1'))).toBe(pictures[0]);
    expect(plots.drawingsUnderWay).toBe(0);
  });

  it('are kept within their bound in bytes, the longest unasked dropped first and drawn again when asked', async () => {
    const first = await drawings.plot(reviewed(12, 300), labels('game 0'));
    const bound = Math.floor(first.byteLength * 3.5);
    const plots = new ReviewPlots((r, l) => drawings.plot(r, l), bound);
    for (let i = 0; i < 8; i++) {
      await plots.plot(of(`g-${i}`), reviewed(12 + i, 300), labels(`game ${i}`));
      expect(plots.bytesKept).toBeLessThanOrEqual(bound);
    }
    expect(plots.drawn(of('g-0'))).toBeUndefined();
    expect(plots.drawn(of('g-7'))).toBeDefined();
    const before = drawings.plotsDrawn;
    await plots.plot(of('g-0'), reviewed(12, 300), labels('game 0'));
    expect(drawings.plotsDrawn - before).toBe(1);
    expect(plots.bytesKept).toBeLessThanOrEqual(bound);
  });

  it('more plots at once than the thread queues are refused, not queued; replays are not held back by them', async () => {
    const plots = new ReviewPlots((r, l) => drawings.plot(r, l));
    const asked = Array.from({ length: MOST_PLOTS_WAITING + 8 }, (_, i) =>
      plots.plot(of(`many-${i}`), reviewed(10, 100 + i), labels(`game ${i}`)),
    );
    // A replay asked meanwhile still finds its place in the thread.
    const game = new Game('brandubh');
    game.play(game.legalMoves()[0]);
    const replay = drawings.replay({
      record: serializeGame(game),
      players: { attackers: 'Ann', defenders: 'Bob' },
      language: 'en',
      request: { speed: 'normal' },
      aborted: false,
    });
    const settled = await Promise.allSettled(asked);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(MOST_PLOTS_WAITING);
    const refusals = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(refusals).toHaveLength(8);
    for (const refusal of refusals) expect(refusal.reason).toBeInstanceOf(DrawingBusyError);
    expect((await replay).frames).toBe(2);
    // Nothing is left waiting: one refused a moment ago is drawn now.
    expect(plots.drawingsUnderWay).toBe(0);
    const last = MOST_PLOTS_WAITING + 7;
    await plots.plot(of(`many-${last}`), reviewed(10, 100 + last), labels(`game ${last}`));
    expect(plots.drawn(of(`many-${last}`))).toBeDefined();
  });
});
