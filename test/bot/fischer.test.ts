/**
 * Fischer clocks end to end, through the real client and the emulator, on the tests' injected
 * clock: the increment keeping a blitz player alive, the loss on time found once by two
 * processes (and by the half-second clock sweep without anyone sweeping by hand), a draw on time
 * where the opponent could not win, the AI playing 1+1 to the end on a clock that runs in real
 * time, and a tournament at 10+5.
 */
import { describe, expect, it } from 'vitest';
import { Game, loadGame, serializeGame } from '../../src/engine/index.ts';
import type { GameService } from '../../src/game/service.ts';
import type { Store } from '../../src/store/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { buttonIds, startBotProcess, tableAt, type World, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A new channel every bot has seen. */
async function channelIn(world: World, name: string): Promise<string> {
  const channelId = world.emulator.createChannel(name);
  await world.emulator.waitFor(() => world.bots.every((b) => b.bot.client.channels.cache.has(channelId)));
  return channelId;
}

/** A legal move of the side to move that captures nothing and does not end the game. */
async function quietMove(service: GameService, world: World, channelId: string): Promise<string> {
  const active = await service.play.board(tableAt(world.emulator, channelId));
  if (!active) throw new Error('no game');
  for (const move of active.game.legalMoves()) {
    const copy = loadGame(serializeGame(active.game));
    const played = copy.play(move.notation);
    if (!copy.result && played.captured.length === 0) return move.notation;
  }
  throw new Error('no quiet move');
}

async function play(
  world: World,
  user: EmulatedUser,
  channelId: string,
  whileSent: { start(): void; end(): void } = { start() {}, end() {} },
): Promise<RecordedMessage> {
  const move = await quietMove(world.bots[0].service, world, channelId);
  whileSent.start();
  const reply = await world.emulator.slash(user, 'move', { move }, { channelId }).reply();
  whileSent.end();
  expect(reply.ephemeral, reply.content).toBe(false);
  return reply;
}

/** `challenger` challenges `opponent` to a game of Fetlar as the attackers, accepted; the game's first board. */
async function fischerGame(
  world: World,
  challenger: EmulatedUser,
  opponent: EmulatedUser,
  channelId: string,
  time: string,
): Promise<RecordedMessage> {
  const { emulator } = world;
  const challenge = await emulator
    .slash(challenger, 'challenge', { opponent, variant: 'fetlar', side: 'attackers', time }, { channelId })
    .reply();
  const accept = emulator.clickButton(opponent, challenge, buttonIds(challenge)[0]);
  await accept.reply();
  return emulator.waitFor(() => accept.followUps().find((message) => message.attachments.length > 0));
}

