/** Settings from the environment (and `.env`), checked once at startup. See `.env.example`. */
import type { LogLevel } from './log.ts';
import type { ClusterSetup, SentinelSetup } from './store/index.ts';

export interface Config {
  discordToken: string;
  clientId: string;
  /** Register the commands in this guild only (takes effect at once); otherwise globally. */
  guildId?: string;
  /** Without it (or redisSentinel), games live in memory and do not survive a restart. */
  redisUrl?: string;
  /** Redis behind Sentinel, instead of one server at redisUrl. */
  redisSentinel?: SentinelSetup;
  /** A Redis Cluster (REDIS_CLUSTER_NODES), instead of one server or Sentinel. */
  redisCluster?: ClusterSetup;
  /** Prefix of every key in Redis, so that several bots (or a test run) can share one server. */
  redisNamespace: string;
  logLevel: LogLevel;
  /** REST base URL, e.g. a REST proxy; the gateway address comes from its /gateway/bot answer. */
  discordApiUrl?: string;
  /** Serve /metrics and /healthz over HTTP (off without METRICS_PORT); a shard adds its index to the port. */
  metrics?: { port: number; host: string };
  /**
   * For the shard launcher: how many shards the bot has in all (TOTAL_SHARDS; without it Discord's
   * recommendation), and which of them this host runs (SHARD_LIST; without it all).
   */
  shards?: { total: number; list?: number[] };
  /**
   * The web board (off without PUBLIC_URL): its address as members' browsers see it, the port and
   * host it listens on (WEB_PORT, WEB_HOST), and the secret its links are signed with (WEB_SECRET).
   * With CLIENT_SECRET it also runs as an Activity inside Discord (see ActivitySetup).
   */
  web?: { publicUrl: string; port: number; host: string; secret: string; activity?: ActivitySetup };
}

/**
 * The web board as a Discord Activity: the application's id and OAuth2 client secret, with which
 * the server exchanges the code the Embedded App SDK's authorize gives the page, and the API it
 * asks (DISCORD_API_URL, else Discord's).
 */
export interface ActivitySetup {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
}

/** Discord's REST API, where the Activity's token exchange goes unless DISCORD_API_URL says otherwise. */
const DISCORD_API = 'https://discord.com/api';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const missing = ['DISCORD_TOKEN', 'CLIENT_ID'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new ConfigError(`${missing.join(' and ')} must be set: copy .env.example to .env and fill it in`);
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const optional = (name: string) => env[name]?.trim() || undefined;
  return {
    discordToken: (env.DISCORD_TOKEN as string).trim(),
    clientId: (env.CLIENT_ID as string).trim(),
    guildId: optional('GUILD_ID'),
    redisUrl: optional('REDIS_URL'),
    redisSentinel: sentinelSetup(optional),
    redisCluster: clusterSetup(optional),
    redisNamespace: optional('REDIS_NAMESPACE') ?? 'tafl',
    logLevel,
    discordApiUrl: optional('DISCORD_API_URL'),
    metrics: metricsSetup(optional),
    shards: shardSetup(optional),
    web: webSetup(optional),
  };
}

/** CLIENT_SECRET makes the web board an Activity too; it means nothing without the web board. */
function activitySetup(optional: (name: string) => string | undefined): ActivitySetup | undefined {
  const clientSecret = optional('CLIENT_SECRET');
  if (clientSecret === undefined) return undefined;
  if (optional('PUBLIC_URL') === undefined)
    throw new ConfigError(
      'CLIENT_SECRET is for the web board as an Activity: it needs PUBLIC_URL, WEB_PORT and WEB_SECRET too',
    );
  return {
    clientId: optional('CLIENT_ID') as string,
    clientSecret,
    apiUrl: (optional('DISCORD_API_URL') ?? DISCORD_API).replace(/\/+$/, ''),
  };
}

