/**
 * What one change to a game writes, as a pure plan: computed from the stored game, the game
 * after the change, and (when it ended) the documents its end touches. No store, no clock of its
 * own: the service reads, plans, then commits the plan in one atomic step.
 */
import type { Player } from '../core/players.ts';
import type { FischerControl } from '../core/time-controls.ts';
import { Game, otherSide, type Side, serializeGame } from '../engine/index.ts';
import type { ScheduleChange, Write } from '../store/index.ts';
import { type Clock, entryFor, rescheduled, SCHEDULES, turnClock } from './clock.ts';
import { passTurn, startFischer } from './fischer.ts';
import { keys } from './keys.ts';
import { matchWinner, movesBy } from './match.ts';
import { withSideResult } from './side-standings.ts';
import { emptyStandings, type StandingsDoc, withResult } from './standings.ts';
import type { ArchivedGame, StoredGame } from './types.ts';
import { paused, resumed } from './vacation-clock.ts';

/** Points at the last game that finished in a channel. */
export interface LastGameMarker {
  schema: 1;
  gameId: string;
}

/**
 * Another module's documents that every game with a result is counted in, in the commit that ends
 * it (the opening tree: src/openings/counting.ts): read before the plan, then asked for its writes
 * once the winner is known, each expecting the revision read, so two games ending at once cannot
 * lose a count.
 */
export type EndOfGameCount = (guildId: string, game: Game) => Promise<EndOfGameWrites>;
export type EndOfGameWrites = (winner: Side | null) => Write[];

/** A document as read, with its revision (0: absent). */
export interface Read<T> {
  value: T | null;
  revision: number;
}

/** A new game's stored form, before its first move. */
export function newStoredGame(
  input: {
    guildId: string;
    channelId: string;
    players: Record<Side, Player>;
    game: Game;
    perMoveMs?: number | null;
    fischer?: FischerControl | null;
    /** A casual game: not rated. */
    casual?: boolean;
    /** The players away on vacation as it starts (their ids). */
    away?: string[];
  },
  { id, now }: { id: string; now: number },
): StoredGame {
  const { fischer } = input;
  const first = fischer
    ? startFischer(fischer, input.game.turn, now)
    : input.perMoveMs
      ? turnClock(input.perMoveMs, now)
      : null;
  const away = input.away?.length ? input.away : undefined;
  return {
    clock: first && away?.includes(input.players[input.game.turn].id) ? paused(first, now) : first,
    // Kept only while a player is away.
    ...(away ? { away } : {}),
    perMoveMs: input.perMoveMs ?? null,
    // Kept only on a Fischer clock's games: a game without it is the stored form from before.
    ...(fischer
      ? {
          fischer: { mainMs: fischer.mainMs, incrementMs: fischer.incrementMs },
          timesLeft: new Array(input.game.plyCount).fill(fischer.mainMs),
        }
      : {}),
    schema: 1,
    id,
    guildId: input.guildId,
    channelId: input.channelId,
    players: input.players,
    record: serializeGame(input.game),
    drawOfferedBy: null,
    // Kept only on a casual game: a game without it is rated, as every game stored before was.
    ...(input.casual ? { casual: true as const } : {}),
    startedAt: now,
    updatedAt: now,
  };
}

/** The tournament-results entry of an ended tournament game (`<tournamentId>|<gameId>`), due at `now`. */
export function tournamentResult(game: StoredGame, now: number): ScheduleChange {
  return {
    schedule: SCHEDULES.tournamentResults,
    group: game.guildId,
    member: `${game.tournament?.id ?? ''}|${game.id}`,
    at: now,
  };
}

/**
 * The changes of a schedule with an entry per turn (`<channel>|<game>|<ply>`): the entry of the turn
 * that ended goes, one for the new turn comes when `whose` says the side to move is wanted.
 */
function turnEntries(
  schedule: string,
  game: { id: string; guildId: string; channelId: string },
  before: { ply: number } | null,
  after: { turn: Side; ply: number } | null,
  now: number,
  whose: (side: Side) => boolean,
): ScheduleChange[] {
  const group = game.guildId;
  const changes: ScheduleChange[] = [];
  if (before && before.ply !== after?.ply)
    changes.push({ schedule, group, member: entryFor(game, before.ply), at: null });
  if (after && whose(after.turn) && before?.ply !== after.ply)
    changes.push({ schedule, group, member: entryFor(game, after.ply), at: now });
  return changes;
}

/** The AI-turn schedule's changes: the entry for the turn that ended goes, one for a new AI turn comes. */
export function aiTurn(
  game: StoredGame,
  before: { ply: number } | null,
  after: { turn: Side; ply: number } | null,
  now: number,
): ScheduleChange[] {
  const { ai } = game;
  if (!ai) return [];
  return turnEntries(SCHEDULES.aiTurns, game, before, after, now, (side) => side === ai.side);
}

