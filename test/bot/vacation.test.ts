import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { entryFor, SCHEDULES } from '../../src/game/clock.ts';
import { keys } from '../../src/game/keys.ts';
import type { StoredGame } from '../../src/game/types.ts';
import { manualClock } from '../support/manual-clock.ts';
import { tableAt, worldsPerTest } from './harness.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A member without Manage Server (0x20): only View Channel, Send Messages and Use Application Commands. */
const MEMBER_ONLY = String((1n << 10n) | (1n << 11n) | (1n << 31n));

const startTestWorld = worldsPerTest();

/**
 * The test's clock, moved by hand: in this year (UTC), far enough from its end that days away all
 * count in it (vacation days are a calendar year's).
 */
const testClock = () => manualClock(Date.UTC(new Date().getUTCFullYear(), 3, 1, 12));

/** A world on the test's clock where Ann (attackers) and Bob (defenders) start Fetlar games, each in a channel of its own. */
async function annAndBob(bobOptions: { permissions?: string } = {}) {
  const clock = testClock();
  const world = await startTestWorld(1, { now: clock.now });
  const { emulator, bots } = world;
  const ann = emulator.addUser('Ann');
  const bob = emulator.addUser('Bob', bobOptions);
  /** A game between them in a new channel `name`, at `time` (a time per move or a Fischer clock): its channel. */
  async function game(
    name: string,
    time: { perMoveMs?: number; fischer?: { mainMs: number; incrementMs: number } },
  ): Promise<string> {
    const channelId = emulator.createChannel(name);
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    const started = await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('fetlar'),
      ...time,
    });
    expect(started.ok).toBe(true);
    return channelId;
  }
  return { clock, emulator, bots, service: bots[0].service, store: bots[0].store, ann, bob, game };
}

