/** `npm run deploy-commands`: registers the slash commands now, in GUILD_ID or globally. */
import 'dotenv/config';
import { REST } from 'discord.js';
import { readConfig } from '../../config.ts';
import { loadCommands } from './load-commands.ts';
import { commandBodies, registerCommands } from './register.ts';

const config = readConfig();
const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(
  config.discordToken,
);
const bodies = commandBodies(await loadCommands());
await registerCommands(
  {
    rest,
    applicationId: config.clientId,
    guildId: config.guildId,
    activity: config.web?.activity !== undefined,
  },
  bodies,
);
console.log(
  `Registered ${bodies.length} commands ${config.guildId ? `in guild ${config.guildId}` : 'globally'}.`,
);
