/**
 * The web board's one wiring place: the signed links, the sessions, the live hub listening to the
 * feed, the page, the Activity's sign-in when CLIENT_SECRET is set, and the server on WEB_PORT.
 * Off unless PUBLIC_URL is set (see config.ts).
 */

import type { App } from '../app.ts';
import type { ActivitySetup } from '../config.ts';
import type { Logger } from '../log.ts';
import { DiscordOAuth } from './discord-oauth.ts';
import { LiveHub } from './hub.ts';
import { LinkSigner } from './links.ts';
import type { LiveFeed } from './live-feed.ts';
import { buildPage } from './page.ts';
import { type Played, type WebActionDone, webServer } from './server.ts';
import { Sessions } from './sessions.ts';

export { LinkSigner } from './links.ts';
export { inProcessFeed, type LiveFeed, liveFeedFor, redisFeed } from './live-feed.ts';
export type { Played, WebActionDone } from './server.ts';

export interface WebBoardSetup {
  publicUrl: string;
  port: number;
  host: string;
  secret: string;
  /** The Activity inside Discord (with CLIENT_SECRET); the browser's board is served either way. */
  activity?: ActivitySetup;
}

export interface WebBoard {
  /** Where the server listens (the port given, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startWebBoard(
  setup: WebBoardSetup,
  parts: {
    /** The modules (src/app.ts): the games to show and play, the store for sessions, the clock. */
    app: App;
    feed: LiveFeed;
    logger: Logger;
    onMoved: (played: Played) => Promise<void>;
    onAction: (done: WebActionDone) => Promise<void>;
    /** Whether a member may see a channel (the bot's view of Discord's permissions); without it, every channel. */
    canView?: (table: { guildId: string; channelId: string }, memberId: string) => Promise<boolean>;
  },
): Promise<WebBoard> {
  const { games, store, now } = parts.app;
  const hub = new LiveHub(games, parts.logger, now, (presence) => parts.feed.announce(presence));
  parts.feed.listen((change) => hub.changed(change));
  parts.feed.listenPresence((presence) => hub.heard(presence));
  const app = webServer({
    publicUrl: setup.publicUrl,
    service: games,
    now,
    links: new LinkSigner(setup.secret, setup.publicUrl),
    sessions: new Sessions(store),
    hub,
    page: await buildPage(),
    logger: parts.logger,
    onMoved: parts.onMoved,
    onAction: parts.onAction,
    canView: parts.canView,
    activity: setup.activity && {
      clientId: setup.activity.clientId,
      oauth: new DiscordOAuth(setup.activity),
    },
  });
  await app.listen({ port: setup.port, host: setup.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : setup.port;
  parts.logger.info('serving the web board', {
    url: setup.publicUrl,
    port,
    activity: Boolean(setup.activity),
  });
  return {
    port,
    async close() {
      await app.close();
    },
  };
}