describe('vacation', () => {
  it('stops the clocks of the member’s games on their turns, and moves each deadline on by exactly the time away', async () => {
    const clock = testClock();
    const world = await startTestWorld(1, { now: clock.now });
    const { emulator, bots } = world;
    const { service } = bots[0];
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const cat = emulator.addUser('Cat');
    const onHerTurn = emulator.createChannel('ann-to-move');
    const onHisTurn = emulator.createChannel('cat-to-move');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(onHisTurn));
    const player = (user: typeof ann) => ({ id: user.id, name: user.globalName ?? user.username });
    // Fetlar: the attackers move first. Ann is to move in one game, Cat in the other.
    for (const [channelId, players] of [
      [onHerTurn, { attackers: player(ann), defenders: player(bob) }],
      [onHisTurn, { attackers: player(cat), defenders: player(ann) }],
    ] as const) {
      const started = await service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId,
        players,
        game: new Game('fetlar'),
        perMoveMs: DAY,
      });
      expect(started.ok).toBe(true);
    }
    const deadlineBefore = (await service.play.board(tableAt(emulator, onHerTurn)))?.clock?.deadline ?? 0;
    expect(deadlineBefore).toBe(clock.now() + DAY);

    const away = await emulator.slash(ann, 'vacation start').reply();
    expect(away.ephemeral).toBe(false);
    expect(away.content).toContain('**Ann** is on vacation');
    const told = await emulator.waitFor(() =>
      emulator.messages(onHerTurn).find((message) => message.content.includes('is on vacation')),
    );
    expect(told.content).toContain('Clock stopped: **Ann** is on vacation.');
    // A second start is refused, and changes nothing.
    const again = await emulator.slash(ann, 'vacation start').reply();
    expect(again.ephemeral).toBe(true);
    expect(again.content).toContain('already on vacation');

    // Cat moves: Ann's turn begins while she is away, with her clock stopped from its start.
    clock.pass(HOUR);
    const catMoved = await emulator.slash(cat, 'move', { move: 'd1-d3' }, { channelId: onHisTurn }).reply();
    expect(catMoved.ephemeral).toBe(false);
    expect(catMoved.content).toContain('Clock stopped: **Ann** is on vacation.');
    const herTurnStarted = clock.now();
    expect((await service.play.board(tableAt(emulator, onHisTurn)))?.clock?.pausedAt).toBe(herTurnStarted);
    const games = await emulator.slash(bob, 'games').reply();
    expect(games.content + JSON.stringify(games.embeds)).toContain('Clock stopped: **Ann** is on vacation.');

    // Three days away: far past her deadlines, and she loses neither game on time.
    clock.pass(3 * DAY);
    await bots[0].bot.sweep();
    const standing = await service.play.board(tableAt(emulator, onHerTurn));
    expect(standing?.game.result).toBeNull();
    expect(standing?.clock?.pausedAt).toBe(herTurnStarted - HOUR);
    expect((await service.play.board(tableAt(emulator, onHisTurn)))?.game.result).toBeNull();

    clock.pass(DAY);
    const back = await emulator.slash(ann, 'vacation end').reply();
    expect(back.content).toContain('**Ann** is back from vacation');
    // Four days and an hour away: each deadline moved on by exactly the time its clock stood.
    const resumed = await service.play.board(tableAt(emulator, onHerTurn));
    expect(resumed?.clock?.pausedAt).toBeUndefined();
    expect(resumed?.clock?.deadline).toBe(deadlineBefore + 4 * DAY + HOUR);
    expect((await service.play.board(tableAt(emulator, onHisTurn)))?.clock?.deadline).toBe(
      herTurnStarted + DAY + 4 * DAY,
    );
    await emulator.waitFor(() =>
      emulator.messages(onHisTurn).find((message) => message.content.includes('is back from vacation')),
    );
    const status = await emulator.slash(ann, 'vacation status').reply();
    expect(status.ephemeral).toBe(true);
    expect(status.content).toContain('you have 9 days left this year');

    // The clocks run again: past the moved deadline, the game is lost on time.
    clock.pass(DAY - 1);
    await bots[0].bot.sweep();
    expect((await service.play.board(tableAt(emulator, onHerTurn)))?.game.result).toBeNull();
    clock.pass(2);
    await bots[0].bot.sweep();
    expect(await service.play.board(tableAt(emulator, onHerTurn))).toBeNull();
    expect((await service.records.gameForRecord(tableAt(emulator, onHerTurn)))?.game.result?.reason).toBe(
      'timeout',
    );
  });

  it('ends by itself when the server’s days run out; only a member who may manage the server sets them', async () => {
    const { clock, emulator, bots, ann, bob, game } = await annAndBob({ permissions: MEMBER_ONLY });
    const channelId = await game('short-vacation', { perMoveMs: DAY });
    const byBob = await emulator.slash(bob, 'vacation days', { days: 30 }).reply();
    expect(byBob.ephemeral).toBe(true);
    expect(byBob.content).toContain('Only members who may manage the server');
    expect(await bots[0].service.vacations.days(emulator.guildId)).toBe(14);
    const set = await emulator.slash(ann, 'vacation days', { days: 2 }).reply();
    expect(set.content).toBe('Members of this server now have 2 vacation days a year.');

    await emulator.slash(ann, 'vacation start').reply();
    clock.pass(2 * DAY - 1);
    await bots[0].bot.sweep();
    expect((await bots[0].service.vacations.status(emulator.guildId, ann.id)).since).not.toBeNull();
    clock.pass(1);
    await bots[0].bot.sweep();
    const status = await bots[0].service.vacations.status(emulator.guildId, ann.id);
    expect(status.since).toBeNull();
    expect(status.leftMs).toBe(0);
    const told = await emulator.waitFor(() =>
      emulator.messages(channelId).find((message) => message.content.includes('vacation days')),
    );
    expect(told.content).toContain("**Ann** has used this year's vacation days");
    // Her clock runs again with the full day it had when she went.
    expect((await bots[0].service.play.board(tableAt(emulator, channelId)))?.clock?.deadline).toBe(
      clock.now() + DAY,
    );
    const refused = await emulator.slash(ann, 'vacation start').reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('no vacation days left this year');
  });

  it('stops correspondence Fischer clocks, charging a player who moves while away only for the time before; never live ones', async () => {
    const { clock, emulator, bots, service, ann, game } = await annAndBob();
    const slow = await game('slow', { fischer: { mainMs: DAY, incrementMs: 6 * HOUR } });
    const blitz = await game('blitz', { fischer: { mainMs: 5 * 60 * 1000, incrementMs: 3000 } });
    clock.pass(HOUR);
    await emulator.slash(ann, 'vacation start').reply();
    expect((await service.play.board(tableAt(emulator, slow)))?.clock?.pausedAt).toBe(clock.now());
    expect((await service.play.board(tableAt(emulator, blitz)))?.clock?.pausedAt).toBeUndefined();
    // Away for two days, then she moves anyway: charged the hour before she went, given the increment.
    clock.pass(2 * DAY);
    const moved = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId: slow }).reply();
    expect(moved.ephemeral).toBe(false);
    const after = await service.play.board(tableAt(emulator, slow));
    expect(after?.clock?.fischer?.remaining.attackers).toBe(DAY - HOUR + 6 * HOUR);
    // The blitz game's clock ran: she lost it on time long ago.
    await bots[0].bot.sweep();
    expect(await service.play.board(tableAt(emulator, blitz))).toBeNull();
  });

  it('a game that starts while a player is away starts with their clock stopped; the sweeper never times out a player who went away', async () => {
    const { clock, emulator, bots, service, store, ann, game } = await annAndBob();
    const guildId = emulator.guildId;
    // A game started at the instant its player went away, unseen by the vacation's commit: as if
    // its start had read her vacation just before it was written.
    const raced = await game('raced', { perMoveMs: DAY });
    await emulator.slash(ann, 'vacation start').reply();
    const wentAt = clock.now();
    const read = await store.read<StoredGame>(keys.game(guildId, raced));
    if (!read?.value.clock) throw new Error('no game');
    const { away: _, ...unseen } = read.value;
    const { pausedAt: __, ...running } = read.value.clock;
    const undone = await store.commit(
      [
        {
          key: keys.game(guildId, raced),
          value: { ...unseen, clock: running },
          expectRevision: read.revision,
        },
      ],
      [{ schedule: SCHEDULES.deadlines, group: guildId, member: entryFor(unseen, 0), at: running.deadline }],
    );
    expect(undone.ok).toBe(true);

    clock.pass(HOUR);
    const first = await service.play.board(tableAt(emulator, await game('first', { perMoveMs: DAY })));
    expect(first?.clock?.pausedAt).toBe(clock.now());
    expect(first?.away).toEqual([ann.id]);

    clock.pass(2 * DAY);
    await bots[0].bot.sweep();
    const stood = await service.play.board(tableAt(emulator, raced));
    expect(stood?.game.result).toBeNull();
    expect(stood?.clock?.pausedAt).toBe(wentAt);
    expect(stood?.away).toEqual([ann.id]);
    await emulator.slash(ann, 'vacation end').reply();
    expect((await service.play.board(tableAt(emulator, raced)))?.clock?.deadline).toBe(clock.now() + DAY);
  });
});
