/**
 * A bot process wired to the Discord emulator and real Redis, for end-to-end tests and the bench;
 * and the setup and teardown of the tests' worlds, written once: fileWorld() and worldsPerTest().
 */
import { randomBytes } from 'node:crypto';
import { type App, type AppOptions, createApp } from '../../src/app.ts';
import type { ChannelAccessOptions } from '../../src/bot/discord/channel-access.ts';
import { type Bot, createBot } from '../../src/bot/discord/client.ts';
import type { Game, Side } from '../../src/engine/index.ts';
import type { GameService, Table } from '../../src/game/service.ts';
import { createLogger } from '../../src/log.ts';
import { type ClusterSetup, createStore, type Store } from '../../src/store/index.ts';
import { LinkSigner, type LiveFeed, redisFeed, startWebBoard, type WebBoard } from '../../src/web/index.ts';
import {
  type DiscordEmulator,
  type EmulatedUser,
  type RecordedMessage,
  startDiscordEmulator,
} from '../discord-emulator/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

// The bench starts worlds too, outside vitest, where vitest cannot even be imported.
const vitest = process.env.VITEST ? await import('vitest') : undefined;

export type BotOptions = AppOptions & {
  /** Wraps the store, e.g. to slow it down. */
  wrapStore?: (store: Store) => Store;
  /** Another Redis than the tests' own. */
  redisUrl?: string;
  /** A Redis Cluster instead of the tests' Redis. */
  redisCluster?: ClusterSetup;
  /** What the AI has for each position in /analyze. */
  analysisMsPerPosition?: number;
  /** The bot's sweep timers (default 0: off, tests sweep by hand). */
  sweepIntervalMs?: number;
  /** Serve the web board (src/web) on this port (0: each process a free one), links signed with `secret`. */
  web?: { port: number; secret: string };
  /** With `web`: the web board runs as a Discord Activity too (its button launches it). */
  activity?: boolean;
  /** How long the web board's answers on who may see a channel are kept, and by which clock. */
  channelAccess?: ChannelAccessOptions;
  /** Register the commands globally, as in production (default: in the test guild), so members' own installs see them. */
  globalCommands?: boolean;
};

export interface BotProcess {
  bot: Bot;
  store: Store;
  service: GameService;
  /** Every module of the process (src/app.ts); `service` is its games. */
  app: App;
  logs: string[];
  /** The web board and its address, when asked for. */
  web?: WebBoard & { publicUrl: string };
  stop(): Promise<void>;
}

export async function startBotProcess(
  emulator: DiscordEmulator,
  namespace: string,
  options: BotOptions = {},
): Promise<BotProcess> {
  const store = await createStore(
    options.redisCluster
      ? { cluster: options.redisCluster, namespace }
      : { redisUrl: options.redisUrl ?? testRedisUrl, namespace },
  );
  const logs: string[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [emulator.token, ...(options.web ? [options.web.secret] : [])],
    write: (line) => logs.push(line),
  });
  const feed: LiveFeed | undefined = options.web
    ? await redisFeed(options.redisUrl ?? testRedisUrl, namespace, logger)
    : undefined;
  const webPort = options.web ? options.web.port || (await freePort()) : 0;
  const publicUrl = `http://127.0.0.1:${webPort}`;
  const app = createApp(options.wrapStore ? options.wrapStore(store) : store, { ...options, feed });
  const service = app.games;
  const bot = await createBot({
    token: emulator.token,
    applicationId: emulator.applicationId,
    guildId: options.globalCommands ? undefined : emulator.guildId,
    apiUrl: emulator.apiUrl,
    app,
    logger,
    sweepIntervalMs: options.sweepIntervalMs ?? 0,
    analysisMsPerPosition: options.analysisMsPerPosition,
    webLinks: options.web ? new LinkSigner(options.web.secret, publicUrl) : undefined,
    activity: options.activity,
    channelAccess: options.channelAccess,
  });
  await bot.start();
  const web =
    options.web && feed
      ? {
          publicUrl,
          ...(await startWebBoard(
            { publicUrl, port: webPort, host: '127.0.0.1', secret: options.web.secret },
            {
              app,
              feed,
              logger,
              onMoved: (played) => bot.announceWebMove(played),
              onAction: (done) => bot.announceWebAction(done),
              canView: bot.canView,
            },
          )),
        }
      : undefined;
  return {
    bot,
    store,
    service,
    app,
    logs,
    web,
    async stop() {
      await web?.close();
      await bot.stop();
      await feed?.close();
      await store.close();
    },
  };
}

export interface World {
  emulator: DiscordEmulator;
  namespace: string;
  bots: BotProcess[];
  close(): Promise<void>;
}

export async function startWorld(processes = 1, options: BotOptions = {}): Promise<World> {
  const emulator = await startDiscordEmulator();
  const namespace = `tafl-e2e-${randomBytes(4).toString('hex')}`;
  const bots: BotProcess[] = [];
  for (let i = 0; i < processes; i++) bots.push(await startBotProcess(emulator, namespace, options));
  let closed: Promise<void> | undefined;
  return {
    emulator,
    namespace,
    bots,
    /** Stops the bots and the emulator; closing again waits for the first close and does nothing more. */
    close() {
      closed ??= (async () => {
        for (const bot of bots) await bot.stop().catch(() => {});
        await emulator.close();
      })();
      return closed;
    },
  };
}

