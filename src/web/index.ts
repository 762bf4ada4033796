/**
 * The web board's one wiring place: the signed links, the sessions, the live hub listening to the
 * feed, the page, and the server on WEB_PORT. Off unless PUBLIC_URL is set (see config.ts).
 */
import type { GameService } from '../game/service.ts';
import type { Logger } from '../log.ts';
import type { Store } from '../store/index.ts';
import { LiveHub } from './hub.ts';
import { LinkSigner } from './links.ts';
import type { LiveFeed } from './live-feed.ts';
import { buildPage } from './page.ts';
import { type Played, webServer } from './server.ts';
import { Sessions } from './sessions.ts';

export { LinkSigner } from './links.ts';
export { inProcessFeed, type LiveFeed, redisFeed } from './live-feed.ts';
export type { Played } from './server.ts';

export interface WebBoardSetup {
  publicUrl: string;
  port: number;
  host: string;
  secret: string;
}

export interface WebBoard {
  /** Where the server listens (the port given, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startWebBoard(
  setup: WebBoardSetup,
  parts: {
    service: GameService;
    store: Store;
    feed: LiveFeed;
    logger: Logger;
    onMoved: (played: Played) => Promise<void>;
  },
): Promise<WebBoard> {
  const hub = new LiveHub(parts.service, parts.logger);
  parts.feed.listen((change) => hub.changed(change));
  const app = webServer({
    publicUrl: setup.publicUrl,
    service: parts.service,
    links: new LinkSigner(setup.secret, setup.publicUrl),
    sessions: new Sessions(parts.store),
    hub,
    page: await buildPage(),
    logger: parts.logger,
    onMoved: parts.onMoved,
  });
  await app.listen({ port: setup.port, host: setup.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : setup.port;
  parts.logger.info('serving the web board', { url: setup.publicUrl, port });
  return {
    port,
    async close() {
      await app.close();
    },
  };
}
