/**
 * The game service: games, standings and the way in to challenges (challenges.ts), Discord-free.
 * Every change is one atomic read-check-write through the store: two commands at the same instant
 * (even from two bot processes) apply exactly one, and the other is told the position changed. A
 * move is reported played only after it is committed.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { GameReview } from '../analysis/review.ts';
import {
  decidedStart,
  Game,
  type GameResult,
  loadGame,
  type PlayedMove,
  type Side,
  type Variant,
  type VariantId,
  type VariantKey,
} from '../engine/index.ts';
import type { ScheduleChange, Store } from '../store/index.ts';
import { Tournaments } from '../tournament/service.ts';
import {
  type ChallengeInput,
  Challenges,
  type ExpiredChallenge,
  FIFTEEN_MINUTES,
  type NewGame,
} from './challenges.ts';
import {
  readEntry,
  rescheduled,
  SCHEDULES,
  TIME_CONTROLS,
  type TimeControl,
  timeControlOf,
} from './clock.ts';
import {
  aiTurn,
  archiveWrites,
  type LastGameMarker,
  newStoredGame,
  planCommit,
  type Read,
  tournamentResult,
} from './commit-plan.ts';
import { guarded } from './guarded.ts';
import { keys } from './keys.ts';
import { ServerVariants } from './server-variants.ts';
import { type MemberRecord, memberRecord, type StandingRow, type StandingsDoc, table } from './standings.ts';
import { type Suggestion, suggestMoves } from './suggestions.ts';
import { type SweepResult, sweepClocks } from './sweeper.ts';
import type { Table } from './table.ts';
import {
  type ActiveGame,
  type ArchivedGame,
  type Challenge,
  failure,
  type Outcome,
  otherSide,
  type Player,
  type StartGameInput,
  type StoredGame,
  success,
} from './types.ts';

export type { ExpiredChallenge } from './challenges.ts';
export type { SweepResult } from './sweeper.ts';
export type { Table } from './table.ts';
export type { ActiveGame, Challenge, Outcome, Player } from './types.ts';

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
}

/** A game where it is the AI's turn, claimed for this process. */
export interface AiTurn extends Table {
  gameId: string;
  ply: number;
}

/** A rematch against the AI: the new game, started at once. */
export interface AiRematch {
  aiGame: ActiveGame;
}

export interface ServiceOptions {
  now?: () => number;
  challengeTtlMs?: number;
  newId?: () => string;
  random?: () => number;
}

/** Attempts for a commit that conflicted only on the standings (another game in the guild ended). */
const STANDINGS_RETRIES = 5;

/** The archive's reason for a game a moderator aborted: ended without a result. */
const ABORTED = 'aborted';

export class GameService {
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly random: () => number;
  private readonly challenges: Challenges;
  /** The server's own variants and its default (see server-variants.ts). */
  readonly variants: ServerVariants;
  /** A server's tournaments: sign-up, rounds, results (src/tournament/service.ts). */
  readonly tournaments: Tournaments;
  /** Loaded games by id and revision, for reads (board, autocomplete); never mutated. */
  private readonly loaded = new LRUCache<string, Game>({ max: 256 });

