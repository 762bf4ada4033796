/**
 * The move picker's menus, without Discord: from random positions of every variant, every legal
 * move of the side to move is reachable in at most three choices (a part of the board when the
 * pieces need it, a piece, a destination), no illegal move is offered, and every menu keeps
 * within Discord's limits (25 options, five rows, the lengths of labels and ids).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCustomIdOf } from '../../src/bot/custom-ids.ts';
import { LIMITS } from '../../src/bot/discord/discord-limits.ts';
import { pickerView } from '../../src/bot/views/move-picker.ts';
import { Game, type VariantId, variantIds } from '../../src/engine/index.ts';
import type { ActiveGame } from '../../src/game/service.ts';
import { messagesFor } from '../../src/i18n/index.ts';
import { gameWith } from '../engine/setup.ts';

const m = messagesFor('en');

/** A game from the variant's start by the moves `choices` pick, stopping before one that ends it. */
function playedGame(variant: VariantId, choices: number[]): Game {
  const game = new Game(variant);
  for (const choice of choices) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    game.play(moves[choice % moves.length].notation);
    if (game.isGameOver()) {
      game.undo();
      break;
    }
  }
  return game;
}

const activeOf = (game: Game) =>
  ({
    id: 'g1',
    game,
    players: { attackers: { id: '1', name: 'Ann' }, defenders: { id: '2', name: 'Bob' } },
    ai: null,
  }) as unknown as ActiveGame;

interface Component {
  type: number;
  custom_id: string;
  label?: string;
  placeholder?: string;
  options?: { label: string; value: string; description?: string }[];
}

function rowsOf(game: Game, choice: Parameters<typeof pickerView>[2]): Component[][] {
  const { rows } = pickerView(m, activeOf(game), choice);
  const json = rows.map((row) => row.toJSON().components as unknown as Component[]);
  expect(json.length).toBeLessThanOrEqual(LIMITS.actionRows);
  for (const row of json) {
    expect(row.length).toBeGreaterThan(0);
    if (row.some((component) => component.type === 3)) expect(row).toHaveLength(1);
    else expect(row.length).toBeLessThanOrEqual(LIMITS.rowButtons);
    for (const component of row) {
      expect(component.custom_id.length).toBeLessThanOrEqual(100);
      expect(readCustomIdOf(component.custom_id, 'picker')).not.toBeNull();
      if (component.label) expect([...component.label].length).toBeLessThanOrEqual(LIMITS.buttonLabel);
      if (component.type !== 3) continue;
      expect(component.options?.length).toBeGreaterThan(0);
      expect(component.options?.length).toBeLessThanOrEqual(LIMITS.menuOptions);
      for (const option of component.options ?? []) {
        expect([...option.label].length).toBeLessThanOrEqual(LIMITS.optionLabel);
        expect([...(option.description ?? '')].length).toBeLessThanOrEqual(LIMITS.optionDescription);
      }
    }
  }
  return json;
}

const menus = (rows: Component[][], step: string) =>
  rows.flat().filter((component) => component.type === 3 && component.custom_id.startsWith(`move:${step}:`));

/** Every move the picker offers, by the choices that reach it, and the most choices any needs. */
function offeredMoves(game: Game): { moves: Set<string>; mostChoices: number } {
  const moves = new Set<string>();
  let mostChoices = 0;
  const pieceSteps = (rows: Component[][], choicesSoFar: number) => {
    for (const menu of menus(rows, 'piece'))
      for (const option of menu.options ?? []) {
        for (const destinationMenu of menus(rowsOf(game, { piece: option.value }), 'to'))
          for (const destination of destinationMenu.options ?? []) {
            moves.add(`${option.value}-${destination.value}`);
            mostChoices = Math.max(mostChoices, choicesSoFar + 2);
          }
      }
  };
  const first = rowsOf(game, {});
  const groups = menus(first, 'group');
  if (groups.length === 0) pieceSteps(first, 0);
  for (const option of groups.flatMap((menu) => menu.options ?? []))
    pieceSteps(rowsOf(game, { group: Number(option.value) }), 1);
  // The quick buttons play a move in one choice: each must be legal too.
  for (const button of first.flat().filter((component) => component.custom_id.startsWith('move:play:'))) {
    const step = readCustomIdOf(button.custom_id, 'picker');
    if (step?.step === 'play') moves.add(step.move);
  }
  return { moves, mostChoices };
}

describe('the move picker’s menus', () => {
  it.each(variantIds)(
    '%s: from random positions, every legal move in at most three choices, nothing else',
    (variant) => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 0, maxLength: 60 }), (choices) => {
          const game = playedGame(variant, choices);
          const legal = new Set(game.legalMoves().map((move) => move.notation));
          const { moves, mostChoices } = offeredMoves(game);
          expect([...moves].sort()).toEqual([...legal].sort());
          expect(mostChoices).toBeLessThanOrEqual(3);
        }),
        { numRuns: variant.startsWith('alea') ? 6 : 15, seed: 39 },
      );
    },
  );

  it('a board with more movable pieces than four menus hold goes by the board’s parts: still three choices', () => {
    // 114 attackers on every other rank of a 19x19 board, each free to step up or down.
    const files = 'abcdefghijklmnopqrs';
    const attackers = [3, 5, 7, 11, 13, 15].flatMap((rank) => [...files].map((file) => `${file}${rank}`));
    const game = gameWith('alea-guards', { king: 'j9', attackers }, 'attackers');
    const movable = new Set(game.legalMoves().map((move) => move.from)).size;
    expect(movable).toBeGreaterThan((LIMITS.actionRows - 1) * LIMITS.menuOptions);
    const first = rowsOf(game, {});
    expect(menus(first, 'group')).toHaveLength(1);
    expect(menus(first, 'piece')).toHaveLength(0);
    const legal = new Set(game.legalMoves().map((move) => move.notation));
    const { moves, mostChoices } = offeredMoves(game);
    expect([...moves].sort()).toEqual([...legal].sort());
    expect(mostChoices).toBe(3);
  });
});
