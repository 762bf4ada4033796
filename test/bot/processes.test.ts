import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { startDiscordEmulator } from '../discord-emulator/index.ts';
import { spawnBot } from './child.ts';
import { acceptedChallenge, buttonIds, startBotProcess, tableAt, worldsPerTest } from './harness.ts';

/** Runs one of the project's scripts as `npm run` would, with `env` over this process's environment. */
async function runScript(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

const startTestWorld = worldsPerTest();

describe('two bot processes on one Redis', () => {
  it('conflicting moves at the same instant: exactly one applies, the other player is told', async () => {
    const world = await startTestWorld(2);
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    for (let round = 0; round < 8; round++) {
      const channelId = emulator.createChannel(`race-${round}`);
      await emulator.waitFor(() => bots.every((process) => process.bot.client.channels.cache.has(channelId)));
      const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
      await bots[0].service.lifecycle.startGame({
        guildId: emulator.guildId,
        channelId,
        players,
        game: new Game('fetlar'),
      });
      // The emulator hands consecutive interactions to alternate processes.
      const first = emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId });
      const second = emulator.slash(ann, 'move', { move: 'h1-h3' }, { channelId });
      const answers = await Promise.all([first.reply(), second.reply()]);
      const applied = answers.filter((answer) => !answer.ephemeral);
      expect(applied, `round ${round}`).toHaveLength(1);
      const refused = answers.find((answer) => answer.ephemeral);
      expect(refused?.content).toMatch(/The game changed while you were moving|It is not your turn/);
      expect((await bots[1].service.play.board(tableAt(emulator, channelId)))?.game.plyCount).toBe(1);
    }
    // A process logs an interaction once it has finished with it, which can be just after its reply arrived here.
    const handledBy = () =>
      bots.map((process) => process.logs.filter((line) => line.includes('"name":"move"')).length);
    await emulator.waitFor(() => handledBy().reduce((sum, count) => sum + count, 0) >= 16);
    expect(handledBy()).toEqual([8, 8]);
  });
});

describe('a restart mid-game', () => {
  it('the game, its buttons and the registered commands carry on', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const writesAfterFirstStart = emulator.commandWrites;
    expect(writesAfterFirstStart).toBe(1);

    await acceptedChallenge(emulator, ann, bob, { variant: 'alea-armed', side: 'defenders' });
    expect((await emulator.slash(ann, 'move', { move: 'j11-k11' }).reply()).ephemeral).toBe(false);
    const offer = await emulator.slash(bob, 'draw').reply();

    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace);
    expect(emulator.commandWrites).toBe(writesAfterFirstStart);

    const board = await emulator.slash(ann, 'board').reply();
    expect(board.content).toContain('Move 1');
    expect(board.content).toContain('**Bob** to move (attackers)');
    const accepted = emulator.clickButton(ann, offer, buttonIds(offer)[0]);
    expect((await accepted.reply()).content).toBe('Draw agreed.');
    const result = await emulator.waitFor(() =>
      accepted.followUps().find((message) => message.attachments.length > 0),
    );
    expect(result.content).toContain('The game is drawn.');
  });
});

describe('challenge expiry', () => {
  it('an unanswered challenge expires and its buttons are removed', async () => {
    const world = await startTestWorld(1, { challengeTtlMs: 300 });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const challenge = await emulator.slash(ann, 'challenge', { opponent: bob }).reply();
    const challengeId = buttonIds(challenge)[0].split(':')[2];
    await emulator.waitFor(
      () => challenge.components.length === 0 && challenge.content.includes('expired'),
      5000,
    );
    expect((await world.bots[0].service.challenges.find(emulator.guildId, challengeId))?.status).toBe(
      'expired',
    );
  });
});

describe('challenge expiry in the store', () => {
  const FIFTEEN_MINUTES = 15 * 60 * 1000;

  it('a challenge issued before a restart is closed by the restarted process when it expires', async () => {
    let now = Date.now();
    const world = await startTestWorld(1, { now: () => now });
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const challenge = await emulator.slash(ann, 'challenge', { opponent: bob }).reply();
    const challengeId = buttonIds(challenge)[0].split(':')[2];

    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace, { now: () => now });
    await world.bots[0].bot.sweep();
    expect(challenge.components).not.toEqual([]);

    now += FIFTEEN_MINUTES;
    await world.bots[0].bot.sweep();
    expect(challenge.components).toEqual([]);
    expect(challenge.content).toContain('The challenge expired.');
    expect(challenge.editedTimes).toBe(1);
    expect((await world.bots[0].service.challenges.find(emulator.guildId, challengeId))?.status).toBe(
      'expired',
    );
    now += 2 * FIFTEEN_MINUTES;
    await world.bots[0].bot.sweep();
    expect(challenge.editedTimes).toBe(1);
  });

  it('with two processes, each expired challenge’s message is edited exactly once, in its challenger’s language', async () => {
    let now = Date.now();
    const world = await startTestWorld(2, { now: () => now });
    const { emulator, bots } = world;
    const bob = emulator.addUser('Bob');
    const challengers = [
      emulator.addUser('Ann'),
      emulator.addUser('Cat'),
      emulator.addUser('Dan', { locale: 'de' }),
      emulator.addUser('Eve'),
    ];
    await emulator.waitFor(() => bots.every((process) => process.bot.client.users.cache.has(bob.id)));
    const challenges = [];
    for (const challenger of challengers)
      challenges.push(await emulator.slash(challenger, 'challenge', { opponent: bob }).reply());
    // One is declined in time: its message was updated by the decline, and expiry leaves it be.
    const declined = challenges.pop();
    if (!declined) throw new Error('no challenge');
    await emulator.clickButton(bob, declined, buttonIds(declined)[1]).reply();
    expect(declined.editedTimes).toBe(1);

    now += FIFTEEN_MINUTES;
    await Promise.all([...bots, ...bots].map((process) => process.bot.sweep()));
    now += 2 * FIFTEEN_MINUTES;
    await Promise.all(bots.map((process) => process.bot.sweep()));
    for (const challenge of challenges) {
      expect(challenge.components).toEqual([]);
      expect(challenge.editedTimes).toBe(1);
    }
    expect(challenges[0].content).toContain('The challenge expired.');
    expect(challenges[2].content).toContain('Die Herausforderung ist abgelaufen.');
    expect(declined.editedTimes).toBe(1);
    expect(declined.content).toContain('declined');
  });
});

