/** The bot as its own OS process (`src/main.ts`, as `npm start` runs it), pointed at the emulator. */
import { type ChildProcess, spawn } from 'node:child_process';
import type { DiscordEmulator } from '../discord-emulator/index.ts';

export interface BotChild {
  process: ChildProcess;
  output(): string;
  ready(timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function spawnBot(emulator: DiscordEmulator, env: Record<string, string>): BotChild {
  const profile = process.env.BOT_CPU_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BOT_CPU_PROFILE_DIR]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
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
