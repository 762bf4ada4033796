/**
 * The one place the modules are built and joined, on one store and one clock: the games, the
 * opening tree (counted in the commit that ends a game), tournaments, puzzles, members' settings
 * and turn alerts. The bot, the web board and the tools take what they use from here; no module
 * builds another.
 */
import { randomBytes } from 'node:crypto';
import type { GameFeed } from './game/game-feed.ts';
import { GameService } from './game/service.ts';
import { type BackfillOptions, OpeningsBackfill } from './openings/backfill.ts';
import { countInOpeningTree } from './openings/counting.ts';
import { OpeningExplorer } from './openings/explorer.ts';
import { PuzzleCatalogue } from './puzzles/catalogue.ts';
import { Puzzles } from './puzzles/service.ts';
import { MemberSettingsService } from './settings/service.ts';
import { TurnAlerts } from './settings/turn-alerts.ts';
import type { Store } from './store/index.ts';
import { Tournaments } from './tournament/service.ts';

export interface AppOptions {
  now?: () => number;
  newId?: () => string;
  random?: () => number;
  challengeTtlMs?: number;
  /** Told of every committed change of a game in progress (the web board's live updates). */
  feed?: GameFeed;
  /** The opening tree's backfill of older games: batch size, claim, a hook after each batch. */
  openingsBackfill?: Omit<BackfillOptions, 'now'>;
  /** The puzzles to serve (default: the ones shipped in data/). */
  puzzleCatalogue?: PuzzleCatalogue;
}

export interface App {
  store: Store;
  now: () => number;
  games: GameService;
  /** What the server's finished games played in their openings (src/openings). */
  openings: OpeningExplorer;
  /** Counts games archived before the explorer into it, once per guild. */
  openingsBackfill: OpeningsBackfill;
  tournaments: Tournaments;
  puzzles: Puzzles;
  settings: MemberSettingsService;
  turnAlerts: TurnAlerts;
}

let shippedPuzzles: PuzzleCatalogue | undefined;

/** The shipped puzzles, read once per process however many apps a test builds. */
function shippedCatalogue(): PuzzleCatalogue {
  shippedPuzzles ??= PuzzleCatalogue.shipped();
  return shippedPuzzles;
}

export function createApp(store: Store, options: AppOptions = {}): App {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
  const games = new GameService(store, {
    now,
    newId,
    random: options.random,
    challengeTtlMs: options.challengeTtlMs,
    feed: options.feed,
    endOfGameCount: countInOpeningTree(store),
  });
  const settings = new MemberSettingsService(store, now);
  const catalogue = options.puzzleCatalogue ?? shippedCatalogue();
  return {
    store,
    now,
    games,
    openings: new OpeningExplorer(store),
    openingsBackfill: new OpeningsBackfill(store, { ...options.openingsBackfill, now }),
    tournaments: new Tournaments(store, games, { now, newId }),
    puzzles: new Puzzles(store, catalogue, { now, variants: games.variants }),
    settings,
    turnAlerts: new TurnAlerts(store, settings, (table) => games.play.board(table), now),
  };
}
