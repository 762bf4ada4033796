/**
 * A game's start and its stop: a game started directly (scripted positions, tournaments), a game
 * against the AI started at once, and a moderator's abort, each one atomic commit.
 */
import type { Player } from '../core/players.ts';
import { gameTimeControl, type TimeControl } from '../core/time-controls.ts';
import { guarded } from '../core/transaction.ts';
import { decidedStart, Game, otherSide, type Side, type Variant, type VariantId } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { rescheduled } from './clock.ts';
import { aiTurn, archiveWrites, tournamentResult, turnAlert } from './commit-plan.ts';
import type { GameChanges } from './game-changes.ts';
import { keys } from './keys.ts';
import type { Table } from './table.ts';
import {
  ABORTED,
  type ActiveGame,
  type ArchivedGame,
  failure,
  type Outcome,
  type StartGameInput,
  type StoredGame,
  success,
} from './types.ts';

export type AiLevel = NonNullable<StoredGame['ai']>['level'];

/** A game against the AI, started at once: no challenge, no acceptance. */
export interface AiGameInput {
  guildId: string;
  channelId: string;
  human: Player;
  /** The bot as a player, its name telling the level. */
  machine: Player;
  variant: VariantId | Variant;
  /** The human's side; random is drawn by the service's random source. */
  side: Side | 'random';
  time: TimeControl;
  level: AiLevel;
  /** A two-game match, sides swapped for the second game. */
  match: boolean;
  /** A casual game, not rated (default: rated, as games against the AI always were). */
  casual?: boolean;
}

export class GameLifecycle {
  constructor(
    private readonly store: Store,
    private readonly changes: GameChanges,
    private readonly clock: { now: () => number; newId: () => string; random: () => number },
  ) {}

  /**
   * Starts a game directly, without a challenge: for scripted positions (tests, puzzles) and
   * for tools. Refused when the channel already has a game, or when the game would be over
   * before its first move (see decided-start.ts).
   */
  async startGame(input: StartGameInput): Promise<Outcome<ActiveGame>> {
    return guarded(async () => {
      const { game } = input;
      const { variant, setup } = game;
      const decided = game.result
        ? { reason: game.result.reason, sideToMove: game.turn }
        : game.plyCount === 0
          ? decidedStart({ variant, position: setup.position, sideToMove: setup.sideToMove })
          : null;
      if (decided) return failure('start-decided', { reason: decided.reason, side: decided.sideToMove });
      // A tournament's game is always rated.
      const stored = await this.changes.newGame({
        ...input,
        casual: input.casual === true && !input.tournament,
      });
      stored.ai = input.ai ?? null;
      if (input.tournament) stored.tournament = input.tournament;
      if (input.match) stored.match = { id: this.clock.newId(), game: 1 };
      const ply = input.game.plyCount;
      const committed = await this.store.commit(
        [{ key: keys.game(input.guildId, input.channelId), value: stored, expectRevision: 0 }],
        [
          ...rescheduled(stored, null, { clock: stored.clock, ply }),
          ...aiTurn(
            stored,
            null,
            input.game.isGameOver() ? null : { turn: input.game.turn, ply },
            this.clock.now(),
          ),
          ...turnAlert(
            stored,
            null,
            input.game.isGameOver() ? null : { turn: input.game.turn, ply },
            this.clock.now(),
          ),
        ],
      );
      if (!committed.ok) return failure('channel-busy');
      this.changes.publish({ guildId: input.guildId, channelId: input.channelId, gameId: stored.id, ply });
      return success(this.changes.activate(stored, 1));
    });
  }

  /** A game against the AI, started at once in the channel (refused when it has a game). */
  async playAi(input: AiGameInput): Promise<Outcome<ActiveGame>> {
    const humanSide: Side =
      input.side === 'random' ? (this.clock.random() < 0.5 ? 'attackers' : 'defenders') : input.side;
    const aiSide = otherSide(humanSide);
    return this.startGame({
      guildId: input.guildId,
      channelId: input.channelId,
      players: { [humanSide]: input.human, [aiSide]: input.machine } as Record<Side, Player>,
      game: new Game({ variant: input.variant }),
      ...gameTimeControl(input.time),
      ai: { side: aiSide, level: input.level },
      match: input.match,
      casual: input.casual,
    });
  }

  /**
   * A moderator stops the channel's game where it stands: it is archived as it is (its moves stay
   * in /history and /export), counts for no one, and the channel is free for a new game.
   */
  async abortGame(table: Table): Promise<Outcome<{ game: ActiveGame }>> {
    return guarded(async () => {
      const gameKey = keys.game(table.guildId, table.channelId);
      const read = await this.store.read<StoredGame>(gameKey);
      if (!read) return failure('no-game');
      const stored = read.value;
      const active = this.changes.activate(stored, read.revision, { fresh: true });
      const now = this.clock.now();
      const ply = active.game.plyCount;
      const archived: ArchivedGame = {
        ...stored,
        updatedAt: now,
        endedAt: now,
        winner: null,
        reason: ABORTED,
      };
      const committed = await this.store.commit(
        [
          { key: gameKey, value: null, expectRevision: read.revision },
          ...archiveWrites(archived, await this.changes.lastGameRead(stored)),
        ],
        [
          ...rescheduled(stored, { clock: stored.clock, ply }, null),
          ...aiTurn(stored, { ply }, null, now),
          ...turnAlert(stored, { ply }, null, now),
          // The tournament hears of it too (an aborted game has no result: its organiser decides).
          ...(stored.tournament ? [tournamentResult(stored, now)] : []),
        ],
      );
      if (!committed.ok) return failure('position-changed');
      this.changes.publish({ guildId: table.guildId, channelId: table.channelId, gameId: stored.id, ply });
      return success({ game: active });
    });
  }
}
