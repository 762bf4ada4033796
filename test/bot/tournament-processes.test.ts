/**
 * A tournament served by two bot processes: the last two games of a round end at the same
 * instant, one in each process; the next round is paired and opened exactly once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonIds, fileWorld, tableAt } from './harness.ts';

const SEND_MESSAGES = String(1 << 11);
const world = fileWorld(2);
const organiser = world.user('Olga');
const players = ['Ann', 'Bob', 'Cid', 'Dee'].map((name) => world.user(name, { permissions: SEND_MESSAGES }));

beforeAll(async () => {
  await world.emulator.waitFor(() =>
    world.bots.every((process) => players.every((p) => process.bot.client.users.cache.has(p.id))),
  );
});

describe('two processes, two games ending at once', () => {
  it('pairs and opens the next round exactly once', async () => {
    const { emulator, bots } = world;
    const channelId = emulator.createChannel('league');
    await emulator.waitFor(() => bots.every((b) => b.bot.client.channels.cache.has(channelId)));
    const signup = await emulator
      .slash(
        organiser,
        'tournament create',
        { name: 'League', variant: 'brandubh', format: 'round-robin' },
        { channelId },
      )
      .reply();
    const [join, , start] = buttonIds(signup);
    for (const player of players) await emulator.clickButton(player, signup, join).reply();
    await emulator.clickButton(organiser, signup, start).reply();
    const threads = (round: number) =>
      emulator.threads().filter((t) => t.parentId === channelId && t.name.startsWith(`Round ${round}:`));
    await emulator.waitFor(
      () =>
        threads(1).length === 2 &&
        emulator.messages(channelId).some((m) => m.content.includes(', round 1 of 3')),
    );
    for (const thread of threads(1)) await emulator.waitFor(() => emulator.messages(thread.id).length === 1);

    // Both games are resigned at once; the emulator hands the two commands to the two processes in turn.
    const games = await Promise.all(
      threads(1).map(async (t) => ({
        thread: t,
        game: (await bots[0].service.play.board(tableAt(emulator, t.id)))!,
      })),
    );
    const loser = (id: string) => players.find((p) => p.id === id)!;
    const resigned = await Promise.all(
      games.map(({ thread, game }) =>
        emulator.slash(loser(game.players.defenders.id), 'resign', {}, { channelId: thread.id }).reply(),
      ),
    );
    for (const reply of resigned) expect(reply.content).toContain('resigned');

    await emulator.waitFor(
      () =>
        threads(2).length === 2 &&
        emulator.messages(channelId).some((m) => m.content.includes(', round 2 of 3')),
      8000,
    );
    await Promise.all(bots.map((b) => b.bot.sweep()));
    // One round 2, opened once: two threads, one announcement, one standings post after round 1.
    expect(threads(2)).toHaveLength(2);
    const announcements = emulator.messages(channelId).filter((m) => m.content.includes(', round 2 of 3'));
    expect(announcements).toHaveLength(1);
    const standings = emulator
      .messages(channelId)
      .filter((m) => m.content.includes('standings after round 1'));
    expect(standings).toHaveLength(1);
    expect(standings[0].embeds[0].description).toMatch(/Pts/);
    for (const thread of threads(2)) {
      expect(emulator.messages(thread.id)).toHaveLength(1);
      expect((await bots[1].service.play.board(tableAt(emulator, thread.id)))?.tournament?.round).toBe(2);
    }
    // Both processes did part of the work: each answered one of the resignations.
    const answeredBy = bots.map((b) => b.logs.filter((line) => line.includes('"name":"resign"')).length);
    expect(answeredBy).toEqual([1, 1]);
  });
});
