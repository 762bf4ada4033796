/**
 * The shipped Dockerfile and compose.yaml, unchanged, built and run with podman the way a bot's
 * host runs them (`docker compose up -d`): the image is built from the Dockerfile, and
 * docker-compose, talking to podman's API, starts the bot and Redis from compose.yaml. The bot
 * logs in to the Discord emulator on this machine and plays; the game outlives `down` and `up`;
 * /healthz and the image's health check answer; `docker stop` (SIGTERM) stops the bot cleanly.
 *
 * The base images are stand-ins built by prepare.sh (no container registry is reachable here).
 * One file, compose.test.yaml, is laid over compose.yaml: the emulator listens on 127.0.0.1 only,
 * so the bot shares this machine's network and reaches Redis where its port is published.
 * Podman runs no health checks by itself without systemd: the test runs them (`podman
 * healthcheck run`), which is also what lets compose's `condition: service_healthy` pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordEmulator, startDiscordEmulator } from '../discord-emulator/index.ts';

const REPO = resolve(import.meta.dirname, '../..');
const CONTAINERS_CONF = join(import.meta.dirname, 'containers.conf');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; its output is kept, not shown. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<Outcome>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Like run, but a non-zero exit is an error carrying what the command said. */
async function runOk(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const outcome = await run(command, args, options);
  if (outcome.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${outcome.code}:\n${outcome.stdout}${outcome.stderr}`,
    );
  return outcome.stdout;
}

const env = { ...process.env, CONTAINERS_CONF };
const podman = (...args: string[]) => runOk('podman', args, { env });

/** A TCP port free on 127.0.0.1 now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The project as a fresh clone has it (tracked files, and new ones not ignored), copied to `to`. */
async function copyProject(to: string): Promise<void> {
  const files = (
    await runOk('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO })
  )
    .split('\0')
    .filter((file) => file && existsSync(join(REPO, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(REPO, file), join(to, file));
  }
}

describe('the image and compose.yaml, with podman', () => {
  const name = `tafl-test-${randomBytes(4).toString('hex')}`;
  const image = `${name}_bot`;
  const bot = `${name}_bot_1`;
  const redis = `${name}_redis_1`;
  let project: string;
  let emulator: DiscordEmulator;
  let service: ChildProcess | undefined;
  let composeEnv: NodeJS.ProcessEnv;
  let metricsPort: number;
  let boardBefore = '';
  /** The volumes of containers that `compose down` removed, for afterAll (none but redis-data, unless compose.yaml loses it). */
  const volumes = new Set<string>([`${name}_redis-data`]);
  let ann: ReturnType<DiscordEmulator['addUser']>;

  const compose = (...args: string[]) =>
    runOk('docker-compose', ['-p', name, '-f', 'compose.yaml', '-f', 'compose.test.yaml', ...args], {
      cwd: project,
      env: composeEnv,
    });
  const botLogs = async () => {
    const logs = await run('podman', ['logs', bot], { env });
    return logs.stdout + logs.stderr;
  };

  /**
   * `docker compose up -d`, running Redis's health check meanwhile (podman does not on its own),
   * then waits for the bot to log in.
   */
  async function composeUp(): Promise<void> {
    let upFinished = false;
    const up = compose('up', '-d').finally(() => {
      upFinished = true;
    });
    while (!upFinished) {
      await run('podman', ['healthcheck', 'run', redis], { env });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await up;
    await until(
      async () => (await botLogs()).includes('"message":"ready"'),
      90_000,
      'the bot to log in',
    ).catch(async (error) => {
      throw new Error(
        `${error.message}; the bot said:\n${(await botLogs()).split('\n').slice(-30).join('\n')}`,
      );
    });
  }

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    project = mkdtempSync(join(tmpdir(), 'tafl-compose-'));
    await copyProject(project);
    metricsPort = await freePort();
    const redisPort = await freePort();
    // .env as the quick start makes it: .env.example with the token (and here the emulator) filled in.
    const settings: Record<string, string | number> = {
      DISCORD_TOKEN: emulator.token,
      CLIENT_ID: emulator.applicationId,
      GUILD_ID: emulator.guildId,
      DISCORD_API_URL: emulator.apiUrl,
      METRICS_PORT: metricsPort,
    };
    let dotEnv = readFileSync(join(project, '.env.example'), 'utf8');
    for (const [key, value] of Object.entries(settings)) {
      expect(dotEnv).toMatch(new RegExp(`^${key}=$`, 'm'));
      dotEnv = dotEnv.replace(new RegExp(`^${key}=$`, 'm'), `${key}=${value}`);
    }
    writeFileSync(join(project, '.env'), dotEnv);
    writeFileSync(
      join(project, 'compose.test.yaml'),
      [
        'services:',
        '  bot:',
        '    network_mode: host',
        '    environment:',
        `      REDIS_URL: redis://127.0.0.1:${redisPort}`,
        '  redis:',
        '    ports:',
        `      - "127.0.0.1:${redisPort}:6379"`,
        '',
      ].join('\n'),
    );

    // podman's Docker-compatible API, for docker-compose.
    const socket = join(project, 'podman.sock');
    service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
      env,
      stdio: 'ignore',
    });
    composeEnv = { ...env, DOCKER_HOST: `unix://${socket}`, COMPOSE_INTERACTIVE_NO_CLI: '1' };
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const connection = createConnection(socket);
          connection.once('connect', () => {
            connection.destroy();
            resolve(true);
          });
          connection.once('error', () => resolve(false));
        }),
      30_000,
      "podman's API socket",
    );

    // The image compose.yaml's `build: .` makes, under the name docker-compose gives it. Docker's
    // format, which keeps HEALTHCHECK; no intermediate images left behind.
    const started = performance.now();
    await podman('build', '--format', 'docker', '--layers=false', '-t', image, project);
    console.info(`image built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });

  afterAll(async () => {
    if (composeEnv)
      await run(
        'docker-compose',
        ['-p', name, '-f', 'compose.yaml', '-f', 'compose.test.yaml', 'down', '-v', '-t', '1'],
        { cwd: project, env: composeEnv },
      );
    // Whatever down left (a container it did not know of), then the image.
    await run('podman', ['rm', '-f', '-v', bot, redis], { env });
    for (const volume of volumes) await run('podman', ['volume', 'rm', '-f', volume], { env });
    await run('podman', ['network', 'rm', '-f', `${name}_default`], { env });
    await run('podman', ['image', 'rm', '-f', image], { env });
    service?.kill('SIGTERM');
    if (project) rmSync(project, { recursive: true, force: true });
    await emulator?.close();
  });

  it('the image: runs node as a user, checks /healthz, has OCI labels, and holds only what runs', async () => {
    const [inspected] = JSON.parse(await podman('image', 'inspect', image));
    const config = inspected.Config;
    expect(config.User).toBe('node');
    expect(config.Cmd).toEqual(['node', 'dist/src/start.js']);
    // podman's inspect puts the health check beside Config, Docker's inside it.
    const healthCheck = inspected.Healthcheck ?? config.Healthcheck;
    expect(healthCheck.Test.join(' ')).toContain('/healthz');
    expect(config.Labels).toMatchObject({
      'org.opencontainers.image.title': 'tafl-bot',
      'org.opencontainers.image.licenses': 'MIT',
    });
    expect(config.Labels['org.opencontainers.image.description']).toMatch(/tafl/);

    // Every package the lock file marks as for development only (tsx, vitest, Biome, and theirs).
    const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8'));
    const devOnly = Object.entries(lock.packages as Record<string, { dev?: boolean }>)
      .filter(([path, entry]) => path && entry.dev)
      .map(([path]) => path);
    expect(devOnly).toContain('node_modules/vitest');
    const listing = JSON.parse(
      await podman(
        'run',
        '--rm',
        '--env',
        `DEV_ONLY=${JSON.stringify(devOnly)}`,
        '--entrypoint',
        'node',
        image,
        '-e',
        `const fs = require('node:fs');
         const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
           entry.isDirectory() ? walk(dir + '/' + entry.name) : [dir + '/' + entry.name]);
         console.log(JSON.stringify({
           top: fs.readdirSync('.').sort(),
           devInstalled: JSON.parse(process.env.DEV_ONLY).filter((path) => fs.existsSync(path + '/package.json')),
           hasDiscordJs: fs.existsSync('node_modules/discord.js/package.json'),
           sources: walk('.').filter((path) => !path.startsWith('./node_modules/') && /\\.(ts|mts)$/.test(path)),
         }));`,
      ),
    );
    expect(listing.top).toEqual([
      'data',
      'dist',
      'locales',
      'node_modules',
      'package-lock.json',
      'package.json',
    ]);
    expect(listing.devInstalled).toEqual([]);
    expect(listing.hasDiscordJs).toBe(true);
    expect(listing.sources).toEqual([]);

    const size = Number(inspected.Size);
    const [base] = JSON.parse(await podman('image', 'inspect', 'docker.io/library/node:22-bookworm-slim'));
    console.info(
      `image size: ${(size / 1e6).toFixed(0)} MB, of which the base image ${(Number(base.Size) / 1e6).toFixed(0)} MB`,
    );
  });

  it('compose up: the bot, as PID 1 and not root, logs in to the emulator and plays against the AI', async () => {
    await composeUp();
    expect((await podman('exec', bot, 'cat', '/proc/1/cmdline')).split('\0').filter(Boolean)).toEqual([
      'node',
      'dist/src/start.js',
    ]);
    expect((await podman('exec', bot, 'id', '-u')).trim()).not.toBe('0');

    ann = emulator.addUser('Ann');
    const challenge = await emulator
      .slash(ann, 'challenge', {
        opponent: emulator.botUser,
        variant: 'fetlar',
        side: 'attackers',
        level: 'easy',
      })
      .reply();
    expect(challenge.content).toContain('against the AI (easy)');
    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);
    const aiMove = await until(
      async () => (await botLogs()).split('\n').find((line) => line.includes('"message":"ai move"')),
      30_000,
      "the AI's move",
    );
    // The AI thinks in its worker thread (dist/src/ai/worker.js), not on the event loop.
    expect(JSON.parse(aiMove)).toMatchObject({ source: 'worker' });
    const board = await until(
      async () => {
        const reply = await emulator.slash(ann, 'board').reply();
        return reply.content.includes('**Ann** to move') && reply;
      },
      15_000,
      "Ann's turn",
    );
    expect(board.content).toContain('Move 2');
    boardBefore = board.content;
  });

  it('GET /healthz answers 200, and the health check in the image passes', async () => {
    const health = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect((await run('podman', ['healthcheck', 'run', bot], { env })).code).toBe(0);
  });

  it('compose down, then up: the game is still there (Redis keeps it on its volume)', async () => {
    expect(boardBefore).not.toBe('');
    for (const container of [bot, redis]) {
      const mounts = await podman('inspect', '--format', '{{range .Mounts}}{{.Name}} {{end}}', container);
      for (const volume of mounts.split(' ').filter(Boolean)) volumes.add(volume);
    }
    await compose('down');
    expect((await run('podman', ['container', 'exists', bot], { env })).code).toBe(1);
    await podman('volume', 'exists', `${name}_redis-data`);
    await composeUp();

    expect((await emulator.slash(ann, 'board').reply()).content).toBe(boardBefore);
    expect((await emulator.slash(ann, 'resign').reply()).content).toMatch(/resigned/);
  });

  it('docker stop (SIGTERM) stops the bot cleanly, well before its 10 s are up', async () => {
    const started = performance.now();
    await podman('stop', '--time', '10', bot);
    const seconds = (performance.now() - started) / 1000;
    // Exit code 0 (not 137): the bot ended itself, podman did not need its SIGKILL at 10 s.
    expect((await podman('inspect', '--format', '{{.State.ExitCode}}', bot)).trim()).toBe('0');
    expect(await botLogs()).toContain('"message":"stopped"');
    console.info(`SIGTERM to exit: ${seconds.toFixed(1)} s`);
  });
});
