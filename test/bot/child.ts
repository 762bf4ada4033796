/** The bot as its own OS process (`src/main.ts`, as `npm start` runs it), pointed at the emulator. */
import { type ChildProcess, spawn } from 'node:child_process';
import type { DiscordEmulator } from '../discord-emulator/index.ts';

export interface BotChild {
  process: ChildProcess;
  output(): string;
  ready(timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** The script to run: `src/main.ts` by default, `src/start.ts` as `npm start` does. */
  entry?: string;
  /** Modules to load first (`--import`), e.g. one that makes the process look like another Node.js. */
  preload?: string[];
}

export function spawnBot(
  emulator: DiscordEmulator,
  env: Record<string, string>,
  { entry = 'src/main.ts', preload = [] }: SpawnOptions = {},
): BotChild {
  const profile = process.env.BOT_CPU_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BOT_CPU_PROFILE_DIR]
    : [];
  const imports = preload.flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...profile, ...imports, '--import', 'tsx', entry], {
    env: {
      ...process.env,
      DISCORD_TOKEN: emulator.token,
      CLIENT_ID: emulator.applicationId,
      GUILD_ID: emulator.guildId,
      DISCORD_API_URL: emulator.apiUrl,
      LOG_LEVEL: 'info',
      ...env,
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let readyMarks = 0;
  return {
    process: child,
    output: () => output,
    exited,
    async ready(timeoutMs = 20_000) {
      const want = ++readyMarks;
      await emulator.waitFor(() => output.split('"message":"ready"').length - 1 >= want, timeoutMs);
    },
  };
}
