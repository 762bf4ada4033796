/** The commit of one game change, planned with no store: every branch. */
import { describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { Game, serializeGame } from '../../src/engine/index.ts';
import { entryFor, SCHEDULES, turnClock } from '../../src/game/clock.ts';
import { type ChangeInput, newStoredGame, planCommit } from '../../src/game/commit-plan.ts';
import { keys } from '../../src/game/keys.ts';
import type { StandingsDoc } from '../../src/game/standings.ts';
import type { StoredGame } from '../../src/game/types.ts';
import type { ScheduleChange } from '../../src/store/index.ts';
import { gameWith } from '../engine/setup.ts';

/** The game's own schedules: turn alerts (every human turn's entry) are tested in test/settings. */
const withoutAlerts = (changes: ScheduleChange[]) =>
  changes.filter((change) => change.schedule !== SCHEDULES.turnAlerts);

const ann: Player = { id: '1', name: 'Ann' };
const bob: Player = { id: '2', name: 'Bob' };
const HOUR = 3_600_000;
const T0 = 1_000_000;
const LATER = T0 + 60_000;

function stored(game: Game, extra: Partial<StoredGame> = {}): StoredGame {
  return {
    ...newStoredGame(
      { guildId: 'g', channelId: 'c', players: { attackers: ann, defenders: bob }, game, perMoveMs: HOUR },
      { id: 'game-1', now: T0 },
    ),
    ...extra,
  };
}

const noReads = {
  lastGame: { value: null, revision: 0 },
  standings: { value: null, revision: 0 },
};

/** Plays `moves` on a copy of the stored game's record and plans the commit. */
function planAfter(
  before: StoredGame,
  game: Game,
  change: (game: Game) => void,
  extra: Partial<ChangeInput> = {},
) {
  const plyBefore = game.plyCount;
  change(game);
  return planCommit({
    stored: before,
    revision: 7,
    game,
    plyBefore,
    drawOfferedBy: null,
    undoRequest: null,
    clock: before.clock ?? null,
    now: LATER,
    newId: () => 'game-2',
    ended: game.result ? noReads : undefined,
    ...extra,
  });
}

describe('the commit plan of a change that leaves the game going', () => {
  it('a move: the game saved at its revision, a new clock, the deadline and reminder moved to the new turn', () => {
    const game = new Game('fetlar');
    const before = stored(game);
    const plan = planAfter(before, game, (g) => g.play('d1-d3'));
    expect(plan.writes).toEqual([{ key: keys.game('g', 'c'), value: plan.saved, expectRevision: 7 }]);
    expect(plan.saved?.record).toBe(serializeGame(game));
    expect(plan.clock).toEqual(turnClock(HOUR, LATER));
    expect(plan.saved?.clock).toEqual(plan.clock);
    expect(withoutAlerts(plan.schedules)).toEqual([
      { schedule: SCHEDULES.deadlines, group: 'g', member: entryFor(before, 0), at: null },
      { schedule: SCHEDULES.reminders, group: 'g', member: entryFor(before, 0), at: null },
      { schedule: SCHEDULES.deadlines, group: 'g', member: entryFor(before, 1), at: LATER + HOUR },
      { schedule: SCHEDULES.reminders, group: 'g', member: entryFor(before, 1), at: LATER + 0.8 * HOUR },
    ]);
    expect(plan.archived).toBeNull();
    expect(plan.nextGame).toBeNull();
  });

  it('a change without a move (a draw offer): the clock and its schedule stay', () => {
    const game = new Game('fetlar');
    const before = stored(game);
    const plan = planAfter(before, game, () => {}, { drawOfferedBy: 'attackers' });
    expect(plan.clock).toEqual(before.clock);
    expect(plan.saved?.drawOfferedBy).toBe('attackers');
    expect(withoutAlerts(plan.schedules)).toEqual([]);
  });

  it('no time limit: no clock and no deadline', () => {
    const game = new Game('fetlar');
    const before = stored(game, { clock: null, perMoveMs: null });
    const plan = planAfter(before, game, (g) => g.play('d1-d3'));
    expect(plan.clock).toBeNull();
    expect(withoutAlerts(plan.schedules)).toEqual([]);
  });

  it('against the AI: its turn is scheduled when the move hands it the turn, and dropped when it has moved', () => {
    const game = new Game('fetlar');
    const before = stored(game, { clock: null, ai: { side: 'defenders', level: 'normal' } });
    const handed = planAfter(before, game, (g) => g.play('d1-d3'));
    // Any entry of the turn that ended goes (the member's: there is none, and removing none is harmless).
    expect(withoutAlerts(handed.schedules)).toEqual([
      { schedule: SCHEDULES.aiTurns, group: 'g', member: entryFor(before, 0), at: null },
      { schedule: SCHEDULES.aiTurns, group: 'g', member: entryFor(before, 1), at: LATER },
    ]);
    const answered = planAfter(before, game, (g) => g.play('f4-c4'));
    expect(withoutAlerts(answered.schedules)).toEqual([
      { schedule: SCHEDULES.aiTurns, group: 'g', member: entryFor(before, 1), at: null },
    ]);
  });

  it('extra schedule changes ride along (a claimed deadline settled)', () => {
    const game = new Game('fetlar');
    const before = stored(game);
    const settle = { schedule: SCHEDULES.deadlines, group: 'g', member: 'x', at: null };
    const plan = planAfter(before, game, () => {}, { extraSchedules: [settle] });
    expect(withoutAlerts(plan.schedules)).toEqual([settle]);
  });
});

describe('the commit plan of a change that ends the game', () => {
  const finishing = () => gameWith('fetlar', { king: 'k5', attackers: ['a5'] }, 'defenders');

  it('archived, marked the channel’s last game, removed from the channel, rated, its schedules dropped', () => {
    const game = finishing();
    const before = stored(game, { record: serializeGame(game) });
    const standings: StandingsDoc = { schema: 1, names: {}, tallies: {}, counted: ['old'] };
    const plan = planAfter(before, game, (g) => g.play('k5-k1'), {
      ended: {
        lastGame: { value: { schema: 1, gameId: 'older' }, revision: 3 },
        standings: { value: standings, revision: 4 },
      },
    });
    expect(plan.archived).toMatchObject({
      id: 'game-1',
      winner: 'defenders',
      reason: 'king-escaped',
      endedAt: LATER,
    });
    expect(plan.writes.map((write) => [write.key, write.expectRevision])).toEqual([
      [keys.archive('g', 'game-1'), 0],
      [keys.lastGame('g', 'c'), 3],
      [keys.game('g', 'c'), 7],
      [keys.standings('g'), 4],
    ]);
    expect(plan.writes[1].value).toEqual({ schema: 1, gameId: 'game-1' });
    expect(plan.writes[2].value).toBeNull();
    const rated = plan.writes[3].value as StandingsDoc;
    expect(rated.counted).toEqual(['old', 'game-1']);
    expect(rated.tallies['fetlar|2|1']).toEqual([1, 0, 0]);
    // In the same write: the ratings per side and the variant's side balance.
    expect(rated.sides?.counted).toEqual(['game-1']);
    expect(rated.sides?.balance.fetlar).toMatchObject({ defenders: 1, plies: { '1': 1 } });
    expect(rated.sides?.ratings['fetlar|2|defenders']?.rating).toBeGreaterThan(1500);
    expect(rated.sides?.ratings['fetlar|1|attackers']?.rating).toBeLessThan(1500);
    expect(plan.saved).toBeNull();
    expect(plan.clock).toBeNull();
    expect(withoutAlerts(plan.schedules)).toEqual([
      { schedule: SCHEDULES.deadlines, group: 'g', member: entryFor(before, 0), at: null },
      { schedule: SCHEDULES.reminders, group: 'g', member: entryFor(before, 0), at: null },
    ]);
  });

  it('game 1 of a match: game 2 takes the channel at once, sides and the AI swapped, rated only per side', () => {
    const game = finishing();
    const before = stored(game, {
      record: serializeGame(game),
      match: { id: 'match-1', game: 1 },
      ai: { side: 'attackers', level: 'easy' },
    });
    const plan = planAfter(before, game, (g) => g.play('k5-k1'));
    const next = plan.nextGame;
    expect(next).toMatchObject({
      id: 'game-2',
      players: { attackers: bob, defenders: ann },
      ai: { side: 'defenders', level: 'easy' },
      match: { id: 'match-1', game: 2, first: { winner: bob.id, winnerMoves: 1 } },
      clock: turnClock(HOUR, LATER),
    });
    expect(plan.writes.find((write) => write.key === keys.game('g', 'c'))).toEqual({
      key: keys.game('g', 'c'),
      value: next,
      expectRevision: 7,
    });
    // The match is rated as one result when it ends; its first game counts now in the side standings alone.
    const standings = plan.writes.find((write) => write.key === keys.standings('g'));
    expect(standings?.expectRevision).toBe(0);
    const doc = standings?.value as StandingsDoc;
    expect([doc.tallies, doc.ratings ?? {}, doc.counted]).toEqual([{}, {}, []]);
    expect(doc.sides?.balance.fetlar).toEqual({ attackers: 0, defenders: 1, draws: 0, plies: { '1': 1 } });
    expect(Object.keys(doc.sides?.ratings ?? {}).sort()).toEqual([
      'fetlar|1|attackers',
      'fetlar|2|defenders',
    ]);
    // Fetlar's attackers move first: Bob, a member; the AI (now defenders) waits.
    expect(plan.schedules.filter((change) => change.schedule === SCHEDULES.aiTurns)).toEqual([
      { schedule: SCHEDULES.aiTurns, group: 'g', member: entryFor(before, 0), at: null },
    ]);
    expect(plan.schedules).toContainEqual({
      schedule: SCHEDULES.deadlines,
      group: 'g',
      member: entryFor(next as StoredGame, 0),
      at: LATER + HOUR,
    });
  });

  it('game 1 of a match against the AI: when the AI opens game 2, its turn is scheduled at once', () => {
    const game = finishing();
    const before = stored(game, {
      record: serializeGame(game),
      match: { id: 'match-1', game: 1 },
      ai: { side: 'defenders', level: 'hard' },
    });
    const plan = planAfter(before, game, (g) => g.play('k5-k1'));
    expect(plan.nextGame?.ai).toEqual({ side: 'attackers', level: 'hard' });
    expect(plan.schedules).toContainEqual({
      schedule: SCHEDULES.aiTurns,
      group: 'g',
      member: entryFor(plan.nextGame as StoredGame, 0),
      at: LATER,
    });
  });

  it('game 2 of a match: rated once, under the match’s id, for the match’s winner', () => {
    const game = finishing();
    const before = stored(game, {
      record: serializeGame(game),
      players: { attackers: bob, defenders: ann },
      match: {
        id: 'match-1',
        game: 2,
        first: { players: { attackers: ann, defenders: bob }, winner: ann.id, winnerMoves: 30 },
      },
    });
    // Game 2: Ann (defenders) wins in one move, fewer than Bob's... Bob did not win game 1: Ann takes both.
    const plan = planAfter(before, game, (g) => g.play('k5-k1'));
    const rated = plan.writes.find((write) => write.key === keys.standings('g'))?.value as StandingsDoc;
    expect(rated.counted).toEqual(['match-1']);
    expect(rated.tallies[`fetlar|${ann.id}|${bob.id}`]).toEqual([1, 0, 0]);
    expect(plan.nextGame).toBeNull();
  });

  it('a tournament game tells its tournament when it ends (a match: when game 2 ends), and game 2 stays in it', () => {
    const tournament = { id: 't-1', round: 2 };
    const single = finishing();
    const alone = stored(single, { record: serializeGame(single), tournament });
    const ended = planAfter(alone, single, (g) => g.play('k5-k1'));
    expect(ended.schedules).toContainEqual({
      schedule: SCHEDULES.tournamentResults,
      group: 'g',
      member: 't-1|game-1',
      at: LATER,
    });
    const first = finishing();
    const matchGame = stored(first, {
      record: serializeGame(first),
      tournament,
      match: { id: 'm', game: 1 },
    });
    const half = planAfter(matchGame, first, (g) => g.play('k5-k1'));
    expect(half.schedules.some((change) => change.schedule === SCHEDULES.tournamentResults)).toBe(false);
    expect(half.nextGame?.tournament).toEqual(tournament);
    const going = new Game('fetlar');
    const moved = planAfter(stored(going, { tournament }), going, (g) => g.play('d1-d3'));
    expect(moved.schedules.some((change) => change.schedule === SCHEDULES.tournamentResults)).toBe(false);
  });

  it('refuses to plan an end without the documents it writes', () => {
    const game = finishing();
    const before = stored(game, { record: serializeGame(game) });
    expect(() => planAfter(before, game, (g) => g.play('k5-k1'), { ended: undefined })).toThrow(
      /last-game marker/,
    );
  });
});
