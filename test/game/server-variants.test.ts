import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Player } from '../../src/core/players.ts';
import {
  Game,
  GameRecordError,
  loadGame,
  parseOpenTaflRules,
  serverVariant,
  variants,
} from '../../src/engine/index.ts';
import { keys } from '../../src/game/keys.ts';
import { idForName, MAX_SERVER_VARIANTS } from '../../src/game/server-variants.ts';
import { GameService } from '../../src/game/service.ts';
import { createStore, type Store } from '../../src/store/index.ts';
import { Tournaments } from '../../src/tournament/service.ts';
import { gated } from '../support/gated-store.ts';
import { testRedisUrl } from '../support/redis-url.ts';

const namespace = `tafl-test-${randomBytes(4).toString('hex')}`;
const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
});

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };

/** Brandubh, but the king escapes to any edge square: a house rule no built-in variant has. */
const EDGE_BRANDUBH = 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
/** Attackers shuffle on the a-file; the king steps down and runs to a3, an edge square but no corner. */
const EDGE_ESCAPE = ['a4-a2', 'd3-e3', 'a2-a1', 'd4-d3', 'a1-a2', 'd3-a3'];

describe('variant ids from names', () => {
  it('lower-case letters and digits joined by hyphens, accents dropped', () => {
    expect(idForName('Edge Brandubh')).toBe('server:edge-brandubh');
    expect(idForName('  Tåblut   9x9!! ')).toBe('server:tablut-9x9');
    expect(idForName('Hnefatafl (Ärger)')).toBe('server:hnefatafl-arger');
    expect(idForName('!!!')).toBeNull();
    expect(idForName('x'.repeat(60))).toBe(`server:${'x'.repeat(32)}`);
  });

  it('an id another name has already gets the first free number', () => {
    const long = 'Brandubh on the edge of the world';
    const taken = new Set([idForName(long) ?? '']);
    expect(idForName(`${long}, second`, taken)).toBe('server:brandubh-on-the-edge-of-the-wo-2');
    taken.add('server:brandubh-on-the-edge-of-the-wo-2');
    expect(idForName(`${long}, third`, taken)).toBe('server:brandubh-on-the-edge-of-the-wo-3');
    expect(idForName('Edge', new Set(['server:edge']))).toBe('server:edge-2');
  });
});

