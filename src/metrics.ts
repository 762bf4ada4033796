/**
 * The process's metrics, in one prom-client Registry, and the HTTP server that serves them with
 * METRICS_PORT: `GET /metrics` (Prometheus text format) and `GET /healthz` (200 `{"ok":true}` when
 * logged in to the gateway with the store answering, else 503 `{"ok":false,"reason":…}`; the check
 * itself is `health.ts`).
 *
 * The counters are counted whether or not anything serves them (an increment costs next to
 * nothing); Node's own metrics (event-loop delay, memory, CPU, GC) are collected from when the
 * server starts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
const registers = [registry];

/** Interactions: slash commands, autocomplete and buttons. */
export const interactions = new Counter({
  name: 'tafl_interactions_total',
  help: 'Interactions handled, by kind (command, autocomplete, button), command and outcome',
  labelNames: ['kind', 'command', 'outcome'] as const,
  registers,
});

export const interactionSeconds = new Histogram({
  name: 'tafl_interaction_duration_seconds',
  help: 'From receiving an interaction to its answer sent, by kind and command',
  labelNames: ['kind', 'command'] as const,
  buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const moves = new Counter({
  name: 'tafl_moves_total',
  help: "Moves played by members (/move answered without a refusal); the AI's moves are in tafl_ai_think_seconds",
  registers,
});

export const aiThinkSeconds = new Histogram({
  name: 'tafl_ai_think_seconds',
  help: "The AI's time for a move, by level and source (worker, or the short fallback search)",
  labelNames: ['level', 'source'] as const,
  buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.2, 2, 3, 3.2, 5],
  registers,
});

export const aiDepth = new Histogram({
  name: 'tafl_ai_depth',
  help: "The depth in plies the AI's search completed for a move, by level",
  labelNames: ['level'] as const,
  buckets: [1, 2, 3, 4, 5, 6, 7, 8, 10, 12],
  registers,
});

export const storeErrors = new Counter({
  name: 'tafl_store_errors_total',
  help: 'Store calls that failed (Redis unreachable or too slow), by operation',
  labelNames: ['operation'] as const,
  registers,
});

export const storeConflicts = new Counter({
  name: 'tafl_store_commit_conflicts_total',
  help: 'Commits refused because a key changed since it was read (two changes to one game at once)',
  registers,
});

export const pictureHits = new Counter({
  name: 'tafl_picture_cache_hits_total',
  help: 'Board pictures served from the cache of recent pictures',
  registers,
});

export const pictureMisses = new Counter({
  name: 'tafl_picture_cache_misses_total',
  help: 'Board pictures drawn because the cache did not have them',
  registers,
});

export const reviewPlotsDrawn = new Counter({
  name: 'tafl_review_plots_drawn_total',
  help: "/analyze's plots drawn (in the drawing thread), once per reviewed game and language while kept",
  registers,
});

export const reviewPlotHits = new Counter({
  name: 'tafl_review_plot_cache_hits_total',
  help: "/analyze's plots served from the plots kept",
  registers,
});

export const reviewPlotBytes = new Gauge({
  name: 'tafl_review_plot_cache_bytes',
  help: "The bytes of /analyze's plots kept in this process (bounded)",
  registers,
});

export const sweeperLagSeconds = new Histogram({
  name: 'tafl_sweeper_lag_seconds',
  help: 'How late background work was claimed after it fell due (a loss on time, a reminder, an AI turn...), by schedule',
  labelNames: ['schedule'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
  registers,
});

/** Counts the games in progress, when the process has a store (main.ts sets it). */
let countGames: (() => Promise<number | null>) | null = null;

export function countGamesWith(count: () => Promise<number | null>): void {
  countGames = count;
}

export const gamesInProgress = new Gauge({
  name: 'tafl_games_in_progress',
  help: "Games in progress in all the bot's guilds together (every process reports the same count, at most a minute old)",
  registers,
  async collect() {
    const count = await countGames?.().catch(() => null);
    if (count !== null && count !== undefined) this.set(count);
  },
});

let defaultsCollected = false;

/** Node's own metrics: event-loop delay (nodejs_eventloop_lag_*), heap, RSS, CPU, GC, handles. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}

export type Health = { ok: true } | { ok: false; reason: string };

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves /metrics and /healthz on `port` (0: any free port) until closed. */
export async function startMetricsServer(options: {
  port: number;
  host?: string;
  health: () => Promise<Health>;
}): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    const reply = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (path !== '/metrics' && path !== '/healthz')
      return reply(404, 'text/plain', 'not found: try /metrics or /healthz\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return reply(405, 'text/plain', 'method not allowed\n');
    }
    const answer =
      path === '/metrics'
        ? registry.metrics().then((text) => reply(200, registry.contentType, text))
        : options
            .health()
            .then((health) => reply(health.ok ? 200 : 503, 'application/json', JSON.stringify(health)));
    answer.catch((error: unknown) =>
      reply(500, 'text/plain', `${(error as Error)?.message ?? String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