type UserOptions = Parameters<DiscordEmulator['addUser']>[1];

/** What the bot logs when its last-resort check had to cut a message to fit Discord. */
export const CUT_LOG = 'cut a message to fit Discord';

/**
 * Every message a test's bots sent fitted by itself: one the last-resort check had to cut is a
 * message built too long, and fails the test's file (or test) like a refusal by Discord would.
 */
function expectNothingCut(world: World): void {
  const cut = world.bots.flatMap((bot) => bot.logs.filter((line) => line.includes(CUT_LOG)));
  if (cut.length > 0)
    throw new Error(`the bot cut ${cut.length} message(s) to fit Discord:\n${cut.join('\n')}`);
}

/** A world shared by the tests of a file, and the users they play as. */
export interface FileWorld extends World {
  /**
   * A user, added when the world starts (at once if it has). Asked for while the file loads, it is
   * an empty object until then: use it inside tests and hooks, as the world itself.
   */
  user(name: string, options?: UserOptions): EmulatedUser;
}

/**
 * The world of a test file: started before its tests (with the users asked of it, in order) and
 * closed after them. Its fields are filled in when it starts: `const world = fileWorld()` at the
 * top of the file, `world.emulator` inside tests.
 */
export function fileWorld(processes = 1, options: BotOptions = {}): FileWorld {
  if (!vitest) throw new Error('fileWorld() sets up tests: call it in a test file');
  const users: { user: EmulatedUser; name: string; userOptions?: UserOptions }[] = [];
  const world = {
    user(name: string, userOptions?: UserOptions) {
      if (world.emulator) return world.emulator.addUser(name, userOptions);
      const user = {} as EmulatedUser;
      users.push({ user, name, userOptions });
      return user;
    },
  } as FileWorld;
  vitest.beforeAll(async () => {
    Object.assign(world, await startWorld(processes, options));
    for (const { user, name, userOptions } of users) {
      Object.assign(user, world.emulator.addUser(name, userOptions));
    }
  });
  vitest.afterAll(async () => {
    try {
      if (world.emulator) expectNothingCut(world);
    } finally {
      await world.close?.();
    }
  });
  return world;
}

/**
 * For tests that need a world of their own (their own options, bots stopped and started, Redis
 * taken away): starts one inside a test, closed after that test. `const startTestWorld =
 * worldsPerTest()` at the top of the file, `await startTestWorld(processes, options)` in a test.
 */
export function worldsPerTest(): (processes?: number, options?: BotOptions) => Promise<World> {
  if (!vitest) throw new Error('worldsPerTest() sets up tests: call it in a test file');
  const started: World[] = [];
  vitest.afterEach(async () => {
    const worlds = started.splice(0);
    try {
      for (const world of worlds) expectNothingCut(world);
    } finally {
      for (const world of worlds) await world.close();
    }
  });
  return async (processes, options) => {
    const world = await startWorld(processes, options);
    started.push(world);
    return world;
  };
}

/** `challenger` challenges `opponent` with `options` and the opponent accepts with the button. */
export async function acceptedChallenge(
  emulator: DiscordEmulator,
  challenger: EmulatedUser,
  opponent: EmulatedUser,
  options: Record<string, unknown>,
  where: { channelId?: string } = {},
): Promise<void> {
  const challenge = await emulator.slash(challenger, 'challenge', { opponent, ...options }, where).reply();
  await emulator.clickButton(opponent, challenge, buttonIds(challenge)[0]).reply();
}

/** Where a game in an emulated channel or thread is played: the channel, in its guild. */
export function tableAt(emulator: DiscordEmulator, channelId: string): Table {
  return { guildId: emulator.state.channels.get(channelId)?.guildId ?? emulator.guildId, channelId };
}

/**
 * The custom ids of a message's buttons, in order: those of its action rows (at the top level or in a
 * Components V2 container) and of its sections' accessories.
 */
export function buttonIds(message: RecordedMessage): string[] {
  interface Component {
    type: number;
    custom_id: string;
    components?: Component[];
    accessory?: Component;
  }
  const inLayout = (components: Component[]): string[] =>
    components.flatMap((component) => {
      if (component.type === 17) return inLayout(component.components ?? []);
      if (component.type === 9) return component.accessory?.type === 2 ? [component.accessory.custom_id] : [];
      return (component.components ?? []).map((button: { custom_id: string }) => button.custom_id);
    });
  return inLayout(message.components);
}

/**
 * Starts `game` between two users, straight in the store (a scripted position needs no
 * challenge), in `channelId` or in a new channel the bot has seen; returns the channel.
 */
export async function gameChannel(
  world: World,
  game: Game,
  players: Record<Side, EmulatedUser>,
  channelId?: string,
): Promise<string> {
  const channel = channelId ?? world.emulator.createChannel(`game-${Math.random().toString(36).slice(2, 8)}`);
  await world.emulator.waitFor(() =>
    world.bots.every((process) => process.bot.client.channels.cache.has(channel)),
  );
  const player = (user: EmulatedUser) => ({ id: user.id, name: user.globalName ?? user.username });
  const started = await world.bots[0].service.lifecycle.startGame({
    guildId: world.emulator.guildId,
    channelId: channel,
    players: { attackers: player(players.attackers), defenders: player(players.defenders) },
    game,
  });
  if (!started.ok) throw new Error(started.code);
  return channel;
}

/** A port nothing listens on now, for a server that must know its address before it listens. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
