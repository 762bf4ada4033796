import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';

describe('settings from the environment', () => {
  it('needs the token and the client id, and says which is missing', () => {
    expect(() => readConfig({ CLIENT_ID: '1' })).toThrow(
      new ConfigError('DISCORD_TOKEN must be set: copy .env.example to .env and fill it in'),
    );
    expect(() => readConfig({})).toThrow(/DISCORD_TOKEN and CLIENT_ID must be set/);
  });

  it('reads the optional settings, treating empty ones as unset', () => {
    const config = readConfig({
      DISCORD_TOKEN: ' abc ',
      CLIENT_ID: '42',
      GUILD_ID: '',
      REDIS_URL: 'redis://x:6379',
      LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({
      discordToken: 'abc',
      clientId: '42',
      guildId: undefined,
      redisUrl: 'redis://x:6379',
      redisSentinel: undefined,
      redisNamespace: 'tafl',
      logLevel: 'debug',
      discordApiUrl: undefined,
    });
  });

  it('reads Redis behind Sentinel: the sentinels, the master name (default mymaster) and a password', () => {
    const base = { DISCORD_TOKEN: 'a', CLIENT_ID: 'b' };
    expect(readConfig({ ...base, REDIS_SENTINELS: '10.0.0.1:26379, [::1]:26380' }).redisSentinel).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      master: 'mymaster',
      password: undefined,
    });
    expect(
      readConfig({
        ...base,
        REDIS_SENTINELS: 'db:26379',
        REDIS_SENTINEL_MASTER: 'games',
        REDIS_PASSWORD: 'pw',
      }).redisSentinel,
    ).toEqual({ sentinels: [{ host: 'db', port: 26379 }], master: 'games', password: 'pw' });
    expect(() => readConfig({ ...base, REDIS_SENTINELS: 'db' })).toThrow(
      'REDIS_SENTINELS must be host:port pairs separated by commas, e.g. 10.0.0.1:26379,10.0.0.2:26379 (not "db")',
    );
    expect(() => readConfig({ ...base, REDIS_SENTINELS: 'db:99999' })).toThrow(/not "db:99999"/);
    expect(() => readConfig({ ...base, REDIS_SENTINELS: 'db:26379', REDIS_URL: 'redis://x' })).toThrow(
      'set REDIS_URL or REDIS_SENTINELS, not both',
    );
  });

  it('reads a Redis Cluster from REDIS_CLUSTER_NODES, alone, with the password', () => {
    const base = { DISCORD_TOKEN: 'a', CLIENT_ID: 'b' };
    expect(readConfig({ ...base, REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7001' }).redisCluster).toEqual({
      rootNodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      password: undefined,
    });
    expect(
      readConfig({ ...base, REDIS_CLUSTER_NODES: 'db:7000', REDIS_PASSWORD: 'pw' }).redisCluster,
    ).toEqual({
      rootNodes: [{ host: 'db', port: 7000 }],
      password: 'pw',
    });
    expect(readConfig(base).redisCluster).toBeUndefined();
    expect(() => readConfig({ ...base, REDIS_CLUSTER_NODES: '7000' })).toThrow(
      'REDIS_CLUSTER_NODES must be host:port pairs separated by commas, e.g. 10.0.0.1:7000,10.0.0.2:7000 (not "7000")',
    );
    expect(() => readConfig({ ...base, REDIS_CLUSTER_NODES: 'db:7000', REDIS_URL: 'redis://x' })).toThrow(
      'set REDIS_CLUSTER_NODES or REDIS_URL, not both',
    );
  });

  it('reads METRICS_PORT (off when empty) and METRICS_HOST (default 127.0.0.1)', () => {
    const base = { DISCORD_TOKEN: 'a', CLIENT_ID: 'b' };
    expect(readConfig({ ...base, METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(readConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    for (const wrong of ['0', '65536', 'http', '94.6'])
      expect(() => readConfig({ ...base, METRICS_PORT: wrong })).toThrow(
        `METRICS_PORT must be a port number, 1 to 65535 (not "${wrong}")`,
      );
  });

  it('reads TOTAL_SHARDS and SHARD_LIST, the shards of this host, and says what is wrong with them', () => {
    const base = { DISCORD_TOKEN: 'a', CLIENT_ID: 'b' };
    expect(readConfig(base).shards).toBeUndefined();
    expect(readConfig({ ...base, TOTAL_SHARDS: '4' }).shards).toEqual({ total: 4 });
    expect(readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: ' 2, 3 ' }).shards).toEqual({
      total: 4,
      list: [2, 3],
    });
    expect(readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: '' }).shards).toEqual({ total: 4 });
    expect(() => readConfig({ ...base, SHARD_LIST: '0,1' })).toThrow(
      new ConfigError('SHARD_LIST needs TOTAL_SHARDS: set it to the number of shards of all hosts together'),
    );
    for (const wrong of ['0', '-1', 'two', '2.5'])
      expect(() => readConfig({ ...base, TOTAL_SHARDS: wrong })).toThrow(
        new ConfigError(`TOTAL_SHARDS must be a whole number, 1 or more (not "${wrong}")`),
      );
    expect(() => readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: '1,4' })).toThrow(
      new ConfigError('SHARD_LIST has shard 4, but with TOTAL_SHARDS=4 the shards are 0 to 3'),
    );
    expect(() => readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: '0,1,0' })).toThrow(
      new ConfigError('SHARD_LIST names shard 0 twice'),
    );
    for (const wrong of ['0,,1', '0;1', '-1', '1.0', 'a'])
      expect(() => readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: wrong })).toThrow(
        /^SHARD_LIST must be shard ids separated by commas, e\.g\. 0,1 \(not "/,
      );
  });

  it('reads the web board as an Activity from CLIENT_SECRET, only beside PUBLIC_URL', () => {
    const web = {
      DISCORD_TOKEN: 'a',
      CLIENT_ID: '1234',
      PUBLIC_URL: 'https://tafl.example.org/',
      WEB_PORT: '8080',
      WEB_SECRET: 's'.repeat(32),
    };
    expect(readConfig(web).web).toEqual({
      publicUrl: 'https://tafl.example.org',
      port: 8080,
      host: '0.0.0.0',
      secret: 's'.repeat(32),
    });
    expect(readConfig({ ...web, CLIENT_SECRET: ' shh ' }).web?.activity).toEqual({
      clientId: '1234',
      clientSecret: 'shh',
      apiUrl: 'https://discord.com/api',
    });
    expect(
      readConfig({ ...web, CLIENT_SECRET: 'shh', DISCORD_API_URL: 'http://127.0.0.1:9/api/' }).web?.activity
        ?.apiUrl,
    ).toBe('http://127.0.0.1:9/api');
    expect(readConfig({ ...web, CLIENT_SECRET: '' }).web?.activity).toBeUndefined();
    expect(() => readConfig({ DISCORD_TOKEN: 'a', CLIENT_ID: 'b', CLIENT_SECRET: 'shh' })).toThrow(
      new ConfigError(
        'CLIENT_SECRET is for the web board as an Activity: it needs PUBLIC_URL, WEB_PORT and WEB_SECRET too',
      ),
    );
  });

  it('refuses an unknown log level', () => {
    expect(() => readConfig({ DISCORD_TOKEN: 'a', CLIENT_ID: 'b', LOG_LEVEL: 'loud' })).toThrow(
      /LOG_LEVEL must be one of/,
    );
  });
});

