/**
 * Lists as long as a server can make them, through the real client and the emulator (which
 * refuses what Discord refuses): a tournament of 64 members with long names, a server with as
 * many variants of its own as it may have. Every message fits by itself: the bot's last-resort
 * cut (logged) is never needed.
 */
import { describe, expect, it } from 'vitest';
import { dailyText } from '../../src/bot/views/puzzle-messages.ts';
import { Game } from '../../src/engine/index.ts';
import { MAX_SERVER_VARIANTS } from '../../src/game/server-variants.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { PuzzleCatalogue, variantOfPuzzle } from '../../src/puzzles/catalogue.ts';
import { MAX_PLAYERS } from '../../src/tournament/tournament.ts';
import type { RecordedMessage } from '../discord-emulator/index.ts';
import { DISCORD_LIMITS } from '../discord-emulator/limits.ts';
import { buttonIds, CUT_LOG, fileWorld } from './harness.ts';

const world = fileWorld();
const organiser = world.user('Olga');
/** 32 characters each, as the issue had them. */
const longName = (i: number) => `Member ${String(i).padStart(2, '0')} ${'of the long names'.padEnd(22, 'x')}`;

const failures = () => world.bots[0].logs.filter((line) => line.includes('"interaction failed"'));
const cuts = () => world.bots[0].logs.filter((line) => line.includes(CUT_LOG));
const text = (message: RecordedMessage) => message.content + JSON.stringify(message.embeds);

async function newChannel(name: string): Promise<string> {
  const channelId = world.emulator.createChannel(name);
  await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
  return channelId;
}