/**
 * The turn alerts' changes: every human player's turn gets an entry (their settings say later
 * whether it becomes a message); the entry of the turn that ended goes.
 */
export function turnAlert(
  game: { id: string; guildId: string; channelId: string; ai?: { side: Side } | null },
  before: { ply: number } | null,
  after: { turn: Side; ply: number } | null,
  now: number,
): ScheduleChange[] {
  return turnEntries(SCHEDULES.turnAlerts, game, before, after, now, (side) => side !== game.ai?.side);
}

/** The writes that keep an ended game by its id and mark it the channel's last game. */
export function archiveWrites(archived: ArchivedGame, lastGame: Read<LastGameMarker>): Write[] {
  return [
    { key: keys.archive(archived.guildId, archived.id), value: archived, expectRevision: 0 },
    {
      key: keys.lastGame(archived.guildId, archived.channelId),
      value: { schema: 1, gameId: archived.id } satisfies LastGameMarker,
      expectRevision: lastGame.revision,
    },
  ];
}

export interface ChangeInput {
  stored: StoredGame;
  /** The revision `stored` was read at. */
  revision: number;
  /** The game after the change. */
  game: Game;
  plyBefore: number;
  /** The game's state besides its moves, after the change. */
  drawOfferedBy: Side | null;
  undoRequest: { by: Side; ply: number } | null;
  clock: Clock | null;
  /** The players away on vacation after the change (default: as stored). */
  away?: string[];
  now: number;
  /** When the bot received the move (default `now`): what a Fischer clock charges the mover to. */
  movedAt?: number;
  /** A new id, for the second game of a match. */
  newId: () => string;
  /** Read when the game ended: the channel's last-game marker and the guild's standings. */
  ended?: { lastGame: Read<LastGameMarker>; standings: Read<StandingsDoc>; counted?: EndOfGameWrites };
  /** Schedule entries the change also settles (a claimed deadline, say). */
  extraSchedules?: ScheduleChange[];
}

export interface CommitPlan {
  writes: Write[];
  schedules: ScheduleChange[];
  /** The clock of the turn now in progress (null when the game ended or has no time limit). */
  clock: Clock | null;
  /** The game as stored after the commit, while it goes on. */
  saved: StoredGame | null;
  /** When it ended: the archived game. */
  archived: ArchivedGame | null;
  /** When game 1 of a match ended: game 2, started at once in the channel. */
  nextGame: StoredGame | null;
}

/**
 * The commit of one change: the game saved with a new clock when a turn began; or, when it ended,
 * archived, and either the match's second game started or the standings updated (a casual game's
 * standings stay as they were).
 */
export function planCommit(input: ChangeInput): CommitPlan {
  const { game, plyBefore, now } = input;
  const { away: _, ...rest } = input.stored;
  const awayAfter = input.away ?? input.stored.away ?? [];
  const stored: StoredGame = { ...rest, ...(awayAfter.length ? { away: awayAfter } : {}) };
  const result = game.result;
  const plyAfter = game.plyCount;
  // A new turn (a move, or a move taken back) starts a new clock; other changes keep it.
  const turned =
    stored.clock && plyAfter !== plyBefore
      ? standsWhileAway(nextTurn(stored.clock, input, plyAfter > plyBefore), stored, game.turn, now)
      : null;
  const clock = result ? null : (turned ?? input.clock);
  const next: StoredGame = {
    ...stored,
    record: serializeGame(game),
    drawOfferedBy: input.drawOfferedBy,
    undoRequest: input.undoRequest,
    clock,
    ...(stored.timesLeft ? { timesLeft: timesLeftAfter(stored.timesLeft, turned, plyAfter) } : {}),
    updatedAt: now,
  };
  const schedules: ScheduleChange[] = [
    ...rescheduled(stored, { clock: stored.clock, ply: plyBefore }, result ? null : { clock, ply: plyAfter }),
    ...aiTurn(stored, { ply: plyBefore }, result ? null : { turn: game.turn, ply: plyAfter }, now),
    ...turnAlert(stored, { ply: plyBefore }, result ? null : { turn: game.turn, ply: plyAfter }, now),
    ...(input.extraSchedules ?? []),
  ];
  const gameKey = keys.game(stored.guildId, stored.channelId);
  if (!result) {
    return {
      writes: [{ key: gameKey, value: next, expectRevision: input.revision }],
      schedules,
      clock,
      saved: next,
      archived: null,
      nextGame: null,
    };
  }
  if (!input.ended) throw new Error('an ended game needs its last-game marker and standings read');
  const archived: ArchivedGame = {
    ...next,
    endedAt: now,
    winner: result.winner,
    reason: result.reason,
    ...(input.ended.counted ? { openingsCounted: true as const } : {}),
  };
  const writes = archiveWrites(archived, input.ended.lastGame);
  // Every game with a result is counted in the opening tree, each game of a match on its own.
  if (input.ended.counted) writes.push(...input.ended.counted(result.winner));
  // A tournament hears of a match once, when its second game ends.
  if (stored.tournament && stored.match?.game !== 1) schedules.push(tournamentResult(stored, now));
  let nextGame: StoredGame | null = null;
  const { standings } = input.ended;
  // Every game counts on its own in the side standings, a match's first game too.
  const sideResult = {
    id: stored.id,
    variant: game.variant.id,
    players: stored.players,
    winner: result.winner,
    plies: plyAfter,
  };
  if (stored.match?.game === 1) {
    nextGame = secondMatchGame(stored, game, input);
    writes.push(
      { key: gameKey, value: nextGame, expectRevision: input.revision },
      ...standingsWrites(stored, standings, (doc) => withSideResult(doc, sideResult)),
    );
    schedules.push(
      ...rescheduled(nextGame, null, { clock: nextGame.clock, ply: 0 }),
      ...aiTurn(nextGame, null, { turn: game.variant.firstToMove, ply: 0 }, now),
      ...turnAlert(nextGame, null, { turn: game.variant.firstToMove, ply: 0 }, now),
    );
  } else {
    const overall = {
      id: stored.match?.id ?? stored.id,
      variant: game.variant.id,
      players: stored.players,
      winner: stored.match?.first ? matchWinner(stored, game) : result.winner,
    };
    writes.push(
      { key: gameKey, value: null, expectRevision: input.revision },
      ...standingsWrites(stored, standings, (doc) => withSideResult(withResult(doc, overall), sideResult)),
    );
  }
  return { writes, schedules, clock: null, saved: null, archived, nextGame };
}