  constructor(
    private readonly store: Store,
    options: ServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => randomBytes(9).toString('base64url'));
    this.random = options.random ?? Math.random;
    this.variants = new ServerVariants(store, this.now);
    this.tournaments = new Tournaments(store, this, { now: this.now, newId: this.newId });
    this.challenges = new Challenges(
      store,
      {
        newGame: (input) => this.newGame(input),
        activate: (stored, revision) => this.activate(stored, revision),
      },
      {
        now: this.now,
        newId: this.newId,
        random: this.random,
        challengeTtlMs: options.challengeTtlMs ?? FIFTEEN_MINUTES,
      },
    );
  }

  /** The store and clock this service runs on, for the bot's parts that keep documents of their own (puzzles). */
  get storage(): { store: Store; now: () => number } {
    return { store: this.store, now: this.now };
  }

  // Challenges (see challenges.ts)

  async challenge(input: ChallengeInput): Promise<Outcome<Challenge>> {
    // A game stored over in the channel (see settle) ends now, leaving the channel free; a store
    // that fails here fails again in make(), which says so.
    if (!input.thread) await this.board(input).catch(() => null);
    return this.challenges.make(input);
  }

  challengeFor(guildId: string, id: string): Promise<Challenge | null> {
    return this.challenges.find(guildId, id);
  }

  /** The challenged member accepts; the game starts in `gameChannelId` (a new thread) or the challenge's channel. */
  acceptChallenge(
    guildId: string,
    id: string,
    user: Player,
    gameChannelId?: string,
  ): Promise<Outcome<{ challenge: Challenge; game: ActiveGame }>> {
    return this.challenges.accept(guildId, id, user, gameChannelId);
  }

  declineChallenge(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.challenges.decline(guildId, id, user);
  }

  withdrawChallenge(guildId: string, id: string, user: Player): Promise<Outcome<Challenge>> {
    return this.challenges.withdraw(guildId, id, user);
  }

  /** Marks a pending challenge expired once its time is up. */
  expireChallenge(guildId: string, id: string): Promise<Outcome<Challenge>> {
    return this.challenges.expire(guildId, id);
  }

  /** Notes the message that shows a challenge, for whichever process expires it. */
  recordChallengeMessage(challenge: Challenge, messageId: string): Promise<void> {
    return this.challenges.recordMessage(challenge, messageId);
  }

  /**
   * Claims the challenges whose time is up (any process may; each goes to one) and marks them
   * expired; call `challengeExpiryDone` with each entry once its message is edited.
   */
  claimExpiredChallenges(limit?: number): Promise<ExpiredChallenge[]> {
    return this.challenges.claimExpired(limit);
  }

  challengeExpiryDone(guildId: string, entry: string): Promise<void> {
    return this.challenges.expiryDone(guildId, entry);
  }

  // Games

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
      const stored = this.newGame(input);
      stored.ai = input.ai ?? null;
      if (input.tournament) stored.tournament = input.tournament;
      if (input.match) stored.match = { id: this.newId(), game: 1 };
      const ply = input.game.plyCount;
      const committed = await this.store.commit(
        [{ key: keys.game(input.guildId, input.channelId), value: stored, expectRevision: 0 }],
        [
          ...rescheduled(stored, null, { clock: stored.clock, ply }),
          ...aiTurn(
            stored,
            null,
            input.game.isGameOver() ? null : { turn: input.game.turn, ply },
            this.now(),
          ),
        ],
      );
      if (!committed.ok) return failure('channel-busy');
      return success(this.activate(stored, 1));
    });
  }

  /** A game against the AI, started at once in the channel (refused when it has a game). */
  async playAi(input: AiGameInput): Promise<Outcome<ActiveGame>> {
    const humanSide: Side =
      input.side === 'random' ? (this.random() < 0.5 ? 'attackers' : 'defenders') : input.side;
    const aiSide = otherSide(humanSide);
    return this.startGame({
      guildId: input.guildId,
      channelId: input.channelId,
      players: { [humanSide]: input.human, [aiSide]: input.machine } as Record<Side, Player>,
      game: new Game({ variant: input.variant }),
      perMoveMs: TIME_CONTROLS[input.time],
      ai: { side: aiSide, level: input.level },
      match: input.match,
    });
  }

  private newGame(input: NewGame): StoredGame {
    return newStoredGame(input, { id: this.newId(), now: this.now() });
  }

  /** The game in progress at a table, or null. */
  async board(table: Table): Promise<ActiveGame | null> {
    for (let attempt = 0; attempt < STANDINGS_RETRIES; attempt++) {
      const read = await this.store.read<StoredGame>(keys.game(table.guildId, table.channelId));
      if (!read) return null;
      const active = this.activate(read.value, read.revision);
      if (!active.game.isGameOver()) return active;
      // Over although stored (see settle): it ends now; a match's second game may follow it.
      await this.settle(read.value, read.revision, this.activate(read.value, read.revision, { fresh: true }));
    }
    return null;
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
      ended: await this.endOfGameReads(stored),
      extraSchedules,
    });
    return (await this.store.commit(plan.writes, plan.schedules)).ok;
  }

  async move(
    table: Table,
    user: Player,
    text: string,
  ): Promise<
    Outcome<{ game: ActiveGame; move: PlayedMove; result: GameResult | null; nextGame?: ActiveGame }>
  > {
    return this.change<{ move: PlayedMove; result: GameResult | null }>(
      table,
      user,
      { onTurnOnly: true },
      (active) => {
        const attempt = active.game.tryPlay(text);
        if (!attempt.ok) return failure(attempt.refusal.code, { ...attempt.refusal.params });
        // A move declines a draw offer and an undo request.
        active.drawOfferedBy = null;
        active.undoRequest = null;
        return success({ move: attempt.move, result: active.game.result });
      },
    );
  }

  async resign(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; result: GameResult; nextGame?: ActiveGame }>> {
    return this.change<{ result: GameResult }>(table, user, { onTurnOnly: false }, (active, side) =>
      success({ result: active.game.resign(side) }),
    );
  }

  /** Offers a draw; if the opponent's offer is open, this agrees it. */
  async offerDraw(
    table: Table,
    user: Player,
  ): Promise<Outcome<{ game: ActiveGame; agreed: boolean; nextGame?: ActiveGame }>> {
    return this.change<{ agreed: boolean }>(table, user, { onTurnOnly: false }, (active, side) => {
      if (active.ai) return failure('ai-no-draw');
      if (active.drawOfferedBy === side) return failure('already-offered');
      if (active.drawOfferedBy === otherSide(side)) {
        active.game.agreeDraw();
        return success({ agreed: true });
      }
      active.drawOfferedBy = side;
      return success({ agreed: false });
    });
  }

  /** Accepts the opponent's open draw offer (the button carries the game id, so an old button cannot act on a new game). */
  async acceptDraw(
    table: Table,
    user: Player,
    gameId?: string,
  ): Promise<Outcome<{ game: ActiveGame; nextGame?: ActiveGame }>> {
    return this.change<object>(table, user, { onTurnOnly: false }, (active, side) => {
      if (gameId && active.id !== gameId) return failure('stale-draw-offer');
      if (active.drawOfferedBy === null) return failure('no-offer');
      if (active.drawOfferedBy === side) return failure('own-offer');
      active.game.agreeDraw();
      return success({});
    });
  }

  /** Autocomplete for /move: none for non-players or a player not on turn. */
  async suggestMoves(table: Table, userId: string, typed: string): Promise<Suggestion[]> {
    const active = await this.board(table);
    if (!active || active.game.isGameOver() || active.players[active.game.turn].id !== userId) return [];
    return suggestMoves(active.game, typed);
  }

  /** Asks the opponent to take back the last move. */
  async requestUndo(table: Table, user: Player): Promise<Outcome<{ game: ActiveGame; ply: number }>> {
    return this.change<{ ply: number }>(table, user, { onTurnOnly: false }, (active, side) => {
      if (active.ai) return failure('ai-no-undo');
      const ply = active.game.plyCount;
      if (ply === 0) return failure('nothing-to-undo');
      if (active.undoRequest?.by === side && active.undoRequest.ply === ply) {
        return failure('already-asked');
      }
      active.undoRequest = { by: side, ply };
      return success({ ply });
    });
  }

  /** The opponent answers an undo request; `ply` is the ply count the request was made at. */
  async answerUndo(
    table: Table,
    user: Player,
    gameId: string,
    ply: number,
    accept: boolean,
  ): Promise<Outcome<{ game: ActiveGame; undone: string | null }>> {
    return this.change<{ undone: string | null }>(table, user, { onTurnOnly: false }, (active, side) => {
      const request = active.undoRequest;
      if (active.id !== gameId || !request || request.ply !== ply || active.game.plyCount !== ply) {
        return failure('stale-undo');
      }
      if (request.by === side) return failure('own-request');
      active.undoRequest = null;
      if (!accept) return success({ undone: null });
      const undone = active.game.undo();
      return success({ undone: undone?.notation ?? null });
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
      const active = this.activate(stored, read.revision, { fresh: true });
      const now = this.now();
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
          ...archiveWrites(archived, await this.lastGameRead(stored)),
        ],
        [
          ...rescheduled(stored, { clock: stored.clock, ply }, null),
          ...aiTurn(stored, { ply }, null, now),
          // The tournament hears of it too (an aborted game has no result: its organiser decides).
          ...(stored.tournament ? [tournamentResult(stored, now)] : []),
        ],
      );
      if (!committed.ok) return failure('position-changed');
      return success({ game: active });
    });
  }

  /**
   * The table's game in progress, or else the last one that ended there, for /export and
   * /history; `aborted` when a moderator ended it without a result.
   */
  async gameForRecord(table: Table): Promise<{
    /** The game's id: `archived(guildId, id)` finds it once it has ended. */
    id: string;
    guildId: string;
    game: Game;
    players: Record<Side, Player>;
    finished: boolean;
    aborted: boolean;
    startedAt: number;
  } | null> {
    const active = await this.board(table);
    if (active)
      return {
        id: active.id,
        guildId: active.guildId,
        game: active.game,
        players: active.players,
        finished: false,
        aborted: false,
        startedAt: active.startedAt,
      };
    const last = await this.store.read<LastGameMarker>(keys.lastGame(table.guildId, table.channelId));
    const archived = last ? await this.archived(table.guildId, last.value.gameId) : null;
    if (!archived) return null;
    return {
      id: archived.id,
      guildId: archived.guildId,
      game: loadGame(archived.record),
      players: archived.players,
      finished: true,
      aborted: archived.reason === ABORTED,
      startedAt: archived.startedAt,
    };
  }

  /**
   * A rematch of a finished game with sides swapped and everything else as it was: the variant,
   * the time per move, a match. Against a member it is a new challenge from `user`; against the
   * AI the new game starts at once. Either is played at `table`, where the Rematch button was
   * pressed: the channel or thread of the finished game, which is free again. Only a game of the
   * table's guild is found.
   */
  async rematch(
    table: Table,
    gameId: string,
    user: Player,
    locale?: string,
  ): Promise<Outcome<Challenge | AiRematch>> {
    const archived = await guarded(async () => success(await this.archived(table.guildId, gameId)));
    if (!archived.ok) return archived;
    const finished = archived.value;
    if (!finished) return failure('game-gone');
    const side = (['attackers', 'defenders'] as const).find((s) => finished.players[s].id === user.id);
    if (!side || finished.ai?.side === side) return failure('not-in-that-game');
    // A Rematch button acts where its game was played, whatever channel a forged press comes from.
    if (finished.channelId !== table.channelId)
      return failure('rematch-elsewhere', { channelId: finished.channelId });
    const variant = loadGame(finished.record).variant;
    const time = timeControlOf(finished.perMoveMs);
    const match = Boolean(finished.match);
    if (finished.ai) {
      const started = await this.playAi({
        guildId: table.guildId,
        channelId: table.channelId,
        human: user,
        machine: finished.players[finished.ai.side],
        variant,
        side: finished.ai.side,
        time,
        level: finished.ai.level,
        match,
      });
      return started.ok ? success({ aiGame: started.value }) : started;
    }
    return this.challenge({
      guildId: table.guildId,
      channelId: table.channelId,
      challenger: user,
      opponent: finished.players[otherSide(side)],
      variant,
      side: otherSide(side),
      thread: false,
      time,
      match,
      locale,
    });
  }

  // Time control

  /** Ends the games whose player on turn ran out of time and finds the players to remind (sweeper.ts). */
  sweep(limit = 50): Promise<SweepResult> {
    return sweepClocks(
      this.store,
      (table, extraSchedules, apply) =>
        this.change(table, 'clock', { onTurnOnly: false, extraSchedules }, apply),
      this.now(),
      limit,
    );
  }

  /**
   * Games where it is the AI's turn, claimed for this process for `leaseMs` (a crash before the
   * move is played lets another process take the turn when the lease ends).
   */
  async claimAiTurns(leaseMs = 30_000, limit = 10): Promise<AiTurn[]> {
    const claimed = await this.store.claimDue(SCHEDULES.aiTurns, this.now(), leaseMs, limit);
    const turns: AiTurn[] = [];
    for (const { group, member } of claimed) {
      const entry = readEntry(member);
      const turn = entry ? { guildId: group, ...entry } : null;
      const active = turn ? await this.board(turn) : null;
      if (turn && active && active.id === turn.gameId && active.game.plyCount === turn.ply && active.ai)
        turns.push(turn);
      else await this.store.commit([], [{ schedule: SCHEDULES.aiTurns, group, member, at: null }]);
    }
    return turns;
  }

  // Standings

  async standings(guildId: string, variant?: VariantKey): Promise<StandingRow[]> {
    const read = await this.store.read<StandingsDoc>(keys.standings(guildId));
    return read ? table(read.value, variant) : [];
  }

  async memberRecord(guildId: string, userId: string, variant?: VariantKey): Promise<MemberRecord | null> {
    const read = await this.store.read<StandingsDoc>(keys.standings(guildId));
    return read ? memberRecord(read.value, userId, variant) : null;
  }

  /** An archived game's moves, loaded into the engine. */
  gameOf(archived: ArchivedGame): Game {
    return loadGame(archived.record);
  }

  /** The review /analyze made of a finished game, or null. */
  async review(guildId: string, gameId: string): Promise<GameReview | null> {
    return (await this.store.read<GameReview>(keys.review(guildId, gameId)))?.value ?? null;
  }

  /** Keeps a finished game's review; the first kept stays (a review of a finished game never changes). */
  async saveReview(guildId: string, gameId: string, review: GameReview): Promise<void> {
    await this.store.commit([{ key: keys.review(guildId, gameId), value: review, expectRevision: 0 }]);
  }

  /** A finished game of the guild, by its id (another guild's game is not found). */
  async archived(guildId: string, gameId: string): Promise<ArchivedGame | null> {
    return (await this.store.read<ArchivedGame>(keys.archive(guildId, gameId)))?.value ?? null;
  }

  // The one way a game changes

  /**
   * Loads the table's game, checks the player, applies `apply` to a fresh copy, and commits:
   * the game saved, or, when it ended, archived with the standings updated in the same commit.
   */
  private async change<T extends object>(
    table: Table,
    user: Player | 'clock',
    { onTurnOnly, extraSchedules = [] }: { onTurnOnly: boolean; extraSchedules?: ScheduleChange[] },
    apply: (active: ActiveGame, side: Side) => Outcome<T>,
  ): Promise<Outcome<T & { game: ActiveGame; nextGame?: ActiveGame }>> {
    const gameKey = keys.game(table.guildId, table.channelId);
    return guarded(async () => {
      for (let attempt = 0; attempt < STANDINGS_RETRIES; attempt++) {
        const read = await this.store.read<StoredGame>(gameKey);
        if (!read) return failure('no-game');
        const stored = read.value;
        const active = this.activate(stored, read.revision, { fresh: true });
        if (active.game.isGameOver()) {
          if (await this.settle(stored, read.revision, active, extraSchedules)) return failure('game-over');
          continue;
        }
        // The clock acts for the side on turn; a person must be one of the players.
        const side =
          user === 'clock'
            ? active.game.turn
            : (['attackers', 'defenders'] as const).find((s) => stored.players[s].id === user.id);
        if (!side) return failure('not-a-player');
        if (onTurnOnly && active.game.turn !== side) {
          const toMove = stored.players[active.game.turn];
          return failure('not-your-turn', { name: toMove.name, side: active.game.turn });
        }
        const plyBefore = active.game.plyCount;
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
          now: this.now(),
          newId: this.newId,
          ended: active.game.result ? await this.endOfGameReads(stored) : undefined,
          extraSchedules,
        });
        const committed = await this.store.commit(plan.writes, plan.schedules);
        if (committed.ok) {
          const saved = plan.saved ? { ...active, clock: plan.clock, revision: read.revision + 1 } : active;
          const continuation = plan.nextGame
            ? { nextGame: this.activate(plan.nextGame, read.revision + 1) }
            : {};
          return success({ ...applied.value, game: saved, ...continuation });
        }
        if (committed.conflict === gameKey || committed.conflict === keys.archive(table.guildId, stored.id)) {
          return failure('position-changed');
        }
        // Only the standings (another game in the guild ended) or the channel's last-game marker changed: read again.
      }
      return failure('busy');
    });
  }

  /** What the end of a game writes besides the game: the channel's last-game marker and the guild's standings. */
  private async endOfGameReads(
    stored: StoredGame,
  ): Promise<{ lastGame: Read<LastGameMarker>; standings: Read<StandingsDoc> }> {
    const [lastGame, standings] = await Promise.all([
      this.lastGameRead(stored),
      this.store.read<StandingsDoc>(keys.standings(stored.guildId)),
    ]);
    return { lastGame, standings: { value: standings?.value ?? null, revision: standings?.revision ?? 0 } };
  }

  /** The table's last-game marker, which an ended or aborted game moves. */
  private async lastGameRead(table: Table): Promise<Read<LastGameMarker>> {
    const read = await this.store.read<LastGameMarker>(keys.lastGame(table.guildId, table.channelId));
    return { value: read?.value ?? null, revision: read?.revision ?? 0 };
  }

  private activate(stored: StoredGame, revision: number, { fresh = false } = {}): ActiveGame {
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
      match: stored.match ?? null,
      ai: stored.ai ?? null,
      tournament: stored.tournament ?? null,
      startedAt: stored.startedAt,
      revision,
    };
  }
}
