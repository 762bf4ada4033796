/**
 * The one way a game changes: read the table's game, check the player, apply the action to a fresh
 * copy, and commit it in one atomic read-check-write (the game saved, or, when it ended, archived
 * with the standings updated in the same commit). Also loads stored games for reads, cached by
 * revision.
 */
import { LRUCache } from 'lru-cache';
import { type Player, sideOf } from '../core/players.ts';
import { commit, READ_AGAIN, transaction } from '../core/transaction.ts';
import { type Game, loadGame, type Side } from '../engine/index.ts';
import type { ScheduleChange, Store } from '../store/index.ts';
import { awayAmong } from './away.ts';
import type { NewGame } from './challenges.ts';
import {
  type EndOfGameCount,
  type EndOfGameWrites,
  type LastGameMarker,
  newStoredGame,
  planCommit,
  type Read,
} from './commit-plan.ts';
import { type GameChanged, type GameFeed, silentFeed } from './game-feed.ts';
import { keys } from './keys.ts';
import type { StandingsDoc } from './standings.ts';
import type { Table } from './table.ts';
import { type ActiveGame, failure, type Outcome, type StoredGame, success } from './types.ts';

/** A player's action on a fresh copy of the game, `side` being theirs (see player-actions.ts). */
export type GameAction<T> = (active: ActiveGame, side: Side) => Outcome<T>;

/** Attempts for a commit that conflicted only on the standings (another game in the guild ended). */
const STANDINGS_RETRIES = 5;

