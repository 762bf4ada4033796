/**
 * `npx tsx scripts/measure-start.ts [mode...] [--runs N]`: how long the bot takes from its start to
 * "ready", and how much memory (RSS) each of its processes holds then. The bot logs in to the local
 * Discord emulator (test/discord-emulator) and uses the tests' Redis (REDIS_URL, else 127.0.0.1).
 *
 * Modes:
 *  - `tsx`: `tsx src/start.ts`, as `npm start` ran the bot before it was compiled
 *  - `dist`: `node scripts/start.mjs`, as `npm start` runs it now (build it first: `npm run build`)
 *  - `shards-tsx`, `shards-dist`: the same for `npm run start:shards`, with two shards
 *
 * Processes are the command's whole process tree (tsx runs the bot in a child of its own CLI).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type DiscordEmulator, startDiscordEmulator } from '../test/discord-emulator/index.ts';
import { testRedisUrl } from '../test/support/redis-url.ts';

const MODES: Record<string, { argv: string[]; shards?: number; ready: string }> = {
  tsx: { argv: ['node_modules/.bin/tsx', 'src/start.ts'], ready: '"message":"ready"' },
  dist: { argv: [process.execPath, 'scripts/start.mjs'], ready: '"message":"ready"' },
  'shards-tsx': { argv: ['node_modules/.bin/tsx', 'src/shards.ts'], shards: 2, ready: 'all shards ready' },
  'shards-dist': {
    argv: [process.execPath, 'scripts/start.mjs', 'shards'],
    shards: 2,
    ready: 'all shards ready',
  },
};

/** After "ready", how long to wait before reading RSS (what the process holds once settled). */
const SETTLE_MS = 1000;

interface Sample {
  mode: string;
  readyMs: number;
  /** npm start built dist/ first (the sources changed since the last build): not a fair sample. */
  rebuilt: boolean;
  processes: { pid: number; rssMb: number; what: string }[];
}

function processTree(root: number): { pid: number; rssMb: number; what: string }[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), args: args.join(' ') };
    });
  const tree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const row of rows)
      if (tree.has(row.ppid) && !tree.has(row.pid)) {
        tree.add(row.pid);
        grown = true;
      }
  }
  return rows
    .filter((row) => tree.has(row.pid))
    .map((row) => ({ pid: row.pid, rssMb: Math.round(row.rssKb / 1024), what: row.args.slice(0, 80) }));
}

async function measure(mode: string, emulator: DiscordEmulator): Promise<Sample> {
  const { argv, shards, ready } = MODES[mode];
  emulator.recommendedShards = shards ?? 1;
  const started = performance.now();
  const child: ChildProcess = spawn(argv[0], argv.slice(1), {
    env: {
      ...process.env,
      DISCORD_TOKEN: emulator.token,
      CLIENT_ID: emulator.applicationId,
      GUILD_ID: emulator.guildId,
      DISCORD_API_URL: emulator.apiUrl,
      REDIS_URL: testRedisUrl,
      REDIS_NAMESPACE: `tafl-measure-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      emulator.waitFor(() => output.includes(ready), 120_000),
      exited.then(() => {
        throw new Error(`${mode} exited before ready:\n${output}`);
      }),
    ]);
    const readyMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return {
      mode,
      readyMs,
      rebuilt: output.includes('Building the bot'),
      processes: processTree(child.pid as number),
    };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const modes = args.length > 0 ? args : ['tsx', 'dist'];
for (const mode of modes) if (!MODES[mode]) throw new Error(`unknown mode ${mode}: ${Object.keys(MODES)}`);

const emulator = await startDiscordEmulator();
try {
  for (let run = 1; run <= runs; run++) {
    // Interleaved, so that a machine busy for a while weighs on every mode alike.
    for (const mode of modes) {
      const sample = await measure(mode, emulator);
      const processes = sample.processes.map((p) => `${p.rssMb} MB (${p.what})`).join('; ');
      const rebuilt = sample.rebuilt ? ' (built dist/ first)' : '';
      console.log(
        `${mode.padEnd(12)} run ${run}: ready after ${sample.readyMs} ms${rebuilt}; RSS ${processes}`,
      );
    }
  }
} finally {
  await emulator.close();
}
