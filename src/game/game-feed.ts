/**
 * Where the service tells that a game changed, right after the commit: the web board's live
 * updates listen (src/web/live-feed.ts carries it across processes through Redis pub/sub). A
 * listener only learns which table changed; it reads the stored game itself.
 */
export interface GameChanged {
  guildId: string;
  channelId: string;
  gameId: string;
  /** The game's ply count after the change. */
  ply: number;
}

export interface GameFeed {
  publish(change: GameChanged): void;
}

/** No one listens: the service's default. */
export const silentFeed: GameFeed = { publish: () => {} };
