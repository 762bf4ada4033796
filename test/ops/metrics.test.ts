/**
 * METRICS_PORT: /metrics and /healthz over real HTTP, for a bot logged in to the Discord emulator
 * with its store on the tests' Redis; and the port each process of `npm start` serves.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayProblem, healthCheck } from '../../src/health.ts';
import { countGamesWith, type MetricsServer, startMetricsServer } from '../../src/metrics.ts';
import { createStore, inGuild } from '../../src/store/index.ts';
import { spawnBot } from '../bot/child.ts';
import { startWorld, type World } from '../bot/harness.ts';
import { startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

let world: World;
let server: MetricsServer;

/** The value of one sample in Prometheus text, e.g. `tafl_moves_total` or `name{label="x"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function get(
  path: string,
  port = server.port,
): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

beforeAll(async () => {
  world = await startWorld(1);
  const { bot, store } = world.bots[0];
  countGamesWith(() => store.countAcrossGuilds('game'));
  server = await startMetricsServer({
    port: 0,
    health: healthCheck(() => gatewayProblem(bot.client), store),
  });
});

afterAll(async () => {
  await server?.close();
  await world?.close();
});

describe('GET /metrics and /healthz', () => {
  it('/healthz: 200 {"ok":true} while logged in with the store answering', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, type: 'application/json', body: '{"ok":true}' });
  });

  it('/metrics: interactions by command and outcome, latency, moves, the AI, pictures, the event loop', async () => {
    const { emulator } = world;
    const before = (await get('/metrics')).body;
    const ann = emulator.addUser('Ann');
    expect((await emulator.slash(ann, 'help').reply()).ephemeral).toBe(true);
    await emulator
      .slash(ann, 'challenge', {
        opponent: emulator.botUser,
        variant: 'brandubh',
        side: 'attackers',
        level: 'easy',
      })
      .reply();
    // d2 holds an attacker: refused.
    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(true);
    const logs = world.bots[0].logs;
    expect((await emulator.slash(ann, 'move', { move: 'b4-b2' }).reply()).ephemeral).toBe(false);
    await emulator.waitFor(() => logs.some((line) => line.includes('"message":"ai move"')), 15_000);
    await emulator.slash(ann, 'board').reply();
    await emulator.slash(ann, 'board').reply();
    // Never answered: no such command.
    void emulator.slash(ann, 'nonsense');
    await emulator.waitFor(() => logs.some((line) => line.includes('"outcome":"unknown-command"')));

    const { status, type, body } = await get('/metrics');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const grew = (series: string) => sample(body, series) - sample(before, series);
    expect(grew('tafl_interactions_total{kind="command",command="help",outcome="answered"}')).toBe(1);
    expect(grew('tafl_interactions_total{kind="command",command="move",outcome="answered"}')).toBe(1);
    expect(grew('tafl_interactions_total{kind="command",command="move",outcome="refused"}')).toBe(1);
    expect(grew('tafl_interactions_total{kind="command",command="unknown",outcome="unknown-command"}')).toBe(
      1,
    );
    expect(grew('tafl_moves_total')).toBe(1);
    expect(grew('tafl_interaction_duration_seconds_count{kind="command",command="move"}')).toBe(2);
    expect(body).toContain(
      'tafl_interaction_duration_seconds_bucket{le="0.01",kind="command",command="help"}',
    );
    expect(grew('tafl_ai_think_seconds_count{level="easy",source="worker"}')).toBeGreaterThanOrEqual(1);
    expect(grew('tafl_ai_depth_count{level="easy"}')).toBeGreaterThanOrEqual(1);
    expect(grew('tafl_picture_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(grew('tafl_picture_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(body).toContain('# TYPE tafl_store_commit_conflicts_total counter');
    // The AI's turn was claimed from its schedule, and how late was noted.
    expect(grew('tafl_sweeper_lag_seconds_count{schedule="ai-turns"}')).toBeGreaterThanOrEqual(1);
    // Counted once a minute for all processes: at most a minute old, so 0 (before the game) or 1.
    expect(body).toContain('# TYPE tafl_games_in_progress gauge');
    expect([0, 1]).toContain(sample(body, 'tafl_games_in_progress'));
    expect(body).toMatch(/^tafl_games_in_progress \d+$/m);
  });

  it('counts commit conflicts and store errors', async () => {
    const store = await createStore({ namespace: `tafl-metrics-${randomBytes(4).toString('hex')}` });
    const before = (await get('/metrics')).body;
    const key = inGuild('g', 'k');
    await store.commit([{ key, value: 1, expectRevision: 0 }]);
    expect(await store.commit([{ key, value: 2, expectRevision: 0 }])).toEqual({ ok: false, conflict: key });
    const redis = await createStore({
      redisUrl: testRedisUrl,
      namespace: `tafl-metrics-${randomBytes(4).toString('hex')}`,
    });
    await redis.close();
    await expect(redis.claimDue('schedule:x', Date.now(), 1000)).rejects.toThrow(/Redis/);
    const after = (await get('/metrics')).body;
    expect(
      sample(after, 'tafl_store_commit_conflicts_total') -
        sample(before, 'tafl_store_commit_conflicts_total'),
    ).toBe(1);
    expect(
      sample(after, 'tafl_store_errors_total{operation="claim"}') -
        sample(before, 'tafl_store_errors_total{operation="claim"}'),
    ).toBe(1);
    await store.close();
  });

  it('answers 404 elsewhere and 405 to anything but GET', async () => {
    expect((await get('/')).status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('/healthz: 503 with the reason when the client is not logged in', async () => {
    const client = new Client({ intents: [] });
    const idle = await startMetricsServer({
      port: 0,
      health: healthCheck(() => gatewayProblem(client), world.bots[0].store),
    });
    try {
      const { status, body } = await get('/healthz', idle.port);
      expect(status).toBe(503);
      expect(JSON.parse(body)).toEqual({ ok: false, reason: 'not logged in to the Discord gateway' });
    } finally {
      await idle.close();
      await client.destroy();
    }
  });

  it('/healthz: 503 with the reason when the store does not answer', async () => {
    // Last: the bot's own store goes away.
    await world.bots[0].store.close();
    const { status, body } = await get('/healthz');
    expect(status).toBe(503);
    const health = JSON.parse(body);
    expect(health.ok).toBe(false);
    expect(health.reason).toMatch(/^the store does not answer: Redis is not connected/);
    expect(sample((await get('/metrics')).body, 'tafl_store_errors_total{operation="ping"}')).toBeGreaterThan(
      0,
    );
  });
});

/** A port nothing listens on, with the next one free too. */
async function freePorts(): Promise<number> {
  for (;;) {
    const port = await listenAndClose(0);
    if ((await listenAndClose(port + 1).catch(() => null)) !== null) return port;
  }
}

