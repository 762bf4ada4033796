/** The bot process: a discord.js client logged in to the gateway, routing interactions to commands. */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { AiPlayer } from '../ai/player.ts';
import type { GameService } from '../game/service.ts';
import type { Messages } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { ReplayBuilder } from '../replay/builder.ts';
import { MemberSettingsService } from '../settings/service.ts';
import { TurnAlerts } from '../settings/turn-alerts.ts';
import type { LinkSigner } from '../web/links.ts';
import type { Played } from '../web/server.ts';
import { AiDriver } from './ai-driver.ts';
import { AnalysisRuns } from './analysis-runs.ts';
import { announcement, secondGame } from './announce.ts';
import { ChallengeExpiry } from './challenge-expiry.ts';
import type { BotContext } from './command.ts';
import { guardRequests } from './discord-limits.ts';
import { situation } from './game-messages.ts';
import { exemptInteractionWebhooks } from './interaction-rest.ts';
import { loadCommands } from './load-commands.ts';
import { createBoardPictures, warmPictures } from './pictures.ts';
import { PracticeRuns } from './practice-runs.ts';
import { messagesOfChannel, onlyMention, type Post } from './present.ts';
import { PuzzleDesk } from './puzzle-daily.ts';
import { noteReceived } from './received-at.ts';
import { commandBodies, syncCommands } from './register.ts';
import { ReviewPlots } from './review-plots.ts';
import { createRouter } from './router.ts';
import { TournamentDriver } from './tournament-driver.ts';
import { TurnAlertDriver } from './turn-alerts.ts';
import { webMoveAnnouncement } from './web-moves.ts';

export interface BotOptions {
  token: string;
  applicationId: string;
  guildId?: string;
  /** REST base URL (a REST proxy, or the test emulator); the gateway address comes from it. */
  apiUrl?: string;
  service: GameService;
  logger: Logger;
  /** How often to sweep (default 15 s); 0 turns the timers off (tests sweep by hand). */
  sweepIntervalMs?: number;
  /**
   * How often to look for deadlines and reminders alone (default half a second, as a blitz
   * player's time running out is found within a second; never longer than `sweepIntervalMs`).
   */
  clockSweepIntervalMs?: number;
  /** What the AI has for each position when /analyze reviews a game (default 200 ms). */
  analysisMsPerPosition?: number;
  /** Signs the web board's personal links (src/web); without it the web board is off. */
  webLinks?: LinkSigner;
}

export interface Bot {
  client: Client;
  /** Resolves when no AI turn is being played. */
  aiIdle(): Promise<void>;
  /**
   * Ends games lost on time, sends reminders and closes expired challenges; runs every
   * `sweepIntervalMs`, and tests call it.
   */
  sweep(): Promise<void>;
  /** Logs in, registers the commands if they changed, and resolves when ready. */
  start(): Promise<void>;
  /** Stops taking interactions, lets those in flight finish, and disconnects. */
  stop(): Promise<void>;
  /** Posts the usual board message for a move made on the web board, and lets the AI answer it. */
  announceWebMove(played: Played): Promise<void>;
}