/**
 * The guild's standings with an ended game counted in them; nothing at all for a casual game,
 * which leaves every rating, record and side balance as it was.
 */
function standingsWrites(
  stored: StoredGame,
  standings: Read<StandingsDoc>,
  count: (doc: StandingsDoc) => StandingsDoc,
): Write[] {
  if (stored.casual) return [];
  return [
    {
      key: keys.standings(stored.guildId),
      value: count(standings.value ?? emptyStandings()),
      expectRevision: standings.revision,
    },
  ];
}

/**
 * The clock of the turn a move (or a move taken back) starts. A mover whose clock stood (they
 * moved while away) is charged only for the time before it stopped.
 */
function nextTurn(clock: Clock, input: ChangeInput, moved: boolean): Clock {
  if (!clock.fischer) return turnClock(clock.perMoveMs, input.now);
  const at = input.movedAt ?? input.now;
  const running = resumed(clock, at);
  if (!running.fischer) throw new Error('a Fischer clock resumes as one');
  return passTurn(running, { at, now: input.now, moved });
}

/** A turn's clock, stopped from its start when the player to move is away on vacation. */
function standsWhileAway(clock: Clock, game: StoredGame, turn: Side, now: number): Clock {
  return game.away?.includes(game.players[turn].id) ? paused(clock, now) : clock;
}

/**
 * A Fischer game's time left after each ply, the mover's (for /history, /export and replays):
 * a move adds the mover's time, a move taken back drops its entry.
 */
function timesLeftAfter(timesLeft: number[], turned: Clock | null, plyAfter: number): number[] {
  if (plyAfter < timesLeft.length) return timesLeft.slice(0, plyAfter);
  if (!turned?.fischer || plyAfter === timesLeft.length) return timesLeft;
  const { fischer } = turned;
  const mover = fischer.turn === 'attackers' ? 'defenders' : 'attackers';
  return [...timesLeft, fischer.remaining[mover]];
}

/** Game 2 of a match: sides swapped (the AI's too), the same variant and time, game 1's result kept. */
function secondMatchGame(stored: StoredGame, first: Game, input: ChangeInput): StoredGame {
  const result = first.result;
  if (!result || !stored.match) throw new Error('game 1 has not ended');
  const nextGame = newStoredGame(
    {
      guildId: stored.guildId,
      channelId: stored.channelId,
      players: { attackers: stored.players.defenders, defenders: stored.players.attackers },
      game: new Game({ variant: first.variant }),
      perMoveMs: stored.perMoveMs ?? stored.clock?.perMoveMs ?? null,
      fischer: stored.fischer ?? null,
      casual: stored.casual,
      away: stored.away,
    },
    { id: input.newId(), now: input.now },
  );
  nextGame.ai = stored.ai ? { ...stored.ai, side: otherSide(stored.ai.side) } : null;
  if (stored.tournament) nextGame.tournament = stored.tournament;
  nextGame.match = {
    id: stored.match.id,
    game: 2,
    first: {
      players: stored.players,
      winner: result.winner ? stored.players[result.winner].id : null,
      winnerMoves: result.winner ? movesBy(first, result.winner) : 0,
    },
  };
  return nextGame;
}
