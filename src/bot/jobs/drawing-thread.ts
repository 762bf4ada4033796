/**
 * The bot's drawings that take long, off its event loop: /replay's GIFs, tournament crosstables
 * and /analyze's plots, all drawn in one worker thread (drawing-worker.ts), one at a time, started
 * by the first drawing and again after a crash. A few replays and crosstables may wait their turn,
 * and more plots (each a fraction of a replay's work); more are refused (DrawingBusyError) rather
 * than queued for minutes. The thread keeps the process alive only while it has work.
 */
import { Worker } from 'node:worker_threads';
import type { GameReview } from '../../analysis/review.ts';
import { type Crosstable, renderCrosstable } from '../../render/crosstable.ts';
import type { PlotLabels } from '../../render/eval-plot.ts';
import type { Replay, ReplayJob } from '../../replay/build.ts';
import type { DrawingRequestMessage } from './drawing-worker.ts';

/** Replays (and crosstables) being built or waiting, at most. */
export const MOST_WAITING = 4;
/** Plots being drawn or waiting, at most: some 30 ms each, a second's work. */
export const MOST_PLOTS_WAITING = 32;
/** A replay not back by then is given up, and the worker, stuck or swamped, replaced. */
const TIMEOUT_MS = 120_000;

/** True when this module runs compiled (`npm run build`'s dist/), false from the TypeScript sources. */
const COMPILED = !import.meta.url.endsWith('.ts');

export class DrawingBusyError extends Error {
  override name = 'DrawingBusyError';
}

/** What the thread sends back: a replay, a crosstable's picture, or why it failed. */
type DrawingReply = { id?: number; replay?: Replay; picture?: Uint8Array; error?: string };
/** What a drawing is, for the bound on those waiting: replays and crosstables share theirs. */
type Kind = 'replay' | 'plot';
type Waiter = {
  kind: Kind;
  resolve: (reply: DrawingReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

export class DrawingThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private next = 1;
  /** Workers replaced after a crash or a timeout. */
  restarts = 0;
  /** Crosstables drawn on the bot's own thread, the drawing thread being busy or failing. */
  crosstablesDrawnHere = 0;
  /** Plots the thread drew. */
  plotsDrawn = 0;

  /** Starts the worker and waits until it has loaded. */
  async warm(): Promise<void> {
    const worker = this.start();
    worker.ref();
    try {
      await this.ready;
    } finally {
      if (this.waiting.size === 0) worker.unref();
    }
  }

  /** A replay, built in the thread; DrawingBusyError when too many replays and crosstables wait already. */
  async replay(job: ReplayJob): Promise<Replay> {
    const { replay } = await this.draw('replay', (id) => ({ id, job }));
    if (!replay) throw new Error('the replay worker sent no replay');
    return replay;
  }

  /**
   * A tournament's crosstable picture, drawn in the thread. When the thread is busy with replays
   * or fails, it is drawn here after all: standings are never held back for a picture.
   */
  async crosstable(table: Crosstable): Promise<Buffer> {
    try {
      const { picture } = await this.draw('replay', (id) => ({ id, crosstable: table }));
      if (picture) return Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength);
    } catch {
      // Busy, crashed or stopped: below.
    }
    this.crosstablesDrawnHere++;
    return renderCrosstable(table);
  }

  /** A reviewed game's plot (a PNG), drawn in the thread; DrawingBusyError when too many wait already. */
  async plot(review: GameReview, labels: PlotLabels): Promise<Buffer> {
    const { picture } = await this.draw('plot', (id) => ({ id, plot: { review, labels } }));
    if (!picture) throw new Error('the drawing thread sent no plot');
    this.plotsDrawn++;
    return Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength);
  }

  /** Drawings of a kind being drawn or waiting. */
  private waitingOf(kind: Kind): number {
    let count = 0;
    for (const waiter of this.waiting.values()) if (waiter.kind === kind) count++;
    return count;
  }

  private draw(kind: Kind, request: (id: number) => DrawingRequestMessage): Promise<DrawingReply> {
    if (this.waitingOf(kind) >= (kind === 'plot' ? MOST_PLOTS_WAITING : MOST_WAITING))
      return Promise.reject(new DrawingBusyError(`too many ${kind}s at once`));
    const worker = this.start();
    const id = this.next++;
    const reply = new Promise<DrawingReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(worker, new Error('the replay took too long'));
        this.restarts++;
      }, TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, { kind, resolve, reject, timer });
    });
    // A drawing under way keeps the process alive; an idle worker does not.
    worker.ref();
    worker.postMessage(request(id));
    return reply;
  }

  /** For tests: kill the worker as a crash would. */
  crashWorkerForTest(): void {
    void this.worker?.terminate();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.stop(worker, new Error('the replays were closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Compiled (dist/), the worker is plain JavaScript. From the TypeScript sources (tsx, vitest)
    // the entry registers tsx in the thread, then loads the TypeScript worker.
    const worker = new Worker(
      new URL(COMPILED ? './drawing-worker.js' : './drawing-worker-entry.mjs', import.meta.url),
    );
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => reject(new Error('the replay worker stopped while starting')));
    });
    this.ready.catch(() => {});
    worker.on('message', (reply: DrawingReply) => {
      if (reply.id === undefined) return;
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      clearTimeout(waiter.timer);
      if (this.waiting.size === 0) worker.unref();
      if (reply.error === undefined) waiter.resolve(reply);
      else waiter.reject(new Error(reply.error));
    });
    worker.on('error', (error) => {
      this.stop(worker, error);
      this.restarts++;
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) {
        this.stop(worker, new Error(`the replay worker stopped (${code})`));
        this.restarts++;
      }
    });
    worker.unref();
    return worker;
  }

  /** Forgets the worker and fails every replay it had; the next replay starts a new one. */
  private stop(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = null;
    for (const waiter of this.waiting.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiting.clear();
    void worker.terminate();
  }
}