export async function createBot(options: BotOptions): Promise<Bot> {
  const commands = await loadCommands();
  const rest = {
    ...(options.apiUrl ? { api: options.apiUrl } : {}),
    makeRequest: guardRequests(options.logger),
  };
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest });
  exemptInteractionWebhooks(client.rest, options.applicationId, rest);
  const aiPlayer = new AiPlayer();
  const { store, now } = options.service.storage;
  const settings = new MemberSettingsService(store, now);
  const pictures = createBoardPictures(64, async (userId) => (await settings.read(userId)).view);
  const replays = new ReplayBuilder();
  const context: BotContext = {
    service: options.service,
    pictures,
    logger: options.logger,
    ai: new AiDriver(options.service, aiPlayer, client, pictures, options.logger),
    expiry: new ChallengeExpiry(options.service, client, options.logger),
    analyses: new AnalysisRuns(options.service, options.analysisMsPerPosition),
    replays,
    plots: new ReviewPlots((review, labels) => replays.plot(review, labels)),
    tournaments: new TournamentDriver(
      options.service.tournaments,
      client,
      pictures,
      options.logger,
      (table) => replays.crosstable(table),
    ),
    puzzles: new PuzzleDesk(options.service, client, options.logger),
    practice: new PracticeRuns(),
    webLinks: options.webLinks,
    settings,
    alerts: new TurnAlertDriver(
      new TurnAlerts(store, settings, (table) => options.service.board(table), now),
      client,
      pictures,
      (userId) => settings.noteDmsClosed(userId),
      (userId, game) => settings.addWaiting(userId, game),
      options.logger,
    ),
  };
  const router = createRouter(commands, context);
  let accepting = true;

  client.on(Events.InteractionCreate, (interaction) => {
    if (!accepting) return;
    noteReceived(interaction, options.service.storage.now());
    const handled = router.handle(interaction);
    // A command or button may have ended a tournament game, or started or changed a tournament.
    if (interaction.isChatInputCommand() || interaction.isButton())
      void handled.then(() => context.tournaments.nudge());
    // A command, button or menu may have passed the turn: its player may want a direct message.
    if (!interaction.isAutocomplete()) void handled.then(() => context.alerts.nudge());
  });
  client.on(Events.Error, (error) => options.logger.error('discord client error', { error }));
  client.on(Events.ShardDisconnect, (event, shard) =>
    options.logger.warn('gateway disconnected', { shard, code: event.code }),
  );

  /** Ends games lost on time and sends the reminders: the clocks' part of the sweep. */
  async function sweepClocks(): Promise<void> {
    const found = await options.service.sweep();
    for (const active of found.timedOut) {
      await post(active.channelId, (m) =>
        announcement(m, situation(m, active, false), active, context.pictures),
      );
    }
    for (const next of found.nextGames)
      await post(next.channelId, (m) => secondGame(m, next, context.pictures));
    // A match against the AI whose game 1 was lost on time: game 2 may open with the AI's turn.
    if (found.nextGames.some((next) => next.ai)) context.ai.nudge();
    for (const { channelId, player, deadline, lowTime } of found.reminders) {
      const when = `<t:${Math.floor(deadline / 1000)}:R>`;
      await post(channelId, async (m) => ({
        content: lowTime
          ? m.clock.lowTime({ playerId: player.id, when })
          : m.reminder({ playerId: player.id, deadline: when }),
        allowedMentions: onlyMention(player.id),
      }));
    }
    // Games lost on time may end a tournament round.
    if (found.timedOut.length > 0) context.tournaments.nudge();
    // An AI turn whose claimer died falls due when its lease ends: looked for as often as deadlines.
    context.ai.nudge();
  }

  async function sweep(): Promise<void> {
    context.ai.nudge();
    context.expiry.nudge();
    await sweepClocks();
    await context.expiry.idle();
    context.tournaments.nudge();
    await context.tournaments.idle();
    await context.puzzles.sweep();
    // Turn alerts and digests due (a turn passed by the AI, a quiet hour ended, a digest's hour).
    context.alerts.nudge();
    await context.alerts.idle();
  }

  /** Posts to a channel in its server's language; a channel that is gone or closed to the bot is logged, not fatal. */
  async function post(channelId: string, message: (m: Messages) => Promise<Post>): Promise<void> {
    try {
      const channel = await client.channels.fetch(channelId);
      if (channel?.isSendable()) await channel.send(await message(messagesOfChannel(channel)));
    } catch (error) {
      options.logger.warn('could not post to a channel', { channel: channelId, error });
    }
  }

  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;
  let clockSweeper: NodeJS.Timeout | undefined;
  let clockSweeping: Promise<void> | null = null;
  const sweepInterval = options.sweepIntervalMs ?? 15_000;
  const clockSweepInterval = Math.min(sweepInterval, options.clockSweepIntervalMs ?? 500);

  return {
    client,
    aiIdle: () => context.ai.idle(),
    async announceWebMove(played) {
      const { game: active, nextGame } = played;
      await post(active.channelId, (m) => webMoveAnnouncement(m, played, context.pictures));
      if (nextGame) await post(nextGame.channelId, (m) => secondGame(m, nextGame, context.pictures));
      if ((active.ai && !active.game.result) || nextGame?.ai) context.ai.nudge();
      if (active.tournament) context.tournaments.nudge();
    },
    sweep,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      const loggingIn = client.login(options.token);
      // Awaited below, after the pictures are warm; until then a refused login is not "unhandled".
      loggingIn.catch(() => {});
      await warmPictures();
      await loggingIn;
      await ready;
      const registration = {
        rest: client.rest,
        applicationId: options.applicationId,
        guildId: options.guildId,
      };
      const outcome = await syncCommands(registration, commandBodies(commands));
      await aiPlayer.warm().catch((error) => options.logger.warn('the AI worker did not start', { error }));
      // AI turns left when the bot last stopped.
      context.ai.nudge();
      options.logger.info('ready', {
        user: client.user?.tag,
        commands: commands.size,
        registration: outcome,
        scope: options.guildId ? `guild ${options.guildId}` : 'global',
      });
      if (sweepInterval > 0) {
        sweeper = setInterval(() => {
          if (sweeping) return;
          sweeping = sweep()
            .catch((error) => options.logger.warn('sweep failed', { error }))
            .finally(() => {
              sweeping = null;
            });
        }, sweepInterval);
        sweeper.unref();
      }
      // Deadlines alone, often: each look is one read of the schedules' registry while nothing is due.
      if (clockSweepInterval > 0) {
        clockSweeper = setInterval(() => {
          if (clockSweeping) return;
          clockSweeping = sweepClocks()
            .catch((error) => options.logger.warn('clock sweep failed', { error }))
            .finally(() => {
              clockSweeping = null;
            });
        }, clockSweepInterval);
        clockSweeper.unref();
      }
    },
    async stop() {
      accepting = false;
      clearInterval(sweeper);
      clearInterval(clockSweeper);
      await sweeping;
      await clockSweeping;
      await context.ai.idle();
      await aiPlayer.close();
      await router.drain();
      await context.tournaments.stop();
      await context.analyses.close();
      await context.practice.close();
      await context.replays.close();
      await context.expiry.stop();
      await context.alerts.idle();
      await client.destroy();
    },
  };
}
