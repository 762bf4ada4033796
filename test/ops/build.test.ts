/**
 * The compiled bot: scripts/build.mjs on a small project of its own (when it builds, what it
 * leaves), and `npm start` (scripts/start.mjs) running dist/ against the Discord emulator, with
 * the commands and the AI's worker thread compiled too.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordEmulator, startDiscordEmulator } from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const REPO = resolve(import.meta.dirname, '../..');

describe('scripts/build.mjs', () => {
  let project: string;
  beforeAll(() => {
    // A project of two modules and a command, laid out as the bot is, with the bot's tsconfigs.
    project = mkdtempSync(join(tmpdir(), 'tafl-build-'));
    mkdirSync(join(project, 'scripts'));
    mkdirSync(join(project, 'src'));
    mkdirSync(join(project, 'commands'));
    copyFileSync(join(REPO, 'scripts/build.mjs'), join(project, 'scripts/build.mjs'));
    copyFileSync(join(REPO, 'tsconfig.json'), join(project, 'tsconfig.json'));
    copyFileSync(join(REPO, 'tsconfig.build.json'), join(project, 'tsconfig.build.json'));
    symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'));
    writeFileSync(join(project, 'src/start.ts'), "import { two } from './two.ts';\nconsole.log(two);\n");
    writeFileSync(join(project, 'src/two.ts'), 'export const two: number = 2;\n');
    writeFileSync(join(project, 'commands/ping.ts'), "export const name: string = 'ping';\n");
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  /** What build.mjs says of the project: why it is stale (null: fresh). */
  const staleness = () =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "console.log(JSON.stringify((await import('./scripts/build.mjs')).staleness()))",
        ],
        { cwd: project, encoding: 'utf8' },
      ),
    );
  const build = () => execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: project, stdio: 'pipe' });

  it('builds dist/src and dist/commands, with .ts imports rewritten to .js; then dist/ is fresh', () => {
    expect(staleness()).toBe('dist/ is missing');
    build();
    expect(execFileSync(process.execPath, ['dist/src/start.js'], { cwd: project, encoding: 'utf8' })).toBe(
      '2\n',
    );
    expect(readdirSync(join(project, 'dist/commands'))).toEqual(['ping.js']);
    expect(staleness()).toBeNull();
  });

  it('is stale when a source changes, or a file is added or removed; a new build leaves no file of a removed source', () => {
    const later = new Date(Date.now() + 5000);
    utimesSync(join(project, 'src/two.ts'), later, later);
    expect(staleness()).toBe('the sources changed since dist/ was built');
    build();
    expect(staleness()).toBeNull();
    writeFileSync(join(project, 'commands/pong.ts'), "export const name: string = 'pong';\n");
    expect(staleness()).toBe('the sources changed since dist/ was built');
    build();
    expect(readdirSync(join(project, 'dist/commands')).sort()).toEqual(['ping.js', 'pong.js']);
    rmSync(join(project, 'commands/pong.ts'));
    expect(staleness()).toBe('the sources changed since dist/ was built');
    build();
    expect(readdirSync(join(project, 'dist/commands'))).toEqual(['ping.js']);
  });

  it('removes what a build stopped half-way left behind', () => {
    // Pid 2^22 + 1 is above Linux's highest: no process has it.
    mkdirSync(join(project, `dist.building-${2 ** 22 + 1}/src`), { recursive: true });
    mkdirSync(join(project, 'dist.old-1/src'), { recursive: true });
    build();
    expect(readdirSync(project).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
  });

  it('fails on a type error, says so on stderr, and leaves dist/ as it was', () => {
    writeFileSync(join(project, 'src/two.ts'), "export const two: number = 'two';\n");
    let failure: { status: number; stderr: Buffer; stdout: Buffer } | undefined;
    try {
      build();
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(1);
    expect(String(failure?.stderr)).toContain("Type 'string' is not assignable to type 'number'");
    expect(String(failure?.stderr)).toContain('Cannot build: tsc failed');
    expect(String(failure?.stdout)).toBe('');
    expect(execFileSync(process.execPath, ['dist/src/start.js'], { cwd: project, encoding: 'utf8' })).toBe(
      '2\n',
    );
    expect(readdirSync(project).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});

describe('npm start: the compiled bot', () => {
  let emulator: DiscordEmulator;
  let bot: ChildProcess;
  let output = '';
  beforeAll(async () => {
    emulator = await startDiscordEmulator();
  });
  afterAll(async () => {
    if (bot && bot.exitCode === null) bot.kill('SIGKILL');
    await emulator?.close();
  });

  it('runs from dist/ (built first if need be): every command, and the AI in its compiled worker', async () => {
    bot = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO,
      env: {
        ...process.env,
        DISCORD_TOKEN: emulator.token,
        CLIENT_ID: emulator.applicationId,
        GUILD_ID: emulator.guildId,
        DISCORD_API_URL: emulator.apiUrl,
        REDIS_URL: testRedisUrl,
        REDIS_NAMESPACE: `tafl-dist-${randomBytes(4).toString('hex')}`,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bot.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    bot.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => bot.once('exit', resolve));
    // A build that fails (a type error) ends the process: fail at once, with what it said.
    await Promise.race([
      emulator.waitFor(() => output.includes('"message":"ready"'), 120_000),
      exited.then((code) => {
        throw new Error(`npm start exited (${code}) before ready:\n${output}`);
      }),
    ]);
    const commandFiles = readdirSync(join(REPO, 'commands')).filter((file) => file.endsWith('.ts'));
    expect(output).toContain(`"commands":${commandFiles.length},`);
    for (const file of commandFiles)
      expect(existsSync(join(REPO, 'dist/commands', file.replace(/\.ts$/, '.js'))), file).toBe(true);
    expect(existsSync(join(REPO, 'dist/src/ai/worker.js'))).toBe(true);
    expect(output).not.toContain('the AI worker did not start');

    const ann = emulator.addUser('Ann');
    const started = await emulator
      .slash(ann, 'challenge', {
        opponent: emulator.botUser,
        variant: 'fetlar',
        side: 'attackers',
        level: 'easy',
      })
      .reply();
    expect(started.content).toContain('against the AI (easy)');
    expect((await emulator.slash(ann, 'move', { move: 'd1-d3' }).reply()).ephemeral).toBe(false);
    await emulator.waitFor(() => output.includes('"message":"ai move"'), 15_000);
    const aiMove = output.split('\n').find((line) => line.includes('"message":"ai move"')) ?? '';
    expect(JSON.parse(aiMove)).toMatchObject({ source: 'worker' });

    bot.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"message":"stopped"');
  }, 180_000);
});
