/**
 * The drawing thread's own code (started by drawing-thread.ts): replay GIFs, tournament
 * crosstables (a 64-player one takes some 150 ms) and /analyze's plots (20-40 ms each, a burst of
 * them seconds) are drawn and encoded here, so that the bot's event loop keeps serving.
 */
import { parentPort } from 'node:worker_threads';
import type { GameReview } from '../../analysis/review.ts';
import { type Crosstable, renderCrosstable } from '../../render/crosstable.ts';
import { type PlotLabels, renderEvalPlot } from '../../render/eval-plot.ts';
import { buildReplay, type ReplayJob } from '../../replay/build.ts';

export type DrawingRequestMessage =
  | { id: number; job: ReplayJob }
  | { id: number; crosstable: Crosstable }
  | { id: number; plot: { review: GameReview; labels: PlotLabels } };

parentPort?.postMessage({ ready: true });

parentPort?.on('message', (request: DrawingRequestMessage) => {
  const { id } = request;
  try {
    if ('crosstable' in request) {
      const picture = renderCrosstable(request.crosstable);
      parentPort?.postMessage({ id, picture });
      return;
    }
    if ('plot' in request) {
      const picture = renderEvalPlot(request.plot.review, request.plot.labels);
      parentPort?.postMessage({ id, picture });
      return;
    }
    const replay = buildReplay(request.job);
    // The GIF's bytes move to the bot's thread rather than being copied.
    parentPort?.postMessage({ id, replay }, [replay.gif.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