describe('.env.example', () => {
  it('explains every setting the bot reads', () => {
    const sources = ['src/config.ts', 'src/shards.ts'].map((file) => readFileSync(file, 'utf8')).join('\n');
    const read = new Set(
      [...sources.matchAll(/(?:env\.|\[?')([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)].map((match) => match[1]),
    );
    expect([...read]).toEqual(expect.arrayContaining(['DISCORD_TOKEN', 'REDIS_SENTINELS', 'TOTAL_SHARDS']));
    const explained = readFileSync('.env.example', 'utf8');
    for (const name of read) expect(explained, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('structured logs', () => {
  it('write one JSON line per entry, at or above the level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
    logger.debug('hidden');
    logger.info('interaction', { command: 'move', latencyMs: 12 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      message: 'interaction',
      command: 'move',
      latencyMs: 12,
    });
  });

  it('never contain the token or a password in a URL, wherever they hide', () => {
    const token = 'MTIzNDU2Nzg5.secret-token-value';
    const lines: string[] = [];
    const logger = createLogger({ secrets: [token], write: (line) => lines.push(line) });
    logger.error('failed', {
      error: new Error(`401 for token ${token}`),
      url: 'redis://bot:hunter22@db:6379',
    });
    expect(lines[0]).not.toContain(token);
    expect(lines[0]).not.toContain('hunter22');
    expect(lines[0]).toContain('[redacted]');
    expect(JSON.parse(lines[0]).error).toMatchObject({ name: 'Error', message: '401 for token [redacted]' });
  });

  it('redact fields named like secrets, and a secret as JSON escapes it', () => {
    const password = 'pa"ss\\word';
    const lines: string[] = [];
    const logger = createLogger({ secrets: [password], write: (line) => lines.push(line) });
    logger.warn('connecting', {
      options: { password: 'short', host: 'db' },
      token: 'x',
      note: `pw ${password}`,
    });
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 'warn',
      message: 'connecting',
      options: { password: '[redacted]', host: 'db' },
      token: '[redacted]',
      note: 'pw [redacted]',
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('carry the fields given to every line, e.g. the shard', () => {
    const lines: string[] = [];
    createLogger({ fields: { shards: [1] }, write: (line) => lines.push(line) }).info('ready');
    expect(JSON.parse(lines[0])).toMatchObject({ shards: [1], message: 'ready', level: 'info' });
  });
});
