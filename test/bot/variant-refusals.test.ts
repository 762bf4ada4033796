/**
 * `/variant add` meets hostile rules strings and names through the real client and the emulator:
 * a start already decided is refused with why, a refusal quotes only a short excerpt of a long
 * entry, and two names alike in their first 32 characters are two variants. A game somehow stored
 * over at its first position (left by an older version) ends properly at the first command.
 */
import { describe, expect, it } from 'vitest';
import { Game, serverVariant } from '../../src/engine/index.ts';
import { newStoredGame } from '../../src/game/commit-plan.ts';
import { keys } from '../../src/game/keys.ts';
import { fileWorld, tableAt } from './harness.ts';

/** Discord's limit on a message's text. */
const MAX_CONTENT = 2000;

const world = fileWorld();
const mod = world.user('Mod');
const moderatorin = world.user('Moderatorin', { locale: 'de' });
const ann = world.user('Ann');
const bob = world.user('Bob');

const add = (name: string, rules: string, user = mod) =>
  world.emulator.slash(user, 'variant add', { name, rules }).reply();

/** Starts a game cannot be played from, and what the refusal says of each. */
const DECIDED_STARTS = [
  { name: 'No attackers', rules: 'dim:7 start:/7/7/3T3/2TKT2/3T3/7/7/', why: 'has no attackers' },
  { name: 'Lone king', rules: 'dim:7 start:/7/7/7/3K3/7/7/7/', why: 'has no attackers' },
  {
    name: 'Boxed king',
    rules: 'dim:7 atkf:n surf:n start:/7/7/3t3/2tKt2/3t3/7/7/',
    why: 'the defenders move first and have no legal move',
  },
  {
    name: 'Enclosed',
    rules: 'dim:7 start:/7/1ttttt1/1t3t1/1t1K1t1/1t3t1/1ttttt1/7/',
    why: 'the attackers already enclose every defender',
  },
  {
    name: 'Enclosed, defenders first',
    rules: 'dim:7 atkf:n start:/7/1ttttt1/1t3t1/1t1K1t1/1t3t1/1ttttt1/7/',
    why: 'the attackers already enclose every defender',
  },
  {
    name: 'Fort',
    rules: 'dim:7 efe:y start:/1T1KT2/2TT3/7/7/7/7/3t3/',
    why: 'the king already stands in an exit fort',
  },
];

describe('/variant add refuses a start whose game is already decided', () => {
  it.each(DECIDED_STARTS)('$name: refused with the reason, nothing added', async ({ name, rules, why }) => {
    const reply = await add(name, rules);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('would be over before its first move');
    expect(reply.content).toContain(why);
    const list = await world.emulator.slash(ann, 'variant list', {}).reply();
    expect(JSON.stringify(list.embeds)).not.toContain(name);
  });

  it('in German too', async () => {
    const reply = await add('Kein Angreifer', DECIDED_STARTS[0].rules, moderatorin);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('wäre vor dem ersten Zug vorbei');
  });
});

describe('a game stored over at its first position ends properly', () => {
  /** What an older version started from an accepted challenge in such a variant: a channel with it. */
  async function channelWithDecidedGame(gameId: string): Promise<string> {
    const channelId = world.emulator.createChannel(gameId);
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const table = tableAt(world.emulator, channelId);
    const game = new Game({
      variant: serverVariant('server:no-attackers', DECIDED_STARTS[0].rules),
    });
    expect(game.result).not.toBeNull();
    const player = (user: typeof ann) => ({ id: user.id, name: user.globalName ?? user.username });
    const stored = newStoredGame(
      { ...table, players: { attackers: player(ann), defenders: player(bob) }, game },
      { id: gameId, now: Date.now() },
    );
    const written = await world.bots[0].store.commit([
      { key: keys.game(table.guildId, channelId), value: stored, expectRevision: 0 },
    ]);
    expect(written.ok).toBe(true);
    return channelId;
  }

  it('a new challenge finds the channel free, the game recorded as finished', async () => {
    const channelId = await channelWithDecidedGame('decided-2');
    const challenge = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, variant: 'brandubh' }, { channelId })
      .reply();
    expect(challenge.ephemeral, challenge.content).toBe(false);
    expect(
      await world.bots[0].service.records.archived(tableAt(world.emulator, channelId).guildId, 'decided-2'),
    ).toMatchObject({ winner: 'defenders', reason: 'no-legal-move' });
  });

  it('the first command records it as finished and frees the channel', async () => {
    const channelId = await channelWithDecidedGame('decided-1');
    const table = tableAt(world.emulator, channelId);

    const resigned = await world.emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect(resigned.ephemeral).toBe(true);
    expect(resigned.content).toMatch(/game is over/i);
    expect(await world.bots[0].service.play.board(table)).toBeNull();
    expect(await world.bots[0].service.records.archived(table.guildId, 'decided-1')).toMatchObject({
      winner: 'defenders',
      reason: 'no-legal-move',
    });
    const board = await world.emulator.slash(ann, 'board', {}, { channelId }).reply();
    expect(board.content).not.toContain('Game over');
    const history = await world.emulator.slash(ann, 'history', {}, { channelId }).reply();
    expect(JSON.stringify(history.embeds)).toContain('The attackers have no legal move and lose.');
    expect(JSON.stringify(history.embeds)).toContain('decided-1');
    const challenge = await world.emulator
      .slash(ann, 'challenge', { opponent: bob, variant: 'brandubh' }, { channelId })
      .reply();
    expect(challenge.ephemeral).toBe(false);
    expect(challenge.content).toContain('Brandubh');
  });
});

describe('a refusal quotes a long entry only in part', () => {
  const start = 'start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
  const long = (letter: string) => letter.repeat(1900);
  it.each([
    ['an unknown key', `dim:7 ${long('k')}:y ${start}`, 'is not an OpenTafl rule this bot knows'],
    ['an entry without a colon', `dim:7 ${long('w')} ${start}`, 'is not a rule'],
    ['an esc: value', `dim:7 esc:${long('q')} ${start}`, '`esc` takes c, e'],
  ])('%s: the reason, within Discord’s limit', async (_what, rules, reason) => {
    expect(rules.length).toBeLessThanOrEqual(2000);
    const reply = await add('Long', rules);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain(reason);
    expect(reply.content).toContain('…');
    expect(reply.content.length).toBeLessThan(MAX_CONTENT / 4);
  });
});

describe('names alike in their first 32 characters', () => {
  it('are two variants, each with an id of its own', async () => {
    const first = 'Brandubh on the edge of the world, first';
    const second = 'Brandubh on the edge of the world, second';
    const rules = 'dim:7 esc:e cor: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const one = await add(first, rules);
    expect(one.ephemeral).toBe(false);
    const two = await add(second.slice(0, 40), rules);
    expect(two.ephemeral, two.content).toBe(false);
    const ids = [one, two].map((reply) => /`(server:[a-z0-9-]+)`/.exec(reply.content)?.[1]);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBeDefined();
    expect(ids[0]).not.toBe(ids[1]);
    const same = await add(first.toUpperCase(), rules);
    expect(same.ephemeral).toBe(true);
    expect(same.content).toContain(`already has a variant called "${first}"`);
  });
});
