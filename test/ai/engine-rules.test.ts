/**
 * The OpenTafl engine's rule sets: a host's rules string is read as `/variant add` reads a
 * server's, so the engine plays whatever a server can, by the same record, and refuses (with the
 * reason) what a server cannot have. Built-in strings give the built-in's very rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameForRules, HOST_VARIANT_ID } from '../../src/ai/engine-rules.ts';
import { Game, getVariant, rulesString, variantIds } from '../../src/engine/index.ts';
import { ServerVariants } from '../../src/game/server-variants.ts';
import { createStore } from '../../src/store/index.ts';
import { mutatedRulesStringArbitrary, rulesStringArbitrary } from '../engine/rules-strings.ts';

const ann = { id: '100', name: 'Ann' };

describe('the rules a host sends the engine', () => {
  it.each(variantIds)('%s: its own rules string sets up a game by its very record', (id) => {
    const variant = getVariant(id);
    const reading = gameForRules(rulesString(variant, variant.layout, variant.firstToMove));
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.game.variant).toEqual({ ...variant, id: HOST_VARIANT_ID });
    expect(reading.game.legalMoves()).toEqual(new Game(id).legalMoves());
  });

  it('random and mutated strings: played exactly when /variant add accepts them, by the same record', async () => {
    const variants = new ServerVariants(await createStore({ namespace: 'engine-rules' }), () => 0);
    const seen = { refused: 0, played: 0 };
    let guild = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(rulesStringArbitrary, mutatedRulesStringArbitrary), async (rules) => {
        const guildId = `g${guild++}`;
        const added = await variants.add(guildId, { name: 'House', rules, by: ann });
        const reading = gameForRules(rules);
        expect(reading.ok).toBe(added.ok);
        if (!reading.ok) {
          seen.refused++;
          // One line, saying what was refused.
          expect(reading.reason).toMatch(/^(cannot play these rules|the game would be over)/);
          expect(reading.reason).not.toMatch(/\n|undefined|NaN/);
          return;
        }
        seen.played++;
        if (!added.ok) return;
        const server = await variants.find(guildId, added.value.id);
        // The same record but for the id and the name the member gave it.
        expect({ ...reading.game.variant, id: server?.id, name: server?.name }).toEqual(server);
      }),
      { numRuns: 120 },
    );
    expect(seen.refused).toBeGreaterThan(10);
    expect(seen.played).toBeGreaterThan(10);
  });

  it('what cannot be played is refused with the entry and why', () => {
    const start = 'start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    expect(gameForRules(`dim:7 cenhe: ${start}`)).toEqual({
      ok: false,
      reason: 'cannot play these rules: unsupported key cenhe:',
    });
    expect(gameForRules(`dim:7 esc:q ${start}`)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^cannot play these rules: invalid value esc:q \(expected /),
    });
    expect(gameForRules('dim:21 start:/21/')).toMatchObject({
      ok: false,
      reason: 'cannot play these rules: out of range dim:21 (from 7 to 19)',
    });
    expect(gameForRules('dim:7 start:/7/7/7/3K3/7/7/7/')).toEqual({
      ok: false,
      reason: 'the game would be over before its first move (no-attackers, the attackers to move)',
    });
    expect(gameForRules(`dim:7 ${start} spd:3`)).toMatchObject({ ok: false });
  });
});