/** TOTAL_SHARDS and SHARD_LIST: several hosts each run some of the shards, every shard on exactly one. */
function shardSetup(optional: (name: string) => string | undefined): Config['shards'] {
  const total = optional('TOTAL_SHARDS');
  const list = optional('SHARD_LIST');
  if (total === undefined) {
    if (list !== undefined)
      throw new ConfigError(
        'SHARD_LIST needs TOTAL_SHARDS: set it to the number of shards of all hosts together',
      );
    return undefined;
  }
  if (!/^\d+$/.test(total) || Number(total) < 1)
    throw new ConfigError(`TOTAL_SHARDS must be a whole number, 1 or more (not "${total}")`);
  const count = Number(total);
  if (list === undefined) return { total: count };
  const ids = list.split(',').map((entry) => {
    const id = entry.trim();
    if (!/^\d+$/.test(id))
      throw new ConfigError(
        `SHARD_LIST must be shard ids separated by commas, e.g. 0,1 (not "${entry.trim()}")`,
      );
    if (Number(id) >= count)
      throw new ConfigError(
        `SHARD_LIST has shard ${Number(id)}, but with TOTAL_SHARDS=${count} the shards are 0 to ${count - 1}`,
      );
    return Number(id);
  });
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new ConfigError(`SHARD_LIST names shard ${twice} twice`);
  return { total: count, list: ids };
}

function metricsSetup(optional: (name: string) => string | undefined): Config['metrics'] {
  const port = optional('METRICS_PORT');
  if (port === undefined) return undefined;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new ConfigError(`METRICS_PORT must be a port number, 1 to 65535 (not "${port}")`);
  return { port: Number(port), host: optional('METRICS_HOST') ?? '127.0.0.1' };
}

/** PUBLIC_URL turns the web board on; WEB_PORT and WEB_SECRET must come with it. */
function webSetup(optional: (name: string) => string | undefined): Config['web'] {
  const activity = activitySetup(optional);
  const publicUrl = optional('PUBLIC_URL');
  if (publicUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http or https address, e.g. https://tafl.example.org`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError('PUBLIC_URL must be an http or https address, e.g. https://tafl.example.org');
  const port = optional('WEB_PORT');
  if (port === undefined || !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new ConfigError('PUBLIC_URL needs WEB_PORT, the port the web board listens on, 1 to 65535');
  const secret = optional('WEB_SECRET');
  if (secret === undefined || secret.length < 32)
    throw new ConfigError(
      'PUBLIC_URL needs WEB_SECRET, at least 32 characters to sign links with (openssl rand -hex 32)',
    );
  const host = optional('WEB_HOST') ?? '0.0.0.0';
  return { publicUrl: url.origin, port: Number(port), host, secret, ...(activity ? { activity } : {}) };
}

/** host:port pairs separated by commas, as REDIS_SENTINELS and REDIS_CLUSTER_NODES take them. */
function addresses(name: string, list: string, example: string): { host: string; port: number }[] {
  return list.split(',').map((entry) => {
    const address = /^\[?([^\s\]]+?)\]?:(\d{1,5})$/.exec(entry.trim());
    if (!address || Number(address[2]) > 65535)
      throw new ConfigError(
        `${name} must be host:port pairs separated by commas, e.g. ${example} (not "${entry.trim()}")`,
      );
    return { host: address[1], port: Number(address[2]) };
  });
}

function sentinelSetup(optional: (name: string) => string | undefined): SentinelSetup | undefined {
  const list = optional('REDIS_SENTINELS');
  if (!list) return undefined;
  if (optional('REDIS_URL')) throw new ConfigError('set REDIS_URL or REDIS_SENTINELS, not both');
  const sentinels = addresses('REDIS_SENTINELS', list, '10.0.0.1:26379,10.0.0.2:26379');
  return {
    sentinels,
    master: optional('REDIS_SENTINEL_MASTER') ?? 'mymaster',
    password: optional('REDIS_PASSWORD'),
  };
}

function clusterSetup(optional: (name: string) => string | undefined): ClusterSetup | undefined {
  const list = optional('REDIS_CLUSTER_NODES');
  if (!list) return undefined;
  const other = ['REDIS_URL', 'REDIS_SENTINELS'].filter((name) => optional(name));
  if (other.length > 0) throw new ConfigError(`set REDIS_CLUSTER_NODES or ${other.join(' and ')}, not both`);
  return {
    rootNodes: addresses('REDIS_CLUSTER_NODES', list, '10.0.0.1:7000,10.0.0.2:7000'),
    password: optional('REDIS_PASSWORD'),
  };
}

/** The settings for a process that cannot run without them: a missing or bad one ends it with the reason. */
export function readConfigOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
}
