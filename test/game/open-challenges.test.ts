import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import { OPEN_CHALLENGE_LIMIT } from '../../src/game/challenges.ts';
import { GameService } from '../../src/game/service.ts';
import type { Outcome } from '../../src/game/types.ts';
import { failureText, messagesFor } from '../../src/i18n/index.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const inEnglish = (outcome: Outcome<unknown>) =>
  outcome.ok ? 'no refusal' : failureText(messagesFor('en'), outcome);

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const cat: Player = { id: '300', name: 'Cat' };
/** The bot as a player, as the expiry job names it. */
const machine: Player = { id: '900', name: 'Tafl (normal)' };
const FIVE_MINUTES = 5 * 60 * 1000;

describe.each(['redis', 'memory'] as const)('open challenges on the %s store', (kind) => {
  /** A guild of its own for each test: a member's open challenges count across the guild. */
  let guild = '';
  const channel = () => `c${randomBytes(4).toString('hex')}`;
  async function setup(now = () => Date.now()) {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    guild = `g${randomBytes(4).toString('hex')}`;
    return { store, service: new GameService(store, { now }) };
  }
  const open = (
    channelId: string,
    extra: Partial<Parameters<GameService['challenges']['make']>[0]> = {},
  ) => ({
    guildId: guild,
    channelId,
    challenger: ann,
    variant: 'fetlar' as const,
    side: 'attackers' as const,
    thread: false,
    ...extra,
  });

  it('any member but the challenger may accept; the first acceptance wins, the other is told who', async () => {
    const { service } = await setup();
    const made = await service.challenges.make(open(channel()));
    if (!made.ok) throw new Error(made.code);
    expect(made.value.opponent).toBeNull();
    const own = await service.challenges.accept(guild, made.value.id, ann);
    expect(own).toMatchObject({ ok: false, code: 'own-open-challenge' });
    const [first, second] = await Promise.all([
      service.challenges.accept(guild, made.value.id, bob),
      service.challenges.accept(guild, made.value.id, cat),
    ]);
    const outcomes = [first, second];
    const won = outcomes.filter((outcome) => outcome.ok);
    expect(won).toHaveLength(1);
    const lost = outcomes.find((outcome) => !outcome.ok);
    if (!lost || lost.ok || !won[0].ok) throw new Error('no loser');
    const winner = won[0].value.challenge.opponent;
    expect(lost.code).toBe('open-taken');
    expect(inEnglish(lost)).toBe(`Too late: ${winner?.name} accepted this open challenge first.`);
    expect(won[0].value.game.players.attackers).toEqual(ann);
    expect((await service.challenges.find(guild, made.value.id))?.status).toBe('accepted');
  });

  it(`a member has at most ${OPEN_CHALLENGE_LIMIT} open challenges waiting; one answered frees a place`, async () => {
    const { service } = await setup();
    const made = [];
    for (let n = 0; n < OPEN_CHALLENGE_LIMIT; n++) {
      const outcome = await service.challenges.make(open(channel()));
      if (!outcome.ok) throw new Error(outcome.code);
      made.push(outcome.value);
    }
    const refused = await service.challenges.make(open(channel()));
    expect(refused).toMatchObject({ ok: false, code: 'open-limit' });
    expect(inEnglish(refused)).toBe(
      'You already have 3 open challenges waiting: withdraw one, or wait for an answer.',
    );
    // A challenge to a member is not an open one.
    expect((await service.challenges.make(open(channel(), { opponent: bob }))).ok).toBe(true);
    expect((await service.challenges.withdraw(guild, made[0].id, ann)).ok).toBe(true);
    expect((await service.challenges.make(open(channel()))).ok).toBe(true);
  });

  it('withdrawn by its challenger only; nobody declines an open challenge', async () => {
    const { service } = await setup();
    const made = await service.challenges.make(open(channel()));
    if (!made.ok) throw new Error(made.code);
    expect(await service.challenges.decline(guild, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'not-challenged-decline',
    });
    expect(await service.challenges.withdraw(guild, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'not-challenger',
    });
    expect(await service.challenges.withdraw(guild, made.value.id, ann)).toMatchObject({
      ok: true,
      value: { status: 'withdrawn' },
    });
    expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'withdrawn',
    });
  });

  it('a rating range refuses a member outside it, with their rating', async () => {
    const { service } = await setup();
    const made = await service.challenges.make(open(channel(), { ratingRange: { min: 1600 } }));
    if (!made.ok) throw new Error(made.code);
    const refused = await service.challenges.accept(guild, made.value.id, bob);
    expect(refused).toMatchObject({ ok: false, code: 'open-rating', params: { rating: 1500, min: 1600 } });
    expect(inEnglish(refused)).toBe(
      'This open challenge is for ratings from 1600 to 4000; yours in this variant is 1500.',
    );
    const wide = await service.challenges.make(open(channel(), { ratingRange: { min: 1400, max: 1500 } }));
    if (!wide.ok) throw new Error(wide.code);
    expect((await service.challenges.accept(guild, wide.value.id, bob)).ok).toBe(true);
  });

  it('expires like a challenge, and cannot open a thread', async () => {
    let now = Date.now();
    const { service } = await setup(() => now);
    const made = await service.challenges.make(open(channel()));
    if (!made.ok) throw new Error(made.code);
    now += 15 * 60 * 1000;
    const expired = await service.expiries.claimExpired();
    expect(expired.map((entry) => entry.challenge.id)).toContain(made.value.id);
    expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'expired',
    });
    expect(await service.challenges.make(open(channel(), { thread: true }))).toMatchObject({
      ok: false,
      code: 'open-thread',
    });
  });

  it('with the bot as fallback: it expires after its own time, and the AI takes it in one commit with its game', async () => {
    let now = Date.now();
    const { service } = await setup(() => now);
    const channelId = channel();
    const made = await service.challenges.make(
      open(channelId, { botAfterMs: FIVE_MINUTES, casual: true, time: '1h' }),
    );
    if (!made.ok) throw new Error(made.code);
    expect(made.value.expiresAt - made.value.createdAt).toBe(FIVE_MINUTES);
    now += FIVE_MINUTES - 1;
    expect(await service.expiries.claimExpired(machine)).toEqual([]);
    now += 1;
    const [taken, ...others] = await service.expiries.claimExpired(machine);
    expect(others).toEqual([]);
    expect(taken.challenge).toMatchObject({
      id: made.value.id,
      status: 'accepted',
      opponent: machine,
      takenByBot: true,
    });
    expect(taken.game?.players).toEqual({ attackers: ann, defenders: machine });
    expect(taken.game?.ai).toEqual({ side: 'defenders', level: 'normal' });
    // Both in the store together: the challenge as the bot's, and the game in its channel.
    expect(await service.challenges.find(guild, made.value.id)).toMatchObject({
      status: 'accepted',
      opponent: machine,
    });
    const game = await service.play.board({ guildId: guild, channelId });
    expect(game).toMatchObject({
      id: taken.game?.id,
      casual: true,
      ai: { side: 'defenders', level: 'normal' },
    });
    expect(game?.variant).toBe('fetlar');
    expect(game?.clock?.perMoveMs).toBe(60 * 60 * 1000);
    // Too late for a member; and a claim after the first claimer stopped edits the message, no second game.
    expect(await service.challenges.accept(guild, made.value.id, bob)).toMatchObject({
      ok: false,
      code: 'open-taken',
      params: { name: machine.name },
    });
    now += 61_000;
    const again = await service.expiries.claimExpired(machine);
    expect(again).toHaveLength(1);
    expect(again[0].game).toBeUndefined();
    expect((await service.play.board({ guildId: guild, channelId }))?.id).toBe(game?.id);
    await service.expiries.expiryDone(guild, again[0].entry);
    now += 61_000;
    expect(await service.expiries.claimExpired(machine)).toEqual([]);
  });

  it('with the bot as fallback: a member who accepts just before wins, and the AI does not play', async () => {
    let now = Date.now();
    const { service } = await setup(() => now);
    const channelId = channel();
    const made = await service.challenges.make(open(channelId, { botAfterMs: FIVE_MINUTES }));
    if (!made.ok) throw new Error(made.code);
    now += FIVE_MINUTES - 1;
    const accepted = await service.challenges.accept(guild, made.value.id, bob);
    expect(accepted.ok).toBe(true);
    now += 1;
    expect(await service.expiries.claimExpired(machine)).toEqual([]);
    const game = await service.play.board({ guildId: guild, channelId });
    expect(game?.players).toEqual({ attackers: ann, defenders: bob });
    expect(game?.ai ?? null).toBeNull();
  });

  it('with the bot as fallback: two processes claiming at once start one game', async () => {
    let now = Date.now();
    const { store, service } = await setup(() => now);
    const other = new GameService(store, { now: () => now });
    const channelId = channel();
    const made = await service.challenges.make(open(channelId, { botAfterMs: FIVE_MINUTES, side: 'random' }));
    if (!made.ok) throw new Error(made.code);
    now += FIVE_MINUTES;
    const claims = await Promise.all([
      service.expiries.claimExpired(machine),
      other.expiries.claimExpired(machine),
    ]);
    const started = claims.flat().filter((claim) => claim.game);
    expect(started).toHaveLength(1);
    const game = await service.play.board({ guildId: guild, channelId });
    expect(game?.id).toBe(started[0].game?.id);
    expect(Object.values(game?.players ?? {})).toEqual(expect.arrayContaining([ann, machine]));
  });

  it('with the bot as fallback but a game in its channel by then, it simply expires', async () => {
    let now = Date.now();
    const { service } = await setup(() => now);
    const channelId = channel();
    const made = await service.challenges.make(open(channelId, { botAfterMs: FIVE_MINUTES }));
    if (!made.ok) throw new Error(made.code);
    const direct = await service.challenges.make(open(channelId, { challenger: bob, opponent: cat }));
    if (!direct.ok) throw new Error(direct.code);
    expect((await service.challenges.accept(guild, direct.value.id, cat)).ok).toBe(true);
    now += FIVE_MINUTES;
    const [expired] = (await service.expiries.claimExpired(machine)).filter(
      (claim) => claim.challenge.id === made.value.id,
    );
    expect(expired.challenge.status).toBe('expired');
    expect(expired.game).toBeUndefined();
    expect((await service.play.board({ guildId: guild, channelId }))?.players.defenders).toEqual(cat);
  });
});