describe('a 5+3 game', () => {
  it('the increment keeps a player alive past five minutes; the bot’s own time is not charged; the flag falls once; a rematch keeps 5+3', async () => {
    let now = Date.now();
    // The bot's work between receiving a move and reading the game, on the injected clock (only
    // the game's reads: what the bot reads after the commit, a member's settings, is not this work).
    let botWork = 0;
    const slowReads = (store: Store): Store => ({
      ...store,
      read: async (key) => {
        if (key.includes(':game:')) now += botWork;
        return store.read(key);
      },
    });
    const world = await startTestWorld(1, { now: () => now, wrapStore: slowReads });
    const { emulator, bots } = world;
    const amy = emulator.addUser('Amy');
    const ben = emulator.addUser('Ben');
    const channelId = await channelIn(world, 'blitz');
    const challenge = await emulator
      .slash(
        amy,
        'challenge',
        { opponent: ben, variant: 'fetlar', side: 'attackers', time: '5+3' },
        { channelId },
      )
      .reply();
    expect(challenge.content).toContain('5 minutes + 3 seconds a move (blitz)');
    const accept = emulator.clickButton(ben, challenge, buttonIds(challenge)[0]);
    await accept.reply();
    const first = await emulator.waitFor(() => accept.followUps().find((m) => m.attachments.length > 0));
    expect(first.content).toMatch(/Clocks: attackers 5:00, defenders 5:00\. Time runs out <t:\d+:R>\./);

    // /board shows the clocks as they stand.
    now += MINUTE;
    const board = await emulator.slash(ben, 'board', {}, { channelId }).reply();
    expect(board.content).toContain('Clocks: attackers 4:00, defenders 5:00.');

    // Amy is reminded once when down to a tenth of her time (30 s).
    now += 3 * MINUTE + 31 * SECOND;
    await bots[0].bot.sweep();
    await bots[0].bot.sweep();
    const reminders = () => emulator.messages(channelId).filter((m) => m.content.includes('running low'));
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0].content).toContain(`<@${amy.id}>`);
    expect(reminders()[0].allowedMentions).toMatchObject({ parse: [], users: [amy.id] });

    // She moves with a second to spare: 1 s + 3 s increment. The bot takes 700 ms over it, not charged to her.
    now += 28 * SECOND;
    const afterAmy = await play(world, amy, channelId, {
      start: () => {
        botWork = 700;
      },
      end: () => {
        botWork = 0;
      },
    });
    expect(afterAmy.content).toContain('Clocks: attackers 0:04.0, defenders 5:00.');
    now += 1 * SECOND;
    expect((await play(world, ben, channelId)).content).toContain(
      'Clocks: attackers 0:04.0, defenders 5:02.',
    );
    // 3.9 s more: 5:03.9 spent in all, alive thanks to the increments.
    now += 3900;
    expect((await play(world, amy, channelId)).content).toContain(
      'Clocks: attackers 0:03.1, defenders 5:02.',
    );
    await bots[0].bot.sweep();
    expect(emulator.messages(channelId).some((m) => m.content.includes('ran out of time'))).toBe(false);
    now += 2 * SECOND;
    await play(world, ben, channelId);

    // Amy started her turn below 30 s: no second reminder. Her 3.1 s run out.
    now += 3100;
    await bots[0].bot.sweep();
    await bots[0].bot.sweep();
    const endings = () => emulator.messages(channelId).filter((m) => m.content.includes('ran out of time'));
    expect(endings()).toHaveLength(1);
    expect(endings()[0].content).toContain('**Ben** (defenders) wins');
    expect(reminders()).toHaveLength(1);

    // /history shows each move's time left and the final clocks.
    const history = await emulator.slash(amy, 'history', {}, { channelId }).reply();
    const embed = history.embeds[0];
    expect(embed.description).toContain('0:04.0');
    expect(embed.fields).toContainEqual({
      name: 'Clock',
      value: '5 minutes + 3 seconds a move (blitz) · Clocks: attackers 0:00.0, defenders 5:03.',
    });
    const exported = await emulator.slash(amy, 'export', {}, { channelId }).reply();
    const record = Buffer.from(exported.attachments[0].data).toString('utf8');
    expect(record).toContain('[time-control:300]');
    expect(record).toContain('[x-increment:3]');
    // The replay's captions show the clocks after each move.
    const replay = await emulator.slash(amy, 'replay', {}, { channelId }).reply();
    expect(replay.attachments[0].filename).toMatch(/\.gif$/);

    // A rematch keeps the time control.
    const rematch = await emulator.clickButton(ben, endings()[0], buttonIds(endings()[0])[0]).reply();
    expect(rematch.content).toContain('5 minutes + 3 seconds a move (blitz)');
  });

  it('a move that arrives after the flag fell loses on time there and then', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const amy = world.emulator.addUser('Amy');
    const ben = world.emulator.addUser('Ben');
    const channelId = await channelIn(world, 'late');
    await fischerGame(world, amy, ben, channelId, '5+3');
    now += 5 * MINUTE;
    const late = await play(world, amy, channelId);
    expect(late.content).toContain('The attackers ran out of time.');
    expect(late.content).toContain('**Ben** (defenders) wins');
    const record = await world.bots[0].service.records.gameForRecord(tableAt(world.emulator, channelId));
    expect(record?.game.plyCount).toBe(0);
    // The deadline went with the game: a sweep finds nothing more.
    await world.bots[0].bot.sweep();
    expect(
      world.emulator.messages(channelId).filter((m) => m.content.includes('ran out of time')),
    ).toHaveLength(1);
  });
});

