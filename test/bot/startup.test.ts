import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordLoginProblem, nodeVersionProblem } from '../../src/startup-checks.ts';
import { type DiscordEmulator, startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';
import { spawnBot } from './child.ts';

describe('the Node.js version check', () => {
  it('lets 20.15 and later 20s, 22.2 and later run', () => {
    for (const version of ['20.15.0', 'v20.15.1', '20.20.2', '22.2.0', '22.11.0', '23.0.0', '24.1.0'])
      expect(nodeVersionProblem(version), version).toBeNull();
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });

  it('refuses older ones (and 21, which never had zlib.crc32) in one line that says what to install', () => {
    for (const version of ['20.14.0', '20.0.0', 'v18.20.4', '21.7.3', '22.1.0', '16.0.0']) {
      const problem = nodeVersionProblem(version) ?? '';
      expect(problem, version).toMatch(/^Cannot start: the bot needs Node\.js 20\.15 or newer/);
      expect(problem).toContain(`this is Node.js ${version.replace(/^v/, '')}`);
      expect(problem).toContain('Install Node.js 22 LTS');
      expect(problem).not.toContain('\n');
    }
  });

  it('package.json promises the same Node.js, and npm start checks it first', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(manifest.engines.node).toBe('^20.15.0 || >=22.2.0');
    // npm start runs the compiled src/start.ts (dist/src/start.js), which checks before loading the bot.
    expect(manifest.scripts.start).toBe('node scripts/start.mjs');
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain("start: 'start.js'");
  });
});

describe('why logging in to Discord failed', () => {
  it('names a refused token, an unreachable Discord, and anything else by its message', () => {
    expect(
      discordLoginProblem(
        Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' }),
      ),
    ).toMatch(/^Discord refused the bot token: DISCORD_TOKEN is wrong or was reset/);
    expect(discordLoginProblem({ status: 401, message: '401: Unauthorized' })).toMatch(
      /refused the bot token/,
    );
    expect(
      discordLoginProblem(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe('Discord does not answer (ECONNREFUSED): check the network, or DISCORD_API_URL if it is set');
    expect(
      discordLoginProblem(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } })),
    ).toMatch(/^Discord does not answer \(ENOTFOUND\)/);
    expect(discordLoginProblem({ status: 502, message: 'Bad Gateway' })).toMatch(/HTTP 502/);
    expect(discordLoginProblem(new Error('something new'))).toBe('Discord refused the login: something new');
  });
});

describe('npm start that cannot start', () => {
  let emulator: DiscordEmulator;
  beforeAll(async () => {
    emulator = await startDiscordEmulator();
  });
  afterAll(async () => emulator?.close());

  /** `npm start` as a child process, with `env` over the emulator's settings and the tests' Redis. */
  async function start(env: Record<string, string>, preload: string[] = []) {
    const bot = spawnBot(
      emulator,
      { REDIS_URL: testRedisUrl, REDIS_NAMESPACE: `tafl-start-${randomBytes(4).toString('hex')}`, ...env },
      { entry: 'src/start.ts', preload },
    );
    const code = await bot.exited;
    return { code, lines: bot.output().trim().split('\n') };
  }

  it('on an older Node.js: one line saying what to install, before the bot’s modules load', async () => {
    const { code, lines } = await start({}, ['./test/bot/fixtures/node-20.10.mjs']);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot start: the bot needs Node\.js 20\.15 or newer.*this is Node\.js 20\.10\.0/,
    );
  });

  it('with an empty token: one line naming the setting', async () => {
    const { code, lines } = await start({ DISCORD_TOKEN: '' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Cannot start: DISCORD_TOKEN must be set: copy .env.example to .env and fill it in',
    ]);
  });

  it('with a token Discord refuses: one log line, without the token', async () => {
    const wrong = `${emulator.token.slice(0, -6)}wrong0`;
    const { code, lines } = await start({ DISCORD_TOKEN: wrong });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: 'error' });
    expect(line.message).toMatch(
      /^cannot start: Discord refused the bot token: DISCORD_TOKEN is wrong or was reset/,
    );
    expect(lines[0]).not.toContain(wrong);
    expect(lines[0]).not.toContain(emulator.token);
    expect(lines[0]).not.toContain('    at ');
  });

  it('when Discord does not answer: one log line, without the token', async () => {
    // Nothing listens on port 1.
    const { code, lines } = await start({ DISCORD_API_URL: 'http://127.0.0.1:1/api' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'error',
      message:
        'cannot start: Discord does not answer (ECONNREFUSED): check the network, or DISCORD_API_URL if it is set',
    });
    expect(lines[0]).not.toContain(emulator.token);
  });
});
