/** The bot process: a discord.js client logged in to the gateway, routing interactions to commands. */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { GameService } from '../game/service.ts';
import type { Logger } from '../log.ts';
import type { BotContext } from './command.ts';
import { loadCommands } from './load-commands.ts';
import { createBoardPictures } from './pictures.ts';
import { commandBodies, syncCommands } from './register.ts';
import { createRouter } from './router.ts';

export interface BotOptions {
  token: string;
  applicationId: string;
  guildId?: string;
  /** REST base URL (a REST proxy, or the test emulator); the gateway address comes from it. */
  apiUrl?: string;
  service: GameService;
  logger: Logger;
}

export interface Bot {
  client: Client;
  /** Logs in, registers the commands if they changed, and resolves when ready. */
  start(): Promise<void>;
  /** Stops taking interactions, lets those in flight finish, and disconnects. */
  stop(): Promise<void>;
}

export async function createBot(options: BotOptions): Promise<Bot> {
  const commands = await loadCommands();
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: options.apiUrl ? { api: options.apiUrl } : {},
  });
  const context: BotContext = {
    service: options.service,
    pictures: createBoardPictures(),
    logger: options.logger,
  };
  const router = createRouter(commands, context);
  let accepting = true;

  client.on(Events.InteractionCreate, (interaction) => {
    if (!accepting) return;
    void router.handle(interaction);
  });
  client.on(Events.Error, (error) => options.logger.error('discord client error', { error }));
  client.on(Events.ShardDisconnect, (event, shard) =>
    options.logger.warn('gateway disconnected', { shard, code: event.code }),
  );

  return {
    client,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token);
      await ready;
      const registration = {
        rest: client.rest,
        applicationId: options.applicationId,
        guildId: options.guildId,
      };
      const outcome = await syncCommands(registration, commandBodies(commands));
      options.logger.info('ready', {
        user: client.user?.tag,
        commands: commands.size,
        registration: outcome,
        scope: options.guildId ? `guild ${options.guildId}` : 'global',
      });
    },
    async stop() {
      accepting = false;
      await router.drain();
      await client.destroy();
    },
  };
}