function listenAndClose(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const bound = (probe.address() as { port: number }).port;
      probe.close(() => resolve(bound));
    });
  });
}

describe('METRICS_PORT in the bot process', () => {
  let emulator: Awaited<ReturnType<typeof startDiscordEmulator>>;
  beforeAll(async () => {
    emulator = await startDiscordEmulator();
  });
  afterAll(async () => emulator?.close());

  it('serves on METRICS_PORT, plus the shard index when the process serves a shard', async () => {
    const port = await freePorts();
    emulator.recommendedShards = 2;
    // As the shard launcher starts shard 1 of 2: discord.js reads SHARDS and SHARD_COUNT.
    const bot = spawnBot(emulator, {
      REDIS_URL: testRedisUrl,
      REDIS_NAMESPACE: `tafl-metrics-${randomBytes(4).toString('hex')}`,
      METRICS_PORT: String(port),
      SHARDS: '[1]',
      SHARD_COUNT: '2',
    });
    try {
      await bot.ready();
      expect(await get('/healthz', port + 1)).toMatchObject({ status: 200, body: '{"ok":true}' });
      expect((await get('/metrics', port + 1)).body).toContain('# TYPE tafl_interactions_total counter');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      expect(bot.output()).toContain(
        `"url":"http://127.0.0.1:${port + 1}/metrics","message":"serving metrics"`,
      );
    } finally {
      bot.process.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    }
  });
});
