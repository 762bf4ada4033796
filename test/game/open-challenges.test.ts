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
    const expired = await service.challenges.claimExpired();
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
});