describe('the flag with two bot processes', () => {
  it('is found once, across a restart, by either process', async () => {
    let now = Date.now();
    const world = await startTestWorld(2, { now: () => now });
    const { emulator } = world;
    const amy = emulator.addUser('Amy');
    const ben = emulator.addUser('Ben');
    const channelId = await channelIn(world, 'two');
    await fischerGame(world, amy, ben, channelId, '5+3');
    now += 10 * SECOND;
    await play(world, amy, channelId);
    // One process restarts: the clock is in the store, nothing changes.
    await world.bots[1].stop();
    world.bots[1] = await startBotProcess(emulator, world.namespace, { now: () => now });
    const active = await world.bots[1].service.play.board(tableAt(emulator, channelId));
    expect(active?.clock?.fischer?.remaining).toEqual({
      attackers: 4 * MINUTE + 53 * SECOND,
      defenders: 5 * MINUTE,
    });

    now += 5 * MINUTE;
    await Promise.all([...world.bots, ...world.bots].map((process) => process.bot.sweep()));
    await Promise.all(world.bots.map((process) => process.bot.sweep()));
    const endings = () => emulator.messages(channelId).filter((m) => m.content.includes('ran out of time'));
    await emulator
      .waitFor(() => endings().length === 1)
      .catch(() => {
        throw new Error(JSON.stringify(emulator.messages(channelId).map((m) => m.content)));
      });
    expect(endings()[0].content).toContain('The defenders ran out of time.');
    expect(endings()[0].content).toContain('**Amy** (attackers) wins');
    const record = await world.bots[0].service.records.gameForRecord(tableAt(emulator, channelId));
    expect(record?.game.result).toEqual({ winner: 'attackers', reason: 'timeout' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(endings()).toHaveLength(1);
  });

  it('is found by the half-second clock sweep, with no one sweeping by hand', async () => {
    let now = Date.now();
    // The full sweep every minute: only the clocks' own sweep can find the flag within the wait.
    const world = await startTestWorld(2, { now: () => now, sweepIntervalMs: 60_000 });
    const amy = world.emulator.addUser('Amy');
    const ben = world.emulator.addUser('Ben');
    const channelId = await channelIn(world, 'swept');
    await fischerGame(world, amy, ben, channelId, '5+3');
    now += 5 * MINUTE;
    const endings = () =>
      world.emulator.messages(channelId).filter((m) => m.content.includes('ran out of time'));
    await world.emulator.waitFor(() => endings().length === 1, 3000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(endings()).toHaveLength(1);
  });
});

describe('a draw on time', () => {
  it('Fetlar: the defenders run out against a lone attacker, who could never win', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const { emulator, bots } = world;
    const amy = emulator.addUser('Amy');
    const ben = emulator.addUser('Ben');
    const channelId = await channelIn(world, 'lone');
    const started = await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: amy.id, name: 'Amy' }, defenders: { id: ben.id, name: 'Ben' } },
      game: gameWith('fetlar', { king: 'f6', attackers: ['a5'], defenders: ['c3', 'h8'] }, 'defenders'),
      fischer: { mainMs: 5 * MINUTE, incrementMs: 3 * SECOND },
    });
    expect(started.ok).toBe(true);
    now += 5 * MINUTE;
    await bots[0].bot.sweep();
    const ending = emulator.messages(channelId).find((m) => m.content.includes('ran out of time'));
    expect(ending?.content).toContain('The defenders ran out of time. The attackers could no longer win.');
    expect(ending?.content).toContain('The game is drawn.');
    const record = await bots[0].service.records.gameForRecord(tableAt(emulator, channelId));
    expect(record?.game.result).toEqual({ winner: null, reason: 'timeout' });
  });
});

