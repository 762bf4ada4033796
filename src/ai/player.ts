/**
 * The AI as the bot uses it: a worker thread that thinks, a deadline of the level's budget plus
 * 100 ms, and a fresh worker whenever one crashes. A game never waits on a dead or slow worker:
 * if thinking fails or overruns, the AI answers with a short search on its own thread.
 */
import { Worker } from 'node:worker_threads';
import { type Game, serializeGame } from '../engine/index.ts';
import { aiDepth, aiThinkSeconds } from '../metrics.ts';
import { type AiMove, chooseMove, LEVELS, type Level } from './index.ts';
import type { SearchParts } from './search.ts';
import type { ThinkRequest } from './worker.ts';

const GRACE_MS = 100;
/** The search stops a little before the budget, for loading the game and passing messages. */
const MARGIN_MS = 60;
/** The short search on the bot's own thread when the worker fails. */
const FALLBACK_MS = 25;
/** How long a new worker may take to load before a move is made without it. */
const START_TIMEOUT_MS = 10_000;

/** True when this module runs compiled (`npm run build`'s dist/), false from the TypeScript sources. */
const COMPILED = !import.meta.url.endsWith('.ts');

type Waiter = { resolve: (move: AiMove) => void; reject: (error: Error) => void };

/** One worker thread and the requests waiting on it. */
class Thinker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly waiting = new Map<number, Waiter>();
  dead = false;

  constructor(onDeath: (thinker: Thinker) => void) {
    // Compiled (dist/), the worker is plain JavaScript. From the TypeScript sources (tsx, vitest)
    // the entry registers tsx in the thread, then loads the TypeScript worker.
    this.worker = new Worker(new URL(COMPILED ? './worker.js' : './worker-entry.mjs', import.meta.url));
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.once('message', (message: { ready?: boolean }) =>
        message.ready ? resolve() : reject(new Error('the AI worker did not start')),
      );
      this.worker.once('exit', () => reject(new Error('the AI worker stopped while starting')));
    });
    this.ready.catch(() => {});
    this.worker.on('message', (reply: { id?: number; move?: AiMove; error?: string }) => {
      if (reply.id === undefined) return;
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return; // an answer that came too late
      this.waiting.delete(reply.id);
      if (reply.move) waiter.resolve(reply.move);
      else waiter.reject(new Error(reply.error ?? 'the AI failed'));
    });
    const die = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      onDeath(this);
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`the AI worker stopped (${code})`)));
    this.worker.unref();
  }
}

export class AiPlayer {
  private thinker: Thinker | null = null;
  private next = 1;
  /** Workers replaced after a crash. */
  restarts = 0;
  /** Where the last move came from: the worker, or the short search after a failure or an overrun. */
  lastSource: 'worker' | 'fallback' | null = null;
  lastError: string | null = null;

  private current(): Thinker {
    if (!this.thinker || this.thinker.dead) {
      this.thinker = new Thinker((dead) => {
        // A worker that died is replaced by the next request.
        if (this.thinker === dead) {
          this.thinker = null;
          this.restarts++;
        }
      });
    }
    return this.thinker;
  }

  /** Starts the worker and waits until it has loaded, so that no move pays for that. */
  async warm(): Promise<void> {
    await this.current().ready;
  }

  /**
   * The AI's move; `maxDepth` stops the search at that depth (sooner than the budget where it can);
   * `contempt: false` scores a draw as 0 for both sides, as a review should, where the player would
   * rather play on (or, in Fetlar, weighs a draw as an even game of its evaluation).
   */
  async think(
    game: Game,
    level: Level,
    budgetMs = LEVELS[level].timeMs,
    { maxDepth, contempt }: { maxDepth?: number; contempt?: boolean } = {},
  ): Promise<AiMove> {
    const started = performance.now();
    const parts = contempt === false ? { contempt: false } : undefined;
    const { move, source } = await this.thinkOrFallBack(game, level, budgetMs, started, maxDepth, parts);
    aiThinkSeconds.observe({ level, source }, (performance.now() - started) / 1000);
    aiDepth.observe({ level }, move.depth);
    return move;
  }

  private async thinkOrFallBack(
    game: Game,
    level: Level,
    budgetMs: number,
    started: number,
    maxDepth: number | undefined,
    parts: Partial<SearchParts> | undefined,
  ): Promise<{ move: AiMove; source: 'worker' | 'fallback' }> {
    try {
      const thinker = this.current();
      await withTimeout(
        thinker.ready,
        Math.min(START_TIMEOUT_MS, budgetMs - FALLBACK_MS - 20),
        'the AI worker was not ready in time',
      );
      const id = this.next++;
      const reply = new Promise<AiMove>((resolve, reject) => thinker.waiting.set(id, { resolve, reject }));
      thinker.worker.postMessage({
        id,
        record: serializeGame(game),
        level,
        timeMs: Math.max(50, budgetMs - MARGIN_MS),
        maxDepth,
        parts,
      } satisfies ThinkRequest);
      try {
        // Give up early enough that the short search below still answers within budget + grace.
        const left = budgetMs + GRACE_MS - FALLBACK_MS - 20 - (performance.now() - started);
        const move = await withTimeout(reply, left, 'the AI overran its time');
        this.lastSource = 'worker';
        this.lastError = null;
        return { move, source: 'worker' };
      } finally {
        thinker.waiting.delete(id);
      }
    } catch (error) {
      this.lastSource = 'fallback';
      this.lastError = (error as Error).message;
      return { move: chooseMove(game, level, { timeMs: FALLBACK_MS, maxDepth, parts }), source: 'fallback' };
    }
  }

  /** For tests: kill the worker as a crash would. */
  crashWorkerForTest(): void {
    void this.thinker?.worker.terminate();
  }

  async close(): Promise<void> {
    const thinker = this.thinker;
    this.thinker = null;
    await thinker?.worker.terminate();
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), Math.max(0, ms));
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