describe('slow work', () => {
  it('an interaction that takes longer than a second is deferred, then answered: never "interaction failed"', async () => {
    const slow = { delay: 0 };
    const world = await startTestWorld(1, {
      wrapStore: (store) => ({
        ...store,
        read: async (key) => {
          if (slow.delay > 0) await new Promise((resolve) => setTimeout(resolve, slow.delay));
          return store.read(key);
        },
      }),
    });
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const players = { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } };
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId: emulator.channelId,
      players,
      game: new Game('fetlar'),
    });
    slow.delay = 1600;
    const move = emulator.slash(ann, 'move', { move: 'd1-d3' });
    expect((await move.firstResponse()).type).toBe(5);
    const answer = await move.reply();
    expect(answer.ephemeral).toBe(false);
    expect(answer.attachments).toHaveLength(1);
    const refusal = emulator.slash(ann, 'move', { move: 'h1-h3' });
    expect((await refusal.firstResponse()).type).toBe(5);
    const told = await refusal.reply();
    expect(told).toMatchObject({ ephemeral: true });
    expect(told.content).toContain('It is not your turn');
    // The public "thinking" message of the deferral was removed, so the refusal stays private.
    expect(
      emulator.messages().filter((message) => message.interactionId === refusal.id && !message.ephemeral),
    ).toEqual([]);
  });
});

describe('npm run deploy-commands', () => {
  it('registers every slash command in GUILD_ID, and says so', async () => {
    const emulator = await startDiscordEmulator();
    try {
      const { code, stdout: output } = await runScript('src/bot/discord/deploy-commands.ts', {
        DISCORD_TOKEN: emulator.token,
        CLIENT_ID: emulator.applicationId,
        GUILD_ID: emulator.guildId,
        DISCORD_API_URL: emulator.apiUrl,
      });
      expect(code).toBe(0);
      expect(output).toContain(`in guild ${emulator.guildId}`);
      expect(emulator.commandWrites).toBe(1);
      expect(emulator.commands({ guildId: emulator.guildId }).map((command) => command.name)).toContain(
        'challenge',
      );
    } finally {
      await emulator.close();
    }
  });
});

describe('npm start', () => {
  it('runs the bot from the environment, warns without REDIS_URL, and stops cleanly on SIGTERM', async () => {
    const emulator = await startDiscordEmulator();
    try {
      const bot = spawnBot(emulator, { REDIS_URL: '' });
      await bot.ready();
      expect(bot.output()).toContain('games are kept in memory');
      const ann = emulator.addUser('Ann');
      expect((await emulator.slash(ann, 'help').reply()).ephemeral).toBe(true);
      bot.process.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
      expect(bot.output()).toContain('"message":"stopped"');
      expect(bot.output()).not.toContain(emulator.token);
    } finally {
      await emulator.close();
    }
  });
});

describe('npm start without its Redis', () => {
  it('stops with the reason, not a stack trace, when Redis does not answer', async () => {
    const emulator = await startDiscordEmulator();
    try {
      // Nothing listens on port 1.
      const bot = spawnBot(emulator, { REDIS_URL: 'redis://bot:hunter22@127.0.0.1:1' });
      expect(await bot.exited).toBe(1);
      expect(bot.output()).toContain('cannot start: Redis does not answer');
      expect(bot.output()).not.toContain('    at ');
      expect(bot.output()).not.toContain('hunter22');
    } finally {
      await emulator.close();
    }
  });
});

describe('a missing setting', () => {
  for (const entry of ['src/main.ts', 'src/shards.ts']) {
    it(`stops ${entry} at once with the reason, not a stack trace`, async () => {
      // dotenv never overrides what is set, so an empty token stays empty whatever .env holds.
      const { code, stderr: errors } = await runScript(entry, { DISCORD_TOKEN: '', CLIENT_ID: '1234567890' });
      expect(code).toBe(1);
      expect(errors).toContain('Cannot start: DISCORD_TOKEN must be set');
      expect(errors).not.toContain('    at ');
    });
  }
});
