/** Finds the command modules in `commands/`, one file per slash command (the discord.js guide's layout). */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command } from './command.ts';

// From src/bot/discord/ to commands/, as in dist/ (dist/src/bot/discord/ to dist/commands/) when compiled.
const COMMANDS_DIR = fileURLToPath(new URL('../../../commands/', import.meta.url));
/** The command files are what this module is: .ts from the sources (tsx, vitest), .js compiled. */
const EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

export async function loadCommands(): Promise<Map<string, Command>> {
  const files = (await readdir(COMMANDS_DIR))
    .filter((file) => file.endsWith(EXTENSION) && !file.endsWith('.d.ts'))
    .sort();
  const commands = new Map<string, Command>();
  for (const file of files) {
    const module = (await import(pathToFileURL(`${COMMANDS_DIR}${file}`).href)) as Partial<Command>;
    if (!module.data || typeof module.execute !== 'function') {
      throw new Error(`commands/${file} must export data and execute`);
    }
    if (commands.has(module.data.name)) throw new Error(`two command files define /${module.data.name}`);
    commands.set(module.data.name, module as Command);
  }
  return commands;
}