export class GameChanges {
  /** Loaded games by id and revision, for reads (board, autocomplete); never mutated. */
  private readonly loaded = new LRUCache<string, Game>({ max: 256 });

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly newId: () => string,
    /** Told of every committed change, after the commit (the web board's live updates). */
    private readonly feed: GameFeed = silentFeed,
    /** What else every game with a result is counted in, in the same commit (the opening tree). */
    private readonly endOfGameCount?: EndOfGameCount,
  ) {}

  /** Tells the feed of a change committed elsewhere than `change` (a game started, aborted, its clock stopped). */
  publish(change: GameChanged): void {
    this.feed.publish(change);
  }

  /** A new game's stored form; a player away on vacation is marked so, their turns' clocks standing. */
  async newGame(input: NewGame): Promise<StoredGame> {
    const players = [input.players.attackers.id, input.players.defenders.id];
    const away = [...(await awayAmong(this.store, input.guildId, players)).keys()];
    return newStoredGame({ ...input, away }, { id: this.newId(), now: this.now() });
  }

  /** The game in progress at a table, or null. */
  async board(table: Table): Promise<ActiveGame | null> {
    const found = await transaction(this.store, {
      tries: STANDINGS_RETRIES,
      outage: 'throw',
      build: async () => {
        const read = await this.store.read<StoredGame>(keys.game(table.guildId, table.channelId));
        if (!read) return commit([], null);
        const active = this.activate(read.value, read.revision);
        if (!active.game.isGameOver()) return commit([], active);
        // Over although stored (see settle): it ends now; a match's second game may follow it.
        await this.settle(
          read.value,
          read.revision,
          this.activate(read.value, read.revision, { fresh: true }),
        );
        return READ_AGAIN;
      },
      exhausted: () => success(null),
    });
    return found.ok ? found.value : null;
  }

  /**
   * Ends a game stored although over: one whose first position was already decided, started by
   * an older version that did not refuse such a start. It is archived with its result and the
   * channel is free, as after any game's end. False when the game changed meanwhile.
   */
  private async settle(
    stored: StoredGame,
    revision: number,
    active: ActiveGame,
    extraSchedules: ScheduleChange[] = [],
  ): Promise<boolean> {
    const plan = planCommit({
      stored,
      revision,
      game: active.game,
      plyBefore: active.game.plyCount,
      drawOfferedBy: null,
      undoRequest: null,
      clock: null,
      now: this.now(),
      newId: this.newId,
      ended: await this.endOfGameReads(stored, active.game),
      extraSchedules,
    });
    return (await this.store.commit(plan.writes, plan.schedules)).ok;
  }

  /**
   * Loads the table's game, checks the player, applies `apply` to a fresh copy, and commits:
   * the game saved, or, when it ended, archived with the standings updated in the same commit.
   */
  async change<T extends object>(
    table: Table,
    user: Player | 'clock',
    {
      onTurnOnly,
      extraSchedules = [],
      movedAt,
      atPly,
    }: {
      onTurnOnly: boolean;
      extraSchedules?: ScheduleChange[];
      movedAt?: number;
      /** The ply the action was meant for (the AI's move, thought out on that position). */
      atPly?: number;
    },
    apply: GameAction<T>,
  ): Promise<Outcome<T & { game: ActiveGame; nextGame?: ActiveGame }>> {
    const gameKey = keys.game(table.guildId, table.channelId);
    const changed = await transaction(this.store, {
      tries: STANDINGS_RETRIES,
      build: async () => {
        const read = await this.store.read<StoredGame>(gameKey);
        if (!read) return failure('no-game');
        const stored = read.value;
        const active = this.activate(stored, read.revision, { fresh: true });
        if (active.game.isGameOver()) {
          if (await this.settle(stored, read.revision, active, extraSchedules)) return failure('game-over');
          return READ_AGAIN;
        }
        // The clock acts for the side on turn; a person must be one of the players.
        const side = user === 'clock' ? active.game.turn : sideOf(stored.players, user.id);
        if (!side) return failure('not-a-player');
        if (onTurnOnly && active.game.turn !== side) {
          const toMove = stored.players[active.game.turn];
          return failure('not-your-turn', { name: toMove.name, side: active.game.turn });
        }
        const plyBefore = active.game.plyCount;
        if (atPly !== undefined && plyBefore !== atPly) return failure('position-changed');
        const applied = apply(active, side);
        if (!applied.ok) return applied;

        const plan = planCommit({
          stored,
          revision: read.revision,
          game: active.game,
          plyBefore,
          drawOfferedBy: active.drawOfferedBy,
          undoRequest: active.undoRequest,
          clock: active.clock,
          away: active.away,
          now: this.now(),
          movedAt,
          newId: this.newId,
          ended: active.game.result ? await this.endOfGameReads(stored, active.game) : undefined,
          extraSchedules,
        });
        const saved = plan.saved ? { ...active, clock: plan.clock, revision: read.revision + 1 } : active;
        const continuation = plan.nextGame
          ? { nextGame: this.activate(plan.nextGame, read.revision + 1) }
          : {};
        return commit(plan.writes, { ...applied.value, game: saved, ...continuation }, plan.schedules);
      },
      // The game itself changed: the player is told so. Only the standings or opening tree (another
      // game in the guild ended) or the channel's last-game marker changed: read again.
      onConflict: (key, lost) =>
        key === gameKey || key === keys.archive(table.guildId, lost.game.id)
          ? failure('position-changed')
          : undefined,
      exhausted: () => failure('busy'),
    });
    if (changed.ok) {
      const { game } = changed.value;
      this.feed.publish({
        guildId: table.guildId,
        channelId: table.channelId,
        gameId: game.id,
        ply: game.game.plyCount,
      });
    }
    return changed;
  }

  /**
   * What the end of a game writes besides the game: the channel's last-game marker, the guild's
   * standings, and what else counts it (the nodes of the guild's opening tree its opening passed through).
   */
  private async endOfGameReads(
    stored: StoredGame,
    game: Game,
  ): Promise<{ lastGame: Read<LastGameMarker>; standings: Read<StandingsDoc>; counted?: EndOfGameWrites }> {
    const [lastGame, standings, counted] = await Promise.all([
      this.lastGameRead(stored),
      this.store.read<StandingsDoc>(keys.standings(stored.guildId)),
      this.endOfGameCount?.(stored.guildId, game),
    ]);
    return {
      lastGame,
      standings: { value: standings?.value ?? null, revision: standings?.revision ?? 0 },
      ...(counted ? { counted } : {}),
    };
  }

  /** The table's last-game marker, which an ended or aborted game moves. */
  async lastGameRead(table: Table): Promise<Read<LastGameMarker>> {
    const read = await this.store.read<LastGameMarker>(keys.lastGame(table.guildId, table.channelId));
    return { value: read?.value ?? null, revision: read?.revision ?? 0 };
  }

  activate(stored: StoredGame, revision: number, { fresh = false } = {}): ActiveGame {
    const cacheKey = `${stored.id}:${revision}`;
    let game = fresh ? undefined : this.loaded.get(cacheKey);
    if (!game) {
      game = loadGame(stored.record);
      if (!fresh) this.loaded.set(cacheKey, game);
    }
    return {
      id: stored.id,
      guildId: stored.guildId,
      channelId: stored.channelId,
      variant: game.variant.id,
      players: stored.players,
      game,
      drawOfferedBy: stored.drawOfferedBy,
      undoRequest: stored.undoRequest ?? null,
      clock: stored.clock ?? null,
      fischer: stored.fischer ? { control: stored.fischer, timesLeft: stored.timesLeft ?? [] } : null,
      match: stored.match ?? null,
      ai: stored.ai ?? null,
      tournament: stored.tournament ?? null,
      casual: stored.casual === true,
      away: stored.away ?? [],
      startedAt: stored.startedAt,
      revision,
    };
  }
}