describe.each(['redis', 'memory'] as const)('server variants on the %s store', (kind) => {
  const guild = () => `g${randomBytes(4).toString('hex')}`;
  const channel = () => `c${randomBytes(4).toString('hex')}`;
  async function openStore(): Promise<Store> {
    const store = await createStore({ redisUrl: kind === 'redis' ? testRedisUrl : undefined, namespace });
    opened.push(store);
    return store;
  }

  it('adds a variant from a rules string, kept as this bot writes it, and lists it', async () => {
    const service = new GameService(await openStore());
    const guildId = guild();
    const added = await service.variants.add(guildId, {
      name: 'Edge Brandubh',
      rules: EDGE_BRANDUBH,
      by: ann,
    });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.value).toMatchObject({ id: 'server:edge-brandubh', name: 'Edge Brandubh', addedBy: ann });
    // The moderator's name wins over any name: in the string; the rest reads back to the same rules.
    expect(parseOpenTaflRules(added.value.rules)).toEqual({
      ...parseOpenTaflRules(EDGE_BRANDUBH),
      name: 'Edge Brandubh',
    });
    const listed = await service.variants.list(guildId);
    expect(listed.variants.map((entry) => entry.id)).toEqual(['server:edge-brandubh']);
    expect(listed.defaultVariant).toBeNull();
    // Another server does not see it.
    expect((await service.variants.list(guild())).variants).toEqual([]);
    const variant = await service.variants.find(guildId, 'server:edge-brandubh');
    expect(variant?.escapeSquares).toBe('edge');
    expect(variant?.size).toBe(7);
  });

  it('refuses an unplayable rules string, naming the entry, and stores nothing', async () => {
    const service = new GameService(await openStore());
    const guildId = guild();
    const refused = await service.variants.add(guildId, {
      name: 'Linnaean',
      rules: `${EDGE_BRANDUBH} linc:y`,
      by: ann,
    });
    expect(refused).toMatchObject({
      ok: false,
      code: 'variant-rules-invalid',
      params: { rulesCode: 'unsupported-key', key: 'linc', value: 'y' },
    });
    const bad = await service.variants.add(guildId, {
      name: 'Even',
      rules: 'dim:8 start:/8/8/8/8/3K4/8/8/8/',
      by: ann,
    });
    expect(bad).toMatchObject({
      ok: false,
      code: 'variant-rules-invalid',
      params: { rulesCode: 'out-of-range' },
    });
    expect((await service.variants.list(guildId)).variants).toEqual([]);
  });

  it('refuses a start that leaves nothing to play, and a game is never started from one', async () => {
    const store = await openStore();
    const service = new GameService(store);
    const guildId = guild();
    const noAttackers = 'dim:7 start:/7/7/3T3/2TKT2/3T3/7/7/';
    expect(await service.variants.add(guildId, { name: 'Empty', rules: noAttackers, by: ann })).toMatchObject(
      {
        ok: false,
        code: 'variant-start-decided',
        params: { reason: 'no-attackers' },
      },
    );
    const boxed = 'dim:7 atkf:n surf:n start:/7/7/3t3/2tKt2/3t3/7/7/';
    expect(await service.variants.add(guildId, { name: 'Boxed', rules: boxed, by: ann })).toMatchObject({
      ok: false,
      code: 'variant-start-decided',
      params: { reason: 'no-legal-move', side: 'defenders' },
    });
    expect((await service.variants.list(guildId)).variants).toEqual([]);
    // A rule set that never went through /variant add (stored by an older version) starts nothing either.
    const variant = serverVariant('server:boxed', boxed);
    const channelId = channel();
    expect(
      await service.challenges.make({
        guildId,
        channelId,
        challenger: ann,
        opponent: bob,
        variant,
        side: 'attackers',
        thread: false,
      }),
    ).toMatchObject({ ok: false, code: 'start-decided', params: { reason: 'no-legal-move' } });
    expect(
      await service.lifecycle.startGame({
        guildId,
        channelId,
        players: { attackers: ann, defenders: bob },
        game: new Game({ variant }),
      }),
    ).toMatchObject({ ok: false, code: 'start-decided' });
    const resigned = new Game('brandubh');
    resigned.resign('attackers');
    expect(
      await service.lifecycle.startGame({
        guildId,
        channelId,
        players: { attackers: ann, defenders: bob },
        game: resigned,
      }),
    ).toMatchObject({ ok: false, code: 'start-decided', params: { reason: 'resignation' } });
    expect(await service.play.board({ guildId, channelId })).toBeNull();
    // Stored by an older version, it can be neither the default nor a tournament's variant.
    const doc = await service.variants.list(guildId);
    const entry = { id: variant.id, name: 'Boxed', rules: boxed, addedBy: ann, addedAt: 0 };
    const stored = await store.commit([
      {
        key: keys.serverVariants(guildId),
        value: { ...doc, variants: [entry] },
        expectRevision: 0,
      },
    ]);
    expect(stored.ok).toBe(true);
    expect(await service.variants.setDefault(guildId, variant.id)).toMatchObject({ code: 'start-decided' });
    expect(
      await new Tournaments(store, service).signup.create({
        guildId,
        channelId,
        name: 'Cup',
        variant,
        rules: boxed,
        format: 'round-robin',
        rounds: null,
        time: 'none',
        double: false,
        organiser: ann,
      }),
    ).toMatchObject({ ok: false, code: 'start-decided' });
  });

  it('quotes only a short excerpt of a long entry in a refusal', async () => {
    const service = new GameService(await openStore());
    const refused = await service.variants.add(guild(), {
      name: 'Long',
      rules: `${EDGE_BRANDUBH} ${'k'.repeat(1500)}:${'v'.repeat(300)}`,
      by: ann,
    });
    expect(refused).toMatchObject({ ok: false, params: { rulesCode: 'unknown-key' } });
    if (refused.ok) return;
    expect(String(refused.params.key)).toMatch(/^k+…$/);
    expect(String(refused.params.key).length).toBeLessThanOrEqual(24);
    expect(String(refused.params.value).length).toBeLessThanOrEqual(40);
  });

  it('refuses names that clash, say nothing, or are too long, and more variants than autocomplete shows', async () => {
    const service = new GameService(await openStore());
    const guildId = guild();
    const add = (name: string) => service.variants.add(guildId, { name, rules: EDGE_BRANDUBH, by: ann });
    expect((await add('Copenhagen Hnefatafl')).ok ? 'added' : 'refused').toBe('refused');
    expect(await add('fetlar')).toMatchObject({ code: 'variant-name-built-in' });
    expect(await add('???')).toMatchObject({ code: 'variant-name-invalid' });
    expect(await add('x'.repeat(41))).toMatchObject({ code: 'variant-name-invalid' });
    expect((await add('Edge')).ok).toBe(true);
    expect(await add('EDGE')).toMatchObject({ code: 'variant-exists', params: { name: 'Edge' } });
    expect(await add('Edge!')).toMatchObject({ ok: true, value: { id: 'server:edge-2' } });
    for (let i = 3; i <= MAX_SERVER_VARIANTS; i++) expect((await add(`Edge ${i}`)).ok).toBe(true);
    expect(await add('One too many')).toMatchObject({
      code: 'variant-limit',
      params: { max: MAX_SERVER_VARIANTS },
    });
    expect((await service.variants.list(guildId)).variants).toHaveLength(MAX_SERVER_VARIANTS);
  });

  it('two moderators adding at the same instant: one lands, the other is told to try again', async () => {
    const store = await openStore();
    const guildId = guild();
    const racing = gated(store, 2);
    const [one, two] = await Promise.all([
      new GameService(racing).variants.add(guildId, { name: 'One', rules: EDGE_BRANDUBH, by: ann }),
      new GameService(racing).variants.add(guildId, { name: 'Two', rules: EDGE_BRANDUBH, by: bob }),
    ]);
    expect([one.ok, two.ok].filter(Boolean)).toHaveLength(1);
    expect([one, two].find((outcome) => !outcome.ok)).toMatchObject({ code: 'variants-changed' });
    expect((await new GameService(store).variants.list(guildId)).variants).toHaveLength(1);
  });

  it('a game in a server variant plays by its rules, outlives the variant and a restart, and is rated under it', async () => {
    const store = await openStore();
    const service = new GameService(store);
    const guildId = guild();
    await service.variants.add(guildId, { name: 'Edge Brandubh', rules: EDGE_BRANDUBH, by: ann });
    const variant = await service.variants.find(guildId, 'server:edge-brandubh');
    if (!variant) throw new Error('not added');
    const channelId = channel();
    const challenge = await service.challenges.make({
      guildId,
      channelId,
      challenger: ann,
      opponent: bob,
      variant,
      side: 'attackers',
      thread: false,
    });
    if (!challenge.ok) throw new Error(challenge.code);
    expect(challenge.value.variant).toBe('server:edge-brandubh');
    // Removed before the challenge is accepted: the challenge carries the rules.
    expect((await service.variants.remove(guildId, 'server:edge-brandubh')).ok).toBe(true);
    const accepted = await service.challenges.accept(guildId, challenge.value.id, bob);
    if (!accepted.ok) throw new Error(accepted.code);
    expect(accepted.value.game.game.variant.escapeSquares).toBe('edge');

    const players = { attackers: ann, defenders: bob };
    for (const [index, move] of EDGE_ESCAPE.entries()) {
      // A new service each move: as after a restart, the game loads from the store alone.
      const fresh = new GameService(store);
      const side = index % 2 === 0 ? 'attackers' : 'defenders';
      const played = await fresh.play.move({ guildId, channelId }, players[side], move);
      if (!played.ok) throw new Error(`${move}: ${played.code}`);
      if (index < EDGE_ESCAPE.length - 1) expect(played.value.result).toBeNull();
      else
        expect(played.value.result).toMatchObject({
          winner: 'defenders',
          reason: 'king-escaped',
          square: 'a3',
        });
    }
    const table = await service.records.standings(guildId, 'server:edge-brandubh');
    expect(table.map((row) => [row.name, row.wins, row.losses])).toEqual([
      ['Bob', 1, 0],
      ['Ann', 0, 1],
    ]);
    expect(await service.records.standings(guildId, 'brandubh')).toEqual([]);
    // /export's game: its rules string carries the house rule, for OpenTafl.
    const record = await service.records.gameForRecord({ guildId, channelId });
    expect(record?.game.variant.id).toBe('server:edge-brandubh');
    expect(record?.game.variant.escapeSquares).toBe('edge');
  });

  it('the default variant: set, used by defaultFor, and cleared when its variant is removed', async () => {
    const service = new GameService(await openStore());
    const guildId = guild();
    expect((await service.variants.defaultFor(guildId)).id).toBe('alea-armed');
    expect((await service.variants.setDefault(guildId, 'copenhagen')).ok).toBe(true);
    expect((await service.variants.defaultFor(guildId)).id).toBe('copenhagen');
    expect(await service.variants.setDefault(guildId, 'server:nothing')).toMatchObject({
      code: 'no-server-variant',
    });
    await service.variants.add(guildId, { name: 'Edge Brandubh', rules: EDGE_BRANDUBH, by: ann });
    expect((await service.variants.setDefault(guildId, 'server:edge-brandubh')).ok).toBe(true);
    expect((await service.variants.defaultFor(guildId)).escapeSquares).toBe('edge');
    await service.variants.remove(guildId, 'server:edge-brandubh');
    expect((await service.variants.list(guildId)).defaultVariant).toBeNull();
    expect((await service.variants.defaultFor(guildId)).id).toBe('alea-armed');
    expect(await service.variants.remove(guildId, 'server:edge-brandubh')).toMatchObject({
      code: 'no-server-variant',
    });
    expect(await service.variants.remove(guildId, 'fetlar')).toMatchObject({ code: 'no-server-variant' });
  });
});

describe('a stored game in a server variant', () => {
  const stored = (rules: string) =>
    JSON.stringify({ tafl: 1, variant: 'server:edge-brandubh', rules, moves: 'a4a2 d3e3' });

  it('loads with the rules it carries', () => {
    const game = loadGame(stored(EDGE_BRANDUBH));
    expect(game.variant.id).toBe('server:edge-brandubh');
    expect(game.plyCount).toBe(2);
  });

  it('is refused whole when its rules are unplayable, missing, or a built-in id carries rules', () => {
    expect(() => loadGame(stored(`${EDGE_BRANDUBH} linc:y`))).toThrow(GameRecordError);
    expect(() => loadGame(JSON.stringify({ tafl: 1, variant: 'server:edge-brandubh', moves: '' }))).toThrow(
      GameRecordError,
    );
    expect(() =>
      loadGame(JSON.stringify({ tafl: 1, variant: 'brandubh', rules: EDGE_BRANDUBH, moves: '' })),
    ).toThrow(GameRecordError);
    expect(variants.brandubh.escapeSquares).toBe('corners');
  });
});
