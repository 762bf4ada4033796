/**
 * `npm run start:shards`: the bot as several processes, one per discord.js shard, on one Redis.
 * Each process is `src/main.ts` serving the guilds of its shard; any process may finish any
 * game's work (moves, clocks, the AI), because every change is an atomic commit in Redis.
 * TOTAL_SHARDS fixes the number of shards; without it Discord's recommendation is used. With
 * SHARD_LIST (and TOTAL_SHARDS), this host runs only the shards listed, so that the shards can be
 * spread over several hosts, each running its own launcher. With METRICS_PORT, shard n serves its
 * metrics on METRICS_PORT + n (the launcher serves none).
 */
import 'dotenv/config';
import { fileURLToPath } from 'node:url';
import { REST, Routes, ShardingManager } from 'discord.js';
import { readConfigOrExit } from './config.ts';
import { createLogger } from './log.ts';
import { nodeVersionProblem } from './startup-checks.ts';

// The launcher itself would run, but every shard process would fail at module load.
const tooOld = nodeVersionProblem(process.versions.node);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
const config = readConfigOrExit();
const logger = createLogger({
  level: config.logLevel,
  secrets: [config.discordToken],
  fields: { launcher: true },
});

async function shardCount(): Promise<number> {
  if (config.shards) return config.shards.total;
  // Asked of the configured API, so that a REST proxy (or the test emulator) is honoured.
  const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(
    config.discordToken,
  );
  const { shards } = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return shards;
}

// Compiled (`npm run build`'s dist/), the shard processes run main.js; from the TypeScript sources, main.ts under tsx.
const compiled = !import.meta.url.endsWith('.ts');
const manager = new ShardingManager(
  fileURLToPath(new URL(compiled ? './main.js' : './main.ts', import.meta.url)),
  {
    token: config.discordToken,
    totalShards: await shardCount(),
    // discord.js ignores shardList when totalShards is 'auto'; config.ts requires TOTAL_SHARDS with it.
    shardList: config.shards?.list ?? 'auto',
    mode: 'process',
    execArgv: compiled ? [] : ['--import', 'tsx'],
    respawn: true,
  },
);
manager.on('shardCreate', (shard) =>
  logger.info('shard launched', { shard: shard.id, of: manager.totalShards }),
);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('stopping shards', { signal });
  // Each shard process stops cleanly on SIGTERM: it finishes the interactions in flight.
  await Promise.all(
    [...manager.shards.values()].map(
      (shard) =>
        new Promise<void>((resolve) => {
          const child = shard.process;
          if (!child || child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          shard.kill();
        }),
    ),
  );
  logger.info('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await manager.spawn({ timeout: 60_000 });
logger.info('all shards ready', { shards: [...manager.shards.keys()], of: manager.totalShards });