describe('long lists', () => {
  it('64 members with long names join and start a tournament: each is told it worked, the sign-up fits', async () => {
    expect(longName(63)).toHaveLength(32);
    const members = Array.from({ length: MAX_PLAYERS }, (_, i) => world.emulator.addUser(longName(i)));
    await world.emulator.waitFor(() =>
      members.every((member) => world.bots[0].bot.client.users.cache.has(member.id)),
    );
    const channelId = await newChannel('big-tournament');
    const signup = await world.emulator
      .slash(
        organiser,
        'tournament create',
        { name: 'The Long Names Open', variant: 'brandubh', format: 'round-robin', time: 'none' },
        { channelId },
      )
      .reply();
    const [join, , start] = buttonIds(signup);
    for (const member of members) {
      const reply = await world.emulator.clickButton(member, signup, join).reply();
      expect(reply.ephemeral, `${member.globalName}: ${reply.content}`).toBe(false);
      expect(reply.id).toBe(signup.id);
    }
    const { tournaments } = world.bots[0].app;
    const entry = (await tournaments.changes.list(world.emulator.guildId)).find(
      (one) => one.channelId === channelId,
    );
    const doc = await tournaments.changes.get(world.emulator.guildId, entry?.id ?? '');
    expect(doc?.players).toHaveLength(MAX_PLAYERS);
    expect(signup.content.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
    expect(signup.content).toContain(`${MAX_PLAYERS} players: ${longName(0)}, ${longName(1)}`);
    const more = /… and (\d+) more/.exec(signup.content);
    expect(Number(more?.[1])).toBeGreaterThan(0);
    const shown = members.filter((member) => signup.content.includes(member.globalName ?? '?')).length;
    expect(shown + Number(more?.[1])).toBe(MAX_PLAYERS);

    const started = await world.emulator.clickButton(organiser, signup, start).reply();
    expect(started.ephemeral, started.content).toBe(false);
    expect(signup.components).toEqual([]);
    // Round 1's 32 pairings, each with its thread and both players pinged, in messages that fit.
    await world.emulator.waitFor(
      () =>
        world.emulator.threads().filter((thread) => thread.parentId === channelId).length ===
          MAX_PLAYERS / 2 &&
        world.emulator
          .messages(channelId)
          .flatMap((message) => message.allowedMentions?.users ?? [])
          .filter((id: string) => members.some((member) => member.id === id)).length === MAX_PLAYERS,
      60_000,
    );
    const announced = world.emulator
      .messages(channelId)
      .filter((message) => message.content.includes('(attackers) against'));
    expect(announced.length).toBeGreaterThan(1);
    for (const message of announced) {
      expect(message.content.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
      const pinged = new Set(message.allowedMentions.users);
      for (const [, id] of message.content.matchAll(/<@(\d+)>/g)) expect(pinged.has(id)).toBe(true);
    }
    expect(failures()).toEqual([]);
    expect(cuts()).toEqual([]);
  }, 120_000);

  it('/standings for a member who met 120 opponents: as many as fit, then how many more', async () => {
    const { service } = world.bots[0];
    const regular = world.emulator.addUser('Regular');
    for (let i = 0; i < 120; i++) {
      const channelId = `${9_000_000_000_000_000 + i}`;
      const table = { guildId: world.emulator.guildId, channelId };
      const opponent = { id: `${8_000_000_000_000_000 + i}`, name: `Opponent number ${i} of many` };
      const started = await service.lifecycle.startGame({
        ...table,
        players: { attackers: { id: regular.id, name: 'Regular' }, defenders: opponent },
        game: new Game('brandubh'),
      });
      expect(started.ok).toBe(true);
      expect((await service.play.resign(table, opponent)).ok).toBe(true);
    }
    const record = await world.emulator.slash(organiser, 'standings', { member: regular }).reply();
    expect(record.ephemeral, record.content).toBe(false);
    const description: string = record.embeds[0].description;
    expect(description).toContain('Opponent number 0 of many: 1 won');
    const more = /… and (\d+) more/.exec(description);
    expect(Number(more?.[1])).toBeGreaterThan(0);
    expect(description.match(/Opponent number/g)?.length).toBe(120 - Number(more?.[1]));
    expect(failures()).toEqual([]);
    expect(cuts()).toEqual([]);
  });

  it('the daily puzzle’s message names as many of a busy day’s 300 solvers as fit, then how many more', () => {
    const catalogue = PuzzleCatalogue.shipped();
    const puzzle = catalogue.all()[0];
    const solvers = Array.from({ length: 300 }, (_, i) => ({
      id: String(i),
      name: `Solver of the day number ${i}`,
      at: i,
      hint: i % 3 === 0,
    }));
    for (const m of [messagesFor('en'), messagesFor('de')]) {
      const text = dailyText(m, {
        day: '2026-01-01',
        puzzle,
        variant: variantOfPuzzle(puzzle),
        rating: 1500,
        solvers,
        failed: 0,
        serverStreak: 12,
        status: 'solved',
      });
      expect(text.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
      const more = /… (?:and|und) (\d+) (?:more|weitere)/.exec(text);
      expect(Number(more?.[1])).toBeGreaterThan(0);
      expect(text.match(/Solver of the day/g)?.length).toBe(300 - Number(more?.[1]));
      expect(text).toContain(m.puzzles.serverStreak({ days: 12 }));
    }
  });

  it('/variant list shows as many server variants as a server may have, with plain long names', async () => {
    const rules = 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const names = Array.from(
      { length: MAX_SERVER_VARIANTS },
      (_, i) => `Variant ${String.fromCharCode(65 + i)} of the house rules here`,
    );
    for (const name of names) {
      const added = await world.emulator.slash(organiser, 'variant add', { name, rules }).reply();
      expect(added.ephemeral, added.content).toBe(false);
    }
    const list = await world.emulator.slash(organiser, 'variant list', {}).reply();
    expect(list.ephemeral).toBe(true);
    for (const name of names) expect(text(list)).toContain(name);
    expect(text(list)).toContain('Brandubh');
    const help = await world.emulator.slash(organiser, 'help', {}).reply();
    expect(text(help)).toContain(names[MAX_SERVER_VARIANTS - 1]);
    expect(failures()).toEqual([]);
    expect(cuts()).toEqual([]);
  });
});
