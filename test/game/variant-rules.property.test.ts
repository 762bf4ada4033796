/**
 * Random and mutated rules strings through `/variant add`'s service: each is refused with a
 * reason that fits (short, in both languages, naming what the string holds), or added, and then
 * a game in it plays: a challenge accepted, a move, a picture, an AI move. The same through the
 * emulator, for a sample, is in test/bot/variant-rules.property.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index.ts';
import type { Player } from '../../src/core/players.ts';
import { Game, type OpenTaflRulesErrorCode, type Variant } from '../../src/engine/index.ts';
import { GameService } from '../../src/game/service.ts';
import type { Failure } from '../../src/game/types.ts';
import { failureText, messagesFor } from '../../src/i18n/index.ts';
import { renderBoard } from '../../src/render/index.ts';
import { createStore } from '../../src/store/index.ts';
import { mutatedRulesStringArbitrary, rulesStringArbitrary } from '../engine/rules-strings.ts';

const en = messagesFor('en');
const de = messagesFor('de');

const ann: Player = { id: '100', name: 'Ann' };
const bob: Player = { id: '200', name: 'Bob' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** Checks that a refusal fits the string it refuses; returns nothing, throws when it does not. */
function expectFittingRefusal(rules: string, refused: Failure): void {
  expect(['variant-rules-invalid', 'variant-start-decided', 'variant-rules-too-long']).toContain(
    refused.code,
  );
  for (const m of [en, de]) {
    const text = failureText(m, refused);
    expect(text).not.toMatch(/undefined|\[object|NaN/);
    expect(text.length, text).toBeLessThan(400);
  }
  const { params } = refused;
  if (refused.code === 'variant-rules-invalid') {
    const code = params.rulesCode as OpenTaflRulesErrorCode;
    // What the refusal quotes of the string is in the string (up to where the excerpt was cut).
    const quoted = (text: unknown) => String(text).replace(/…$/, '');
    if (params.entry !== undefined) expect(rules).toContain(quoted(params.entry));
    if (code === 'unknown-key' || code === 'unsupported-key' || code === 'invalid-value')
      expect(rules).toContain(`${quoted(params.key)}:`);
    // One of the two may be a key left to its default (`cor:` alone means `esc:c` with no corners).
    if (code === 'unsupported-combination')
      expect([params.key, params.otherKey].some((key) => rules.includes(`${quoted(key)}:`))).toBe(true);
    if (code === 'missing-key') expect(rules).not.toMatch(new RegExp(`(^|\\s)${params.key}:`));
  }
}

/** Checks the reason a start was refused for against the engine's own view of that start. */
function expectDecided(variant: Variant, reason: unknown): void {
  const game = new Game({ variant });
  if (reason === 'no-attackers') expect(variant.layout).not.toContain('t');
  else if (reason === 'enclosed') expect(variant.end.enclosure).toBe(true);
  else expect(game.result?.reason).toBe(reason);
}

/** Adds a rules string, and either checks its refusal or plays a game in it. */
async function addThenPlay(service: GameService, rules: string): Promise<'refused' | 'played'> {
  const guildId = `g${randomBytes(4).toString('hex')}`;
  const added = await service.variants.add(guildId, { name: 'House', rules, by: ann });
  if (!added.ok) {
    expectFittingRefusal(rules, added);
    if (added.code === 'variant-start-decided') {
      const { serverVariant } = await import('../../src/engine/index.ts');
      expectDecided(serverVariant('server:house', rules), added.params.reason);
    }
    return 'refused';
  }
  const variant = await service.variants.find(guildId, added.value.id);
  if (!variant) throw new Error('added but not found');
  const channelId = `c${randomBytes(4).toString('hex')}`;
  const challenge = await service.challenges.make({
    guildId,
    channelId,
    challenger: ann,
    opponent: bob,
    variant,
    side: 'attackers',
    thread: false,
  });
  if (!challenge.ok) throw new Error(`challenge: ${challenge.code}`);
  const accepted = await service.challenges.accept(guildId, challenge.value.id, bob);
  if (!accepted.ok) throw new Error(`accept: ${accepted.code}`);
  const table = { guildId, channelId };
  const players = { attackers: ann, defenders: bob };
  const { game } = accepted.value.game;
  expect(game.isGameOver()).toBe(false);
  const [first] = game.legalMoves();
  expect(first).toBeDefined();
  const moved = await service.play.move(table, players[game.turn], first.notation);
  if (!moved.ok) throw new Error(`move ${first.notation}: ${moved.code}`);
  const picture = await renderBoard(moved.value.game.game.snapshot(), { attackers: 'Ann', defenders: 'Bob' });
  expect(picture.subarray(0, 4)).toEqual(PNG_SIGNATURE);
  if (moved.value.result) return 'played';
  const after = moved.value.game.game;
  const answer = chooseMove(after, 'easy', { timeMs: 5, random: () => 0.5 });
  const answered = await service.play.move(table, players[after.turn], answer.notation);
  if (!answered.ok) throw new Error(`AI move ${answer.notation}: ${answered.code}`);
  return 'played';
}

describe('rules strings through /variant add, refused with a fitting reason or played', () => {
  it('random playable strings, and strings mutated in one to three ways', async () => {
    const service = new GameService(await createStore({ namespace: 'variant-rules-property' }));
    const seen = { refused: 0, played: 0 };
    await fc.assert(
      fc.asyncProperty(fc.oneof(rulesStringArbitrary, mutatedRulesStringArbitrary), async (rules) => {
        seen[await addThenPlay(service, rules)]++;
      }),
      { numRuns: 100 },
    );
    // Both ways are exercised, or the property says little.
    expect(seen.refused).toBeGreaterThan(10);
    expect(seen.played).toBeGreaterThan(10);
  });
});
