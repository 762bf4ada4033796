/** The bot process: a discord.js client logged in to the gateway, routing interactions to commands. */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { AiPlayer } from '../../ai/player.ts';
import type { App } from '../../app.ts';
import type { Logger } from '../../log.ts';
import type { LinkSigner } from '../../web/links.ts';
import type { Played, WebActionDone } from '../../web/server.ts';
import { AiDriver } from '../jobs/ai-driver.ts';
import { AnalysisRuns } from '../jobs/analysis-runs.ts';
import { ChallengeExpiry } from '../jobs/challenge-expiry.ts';
import { DrawingThread } from '../jobs/drawing-thread.ts';
import { PracticeRuns } from '../jobs/practice-runs.ts';
import { PuzzleDesk } from '../jobs/puzzle-desk.ts';
import { Sweeps } from '../jobs/sweeps.ts';
import { TournamentDriver } from '../jobs/tournament-driver.ts';
import { TurnAlertDriver } from '../jobs/turn-alert-driver.ts';
import { announcement, moveAnnouncement, secondGame } from '../views/announcements.ts';
import { createBoardPictures, warmPictures } from '../views/board-pictures.ts';
import { situation } from '../views/game-messages.ts';
import {
  drawOfferMessage,
  moreTimeMessage,
  takenBackBoard,
  undoRequestMessage,
} from '../views/player-actions.ts';
import { humansOf } from '../views/present.ts';
import { ReviewPlots } from '../views/review-plots.ts';
import { type CanView, type ChannelAccessOptions, channelAccess } from './channel-access.ts';
import type { BotContext } from './command.ts';
import { guardRequests } from './discord-limits.ts';
import { exemptInteractionWebhooks } from './interaction-rest.ts';
import { loadCommands } from './load-commands.ts';
import { Reach } from './reach.ts';
import { noteReceived } from './received-at.ts';
import { commandBodies, syncCommands } from './register.ts';
import { createRouter } from './router.ts';

export interface BotOptions {
  token: string;
  applicationId: string;
  guildId?: string;
  /** REST base URL (a REST proxy, or the test emulator); the gateway address comes from it. */
  apiUrl?: string;
  /** The modules the bot serves (src/app.ts). */
  app: App;
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
  /**
   * The web board runs as a Discord Activity too (CLIENT_SECRET): its button launches the Activity,
   * and the global commands keep the app's entry point command.
   */
  activity?: boolean;
  /** How long the web board's answers to "may this member see this channel" are kept (tests move their clock). */
  channelAccess?: ChannelAccessOptions;
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
  /** Posts the usual message for a resignation, a draw, a take-back or more time on the web board. */
  announceWebAction(done: WebActionDone): Promise<void>;
  /** Whether a member can see a channel on Discord (View Channel): the web board shows its games only then. */
  canView: CanView;
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
  const { app } = options;
  const { settings } = app;
  const pictures = createBoardPictures(64, (userId, guildId) => settings.viewAt(userId, guildId), {
    webBoard: options.webLinks !== undefined,
  });
  const reach = new Reach(client, app.store, options.applicationId, rest, app.now, options.logger);
  const { post } = reach;
  const drawings = new DrawingThread();
  const ai = new AiDriver(app.games, app.now, aiPlayer, post, pictures, options.logger);
  const context: BotContext = {
    service: app.games,
    now: app.now,
    openings: app.openings,
    openingsBackfill: app.openingsBackfill,
    pictures,
    logger: options.logger,
    ai,
    expiry: new ChallengeExpiry(app.games, client, options.logger, { pictures, ai, post }),
    analyses: new AnalysisRuns(app.games, options.analysisMsPerPosition),
    drawings,
    plots: new ReviewPlots((review, labels) => drawings.plot(review, labels)),
    tournaments: new TournamentDriver(app.tournaments, client, pictures, options.logger, (table) =>
      drawings.crosstable(table),
    ),
    puzzles: new PuzzleDesk(app.puzzles, client, options.logger),
    practice: new PracticeRuns(),
    webLinks: options.webLinks,
    activity: options.activity,
    settings,
    alerts: new TurnAlertDriver(
      app.turnAlerts,
      client,
      pictures,
      (userId) => settings.noteDmsClosed(userId),
      (userId, game) => settings.addWaiting(userId, game),
      options.logger,
    ),
    post,
    reach,
  };
  const router = createRouter(commands, context);
  let accepting = true;

  client.on(Events.InteractionCreate, (interaction) => {
    if (!accepting) return;
    noteReceived(interaction, app.now());
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

  const sweeps = new Sweeps(app.games, context, post, options.logger, options);

  return {
    client,
    canView: channelAccess(client, options.logger, options.channelAccess),
    aiIdle: () => context.ai.idle(),
    async announceWebMove(played) {
      const { game: active, nextGame } = played;
      await post(active, (m) => moveAnnouncement(m, played, context.pictures), humansOf(active));
      if (nextGame)
        await post(nextGame, (m) => secondGame(m, nextGame, context.pictures), humansOf(nextGame));
      if ((active.ai && !active.game.result) || nextGame?.ai) context.ai.nudge();
      if (active.tournament) context.tournaments.nudge();
    },
    async announceWebAction(done) {
      const { game: active } = done;
      const { pictures } = context;
      await post(
        active,
        async (m) => {
          switch (done.kind) {
            case 'resigned':
            case 'drawn':
              return announcement(m, situation(m, active, false), active, pictures);
            case 'draw-offered':
              return drawOfferMessage(m, active, done.by);
            case 'undo-asked':
              return undoRequestMessage(m, active, done.by, done.ply);
            case 'taken-back':
              return takenBackBoard(m, active, done.undone, pictures);
            case 'more-time':
              return moreTimeMessage(m, active, done.given, done.to);
          }
        },
        humansOf(active),
      );
      const next = 'nextGame' in done ? done.nextGame : undefined;
      if (next) await post(next, (m) => secondGame(m, next, pictures), humansOf(next));
      if (next?.ai) context.ai.nudge();
      if (active.tournament) context.tournaments.nudge();
    },
    sweep: () => sweeps.sweep(),
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
        activity: options.activity,
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
      sweeps.start();
    },
    async stop() {
      accepting = false;
      await sweeps.stop();
      await context.ai.idle();
      await aiPlayer.close();
      await router.drain();
      await context.tournaments.stop();
      await context.analyses.close();
      await context.practice.close();
      await context.drawings.close();
      await context.expiry.stop();
      await context.alerts.idle();
      await client.destroy();
    },
  };
}
