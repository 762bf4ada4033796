/** `npm start`: reads the settings, opens the store, and runs the bot until SIGINT or SIGTERM. */
import 'dotenv/config';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from './app.ts';
import { createBot } from './bot/discord/client.ts';
import { readConfigOrExit } from './config.ts';
import { gatewayProblem, healthCheck } from './health.ts';
import { createLogger } from './log.ts';
import { countGamesWith, type MetricsServer, startMetricsServer } from './metrics.ts';
import { discordLoginProblem } from './startup-checks.ts';
import { createStore, StoreUnavailableError } from './store/index.ts';
import { LinkSigner, type LiveFeed, liveFeedFor, startWebBoard, type WebBoard } from './web/index.ts';

async function main(): Promise<void> {
  const config = readConfigOrExit();
  // Under the shard launcher (`npm run start:shards`) discord.js tells each process its shards.
  const shardIds: unknown = process.env.SHARDS ? JSON.parse(process.env.SHARDS) : undefined;
  const shards = shardIds === undefined ? {} : { shards: Array.isArray(shardIds) ? shardIds : [shardIds] };
  const shardIndex = Number(shards.shards?.[0] ?? 0);
  const secrets = [
    config.discordToken,
    config.redisSentinel?.password,
    config.redisCluster?.password,
    config.web?.secret,
    config.web?.activity?.clientSecret,
  ].filter((secret) => secret !== undefined);
  const logger = createLogger({ level: config.logLevel, secrets, fields: shards });
  const store = await createStore({
    redisUrl: config.redisUrl,
    sentinel: config.redisSentinel,
    cluster: config.redisCluster,
    namespace: config.redisNamespace,
    onLayoutMigrated: (report) => logger.info('moved the Redis keys to the guild layout', { ...report }),
  }).catch((error: unknown) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    logger.error(
      'cannot start: Redis does not answer; start it, or correct REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES',
      {
        error: error.message,
      },
    );
    process.exit(1);
  });
  if (store.ephemeral) {
    logger.warn('REDIS_URL is not set: games are kept in memory and will not survive a restart');
  }
  // The web board's live updates: every process's changes through the store's Redis (one process: in it).
  const feed: LiveFeed | undefined = config.web
    ? await liveFeedFor(
        {
          redisUrl: config.redisUrl,
          sentinel: config.redisSentinel,
          cluster: config.redisCluster,
          namespace: config.redisNamespace,
        },
        logger,
      )
    : undefined;
  const app = createApp(store, { feed });
  countGamesWith(() => store.countAcrossGuilds('game'));
  const bot = await createBot({
    token: config.discordToken,
    applicationId: config.clientId,
    guildId: config.guildId,
    apiUrl: config.discordApiUrl,
    app,
    logger,
    webLinks: config.web ? new LinkSigner(config.web.secret, config.web.publicUrl) : undefined,
    activity: config.web?.activity !== undefined,
  });
  let web: WebBoard | undefined;
  if (config.web && feed) {
    const setup = config.web;
    web = await startWebBoard(setup, {
      app,
      feed,
      logger,
      onMoved: (played) => bot.announceWebMove(played),
      onAction: (done) => bot.announceWebAction(done),
      canView: bot.canView,
    }).catch(async (error: unknown) => {
      logger.error(`cannot start: cannot serve the web board on ${setup.host}:${setup.port} (WEB_PORT)`, {
        error: (error as Error).message,
      });
      await store.close().catch(() => {});
      process.exit(1);
    });
  }

  // METRICS_PORT: /metrics and /healthz, on the port plus the shard's index under the shard launcher.
  let stopping = false;
  let metrics: MetricsServer | undefined;
  if (config.metrics) {
    const port = config.metrics.port + shardIndex;
    const healthy = healthCheck(() => (stopping ? 'stopping' : gatewayProblem(bot.client)), store);
    metrics = await startMetricsServer({ port, host: config.metrics.host, health: healthy }).catch(
      async (error: unknown) => {
        logger.error(
          `cannot start: cannot listen on ${config.metrics?.host}:${port} for metrics (METRICS_PORT)`,
          {
            error: (error as Error).message,
          },
        );
        await store.close().catch(() => {});
        process.exit(1);
      },
    );
    logger.info('serving metrics', { url: `http://${config.metrics.host}:${port}/metrics` });
  }

  // Event-loop delay: how long a ready interaction may wait before the process gets to it.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const health = () => ({
    eventLoopDelayP50Ms: Math.round(delay.percentile(50) / 1e4) / 100,
    eventLoopDelayP99Ms: Math.round(delay.percentile(99) / 1e4) / 100,
    eventLoopDelayMaxMs: Math.round(delay.max / 1e4) / 100,
    memoryMb: Math.round(process.memoryUsage().rss / 1e6),
  });
  setInterval(() => logger.info('health', health()), 60_000).unref();

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    await web?.close();
    await bot.stop();
    await feed?.close();
    await store.close();
    await metrics?.close();
    logger.info('stopped', health());
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A wrong token or a Discord that does not answer ends the process with the reason in one line.
  await bot.start().catch(async (error: unknown) => {
    logger.error(`cannot start: ${discordLoginProblem(error)}`);
    await store.close().catch(() => {});
    process.exit(1);
  });
}

await main();