describe('the AI on a Fischer clock', () => {
  it('plays a 1+1 game to the end without running out, on a clock that runs in real time', async () => {
    // The tests' clock, from today's date, running at the speed of the AI's thinking.
    const base = Date.now();
    const started = performance.now();
    const world = await startTestWorld(1, { now: () => base + Math.round(performance.now() - started) });
    const { emulator, bots } = world;
    const amy = emulator.addUser('Amy');
    const channelId = await channelIn(world, 'one-plus-one');
    const table = tableAt(emulator, channelId);
    const begun = await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: {
        attackers: { id: amy.id, name: 'Amy' },
        defenders: { id: emulator.botUser.id, name: 'Tafl Bot (normal)' },
      },
      game: new Game('brandubh'),
      ai: { side: 'defenders', level: 'normal' },
      fischer: { mainMs: MINUTE, incrementMs: SECOND },
    });
    expect(begun.ok).toBe(true);
    // Amy plays at once, a move drawn from a fixed sequence; the AI thinks within its clock.
    let seed = 7;
    const draw = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let ply = 0; ply < 200; ply++) {
      const active = await bots[0].service.play.board(table);
      if (!active) break;
      if (active.game.turn === 'attackers') {
        const moves = active.game.legalMoves();
        const move = moves[draw(moves.length)].notation;
        await emulator.slash(amy, 'move', { move }, { channelId }).reply();
      } else {
        // The sweep wakes the AI, and would find its flag had it fallen.
        await bots[0].bot.sweep();
        await bots[0].bot.aiIdle();
      }
    }
    const record = await bots[0].service.records.gameForRecord(table);
    expect(record?.finished).toBe(true);
    expect(record?.game.result?.reason).not.toBe('timeout');
    const aiTimes = (record?.fischer?.timesLeft ?? []).filter((_, ply) => ply % 2 === 1);
    expect(aiTimes.length).toBeGreaterThan(2);
    for (const left of aiTimes) expect(left).toBeGreaterThan(0);
  }, 120_000);
});

describe('a tournament at 10+5', () => {
  it('pairs its games with the Fischer clock', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const { emulator, bots } = world;
    const olga = emulator.addUser('Olga');
    const players = [
      emulator.addUser('Ann', { permissions: String(1 << 11) }),
      emulator.addUser('Bob', { permissions: String(1 << 11) }),
    ];
    const channelId = await channelIn(world, 'rapid');
    const signup = await emulator
      .slash(
        olga,
        'tournament create',
        { name: 'Rapid', variant: 'brandubh', format: 'round-robin', time: '10+5' },
        { channelId },
      )
      .reply();
    expect(signup.content).toContain('10 minutes + 5 seconds a move (rapid)');
    const [join, , start] = buttonIds(signup);
    for (const player of players) await emulator.clickButton(player, signup, join).reply();
    await emulator.clickButton(olga, signup, start).reply();
    const thread = await emulator.waitFor(() => emulator.threads().find((t) => t.parentId === channelId));
    const opening = await emulator.waitFor(() => emulator.messages(thread.id)[0]);
    expect(opening.content).toContain('Clocks: attackers 10:00, defenders 10:00.');
    const game = await bots[0].service.play.board(tableAt(emulator, thread.id));
    expect(game?.clock?.fischer).toMatchObject({ mainMs: 10 * MINUTE, incrementMs: 5 * SECOND });
    expect(game?.tournament?.round).toBe(1);
    now += 10 * MINUTE;
    await bots[0].bot.sweep();
    expect(emulator.messages(thread.id).some((m) => m.content.includes('ran out of time'))).toBe(true);
  });
});
