/**
 * /openings through the real client and the emulator: games played to their end are counted in
 * the opening tree as they end (aborted ones and ones set up from another position are not), the
 * explorer shows the counts and results, its buttons step into a move and back, its picture is
 * drawn as the member who asked or pressed sees the board (/settings), and bad input is refused
 * privately.
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { type BoardView, DEFAULT_VIEW } from '../../src/render/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { gameWith } from '../engine/setup.ts';
import { expectDrawnIn } from './drawn-view.ts';
import { buttonIds, fileWorld, gameChannel, tableAt } from './harness.ts';

const world = fileWorld();
const ann = world.user('Ann');
const bob = world.user('Bob');
const greta = world.user('Greta', { locale: 'de' });
const flo = world.user('Flo');

/** A Brandubh game with Ann attacking: `moves` played with /move, then `end`. */
async function play(moves: string[], end: 'attackers-resign' | 'defenders-resign' | 'draw'): Promise<void> {
  const { emulator } = world;
  const channelId = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
  for (const [i, move] of moves.entries()) {
    const player: EmulatedUser = i % 2 === 0 ? ann : bob;
    const played = await emulator.slash(player, 'move', { move }, { channelId }).reply();
    expect(played.ephemeral, played.content).toBe(false);
  }
  if (end === 'draw') {
    await emulator.slash(ann, 'draw', {}, { channelId }).reply();
    const agreed = await emulator.slash(bob, 'draw', {}, { channelId }).reply();
    expect(agreed.content).toContain('**Game over.**');
  } else {
    const over = await emulator
      .slash(end === 'attackers-resign' ? ann : bob, 'resign', {}, { channelId })
      .reply();
    expect(over.content).toContain('**Game over.**');
  }
}

const tableRows = (message: RecordedMessage) =>
  (/```\n[^\n]*\n([\s\S]*?)\n```/.exec(message.content)?.[1] ?? '').split('\n').map((row) => row.trim());

describe('/openings', () => {
  it('says so when the variant has no counted game yet', async () => {
    const reply = await world.emulator.slash(ann, 'openings', { variant: 'tablut' }).reply();
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain('No finished game of Tablut has been counted on this server yet');
    expect(reply.attachments).toHaveLength(1);
  });

  it('counts three games sharing an opening, shows their results, and steps into a move and back', async () => {
    await play(['d2-b2', 'c4-c6', 'f4-f2'], 'defenders-resign'); // attackers win
    await play(['d2-b2', 'c4-c6'], 'attackers-resign'); // defenders win
    await play(['d2-b2', 'e4-e6'], 'draw');
    // Not counted: an aborted game, and one set up from another position.
    const aborted = await gameChannel(world, new Game('brandubh'), { attackers: ann, defenders: bob });
    await world.emulator.slash(ann, 'move', { move: 'd2-b2' }, { channelId: aborted }).reply();
    expect((await world.bots[0].service.lifecycle.abortGame(tableAt(world.emulator, aborted))).ok).toBe(true);
    const setUp = gameWith(
      'brandubh',
      { king: 'd4', attackers: ['d2', 'a1'], defenders: ['e4'] },
      'attackers',
    );
    const custom = await gameChannel(world, setUp, { attackers: ann, defenders: bob });
    await world.emulator.slash(ann, 'move', { move: 'd2-b2' }, { channelId: custom }).reply();
    await world.emulator.slash(bob, 'resign', {}, { channelId: custom }).reply();

    const start = await world.emulator.slash(ann, 'openings', { variant: 'brandubh' }).reply();
    expect(start.ephemeral).toBe(false);
    expect(start.content).toContain('The start position · attackers to move');
    expect(start.content).toContain(
      '3 finished games reached this position: attackers won 1, drawn 1, defenders won 1.',
    );
    expect(tableRows(start)).toEqual(['1 d2-b2          3    1 / 1 / 1']);
    expect(start.content).toContain('Aborted games and games set up from another position are not counted');
    const picture = await loadImage(start.attachments[0].data);
    expect(picture.width).toBeGreaterThan(800);
    expect(buttonIds(start)).toEqual(['openings:m:brandubh:3111']);

    const stepped = await world.emulator.clickButton(bob, start, buttonIds(start)[0]).reply();
    expect(stepped.id).toBe(start.id);
    expect(stepped.content).toContain('After 1. d2-b2 · defenders to move');
    expect(tableRows(stepped)).toEqual([
      '1 c4-c6          2    1 / 0 / 1',
      '2 e4-e6          1    0 / 1 / 0',
    ]);
    const [intoC6, intoE6, back, toStart] = buttonIds(stepped);
    expect(intoE6).toMatch(/^openings:m:brandubh:/);
    expect(toStart).toBe('openings:s:brandubh:');

    const deeper = await world.emulator.clickButton(ann, stepped, intoC6).reply();
    expect(deeper.content).toContain('After 1. d2-b2 c4-c6 · attackers to move');
    expect(deeper.content).toContain(
      '2 finished games reached this position: attackers won 1, drawn 0, defenders won 1.',
    );
    expect(deeper.content).toContain('1 game ended here.');
    expect(tableRows(deeper)).toEqual(['1 f4-f2          1    1 / 0 / 0']);

    const backAgain = await world.emulator
      .clickButton(ann, deeper, buttonIds(deeper).at(-2) as string)
      .reply();
    expect(backAgain.content).toContain('After 1. d2-b2 · defenders to move');
    const home = await world.emulator.clickButton(ann, backAgain, back).reply();
    expect(home.content).toContain('The start position');
    expect(tableRows(home)).toEqual(['1 d2-b2          3    1 / 1 / 1']);

    // Typed moves reach the same position, in any of the forms /move takes.
    const typed = await world.emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: '1. d2 b2, C4-C6' })
      .reply();
    expect(typed.content).toContain('After 1. d2-b2 c4-c6 · attackers to move');

    // Each member reads it in their own language, buttons included.
    const german = await world.emulator.slash(greta, 'openings', { variant: 'brandubh' }).reply();
    expect(german.content).toMatch(/^\*\*Eröffnungsbuch: /);
    expect(german.content).toContain(
      '3 beendete Partien erreichten diese Stellung: Siege der Angreifer 1, Remis 1, Siege der Verteidiger 1.',
    );
    const germanStep = await world.emulator.clickButton(greta, german, buttonIds(german)[0]).reply();
    expect(germanStep.content).toContain('Nach 1. d2-b2 · Verteidiger am Zug');
    expect(germanStep.components.at(-1).components.map((button: { label: string }) => button.label)).toEqual([
      'Zurück',
      'Zum Anfang',
    ]);
  });

  it('counts a server’s own variant too, down to the position where its game ended', async () => {
    const { emulator, bots } = world;
    const service = bots[0].service;
    const added = await service.variants.add(emulator.guildId, {
      name: 'Edge Brandubh',
      rules: 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      by: { id: ann.id, name: 'Ann' },
    });
    if (!added.ok) throw new Error(added.code);
    const variant = await service.variants.find(emulator.guildId, added.value.id);
    if (!variant) throw new Error('the variant was not added');
    const channelId = await gameChannel(world, new Game({ variant }), { attackers: ann, defenders: bob });
    // The king steps down and runs to a3, an edge square.
    const kingRuns = ['a4-a2', 'd3-e3', 'a2-a1', 'd4-d3', 'a1-a2', 'd3-a3'];
    for (const [i, move] of kingRuns.entries())
      await emulator.slash(i % 2 === 0 ? ann : bob, 'move', { move }, { channelId }).reply();

    const start = await emulator.slash(ann, 'openings', { variant: added.value.id }).reply();
    expect(start.content).toContain('**Opening explorer: Edge Brandubh**');
    expect(start.content).toContain(
      '1 finished game reached this position: attackers won 0, drawn 0, defenders won 1.',
    );
    expect(tableRows(start)).toEqual(['1 a4-a2          1    0 / 0 / 1']);
    const stepped = await emulator.clickButton(bob, start, buttonIds(start)[0]).reply();
    expect(stepped.content).toContain('After 1. a4-a2 · defenders to move');
    const end = await emulator
      .slash(ann, 'openings', { variant: added.value.id, moves: kingRuns.join(' ') })
      .reply();
    expect(end.content).toContain('· The game is over in this position.');
    expect(end.content).toContain('1 game ended here.');
    // No move from a position where the game is over: back (five moves in) and the start.
    const [back, toStart] = buttonIds(end);
    expect(buttonIds(end)).toHaveLength(2);
    expect(back).toMatch(new RegExp(`^openings:b:${added.value.id}:[0-9a-z]{20}$`));
    expect(toStart).toBe(`openings:s:${added.value.id}:`);
  });

  it('draws the position as the member who asks or presses sees the board', async () => {
    const { emulator } = world;
    await emulator
      .slash(flo, 'settings', { flipped: true, palette: 'high-contrast', large_coordinates: true })
      .reply();
    const theirs: BoardView = { palette: 'high-contrast', flipped: true, largeCoordinates: true };
    const position = (moves: string[]) => {
      const game = new Game('brandubh');
      for (const move of moves) game.play(move);
      return game;
    };
    const moves = { variant: 'brandubh', moves: 'd2-b2 c4-c6' };
    const plain = await emulator.slash(ann, 'openings', moves).reply();
    const own = await emulator.slash(flo, 'openings', moves).reply();
    expect(own.ephemeral).toBe(false);
    expect(own.content).toBe(plain.content);
    expect(own.attachments[0].data.equals(plain.attachments[0].data)).toBe(false);
    await expectDrawnIn(plain.attachments[0].data, position(['d2-b2', 'c4-c6']), DEFAULT_VIEW);
    await expectDrawnIn(own.attachments[0].data, position(['d2-b2', 'c4-c6']), theirs);
    // A button redraws the message in its presser's view, whoever asked for it.
    const back = (message: RecordedMessage) => buttonIds(message).at(-2) as string;
    const pressed = await emulator.clickButton(flo, plain, back(plain)).reply();
    expect(pressed.id).toBe(plain.id);
    expect(pressed.content).toContain('After 1. d2-b2 · defenders to move');
    await expectDrawnIn(pressed.attachments[0].data, position(['d2-b2']), theirs);
    const pressedBack = await emulator.clickButton(ann, own, back(own)).reply();
    await expectDrawnIn(pressedBack.attachments[0].data, position(['d2-b2']), DEFAULT_VIEW);
  });

  it('refuses an illegal move, saying which and why, privately', async () => {
    const reply = await world.emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: 'd2-b2 d4-d1' })
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toMatch(/^Move 2 \(`d4-d1`\) cannot be played there: /);
    const wrongPiece = await world.emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: 'c4-c6' })
      .reply();
    expect(wrongPiece.ephemeral).toBe(true);
    expect(wrongPiece.content).toContain('Move 1 (`c4-c6`)');
    const gibberish = await world.emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: 'hello' })
      .reply();
    expect(gibberish.ephemeral).toBe(true);
    const tooDeep = await world.emulator
      .slash(ann, 'openings', { variant: 'brandubh', moves: Array(13).fill('d2-b2').join(' ') })
      .reply();
    expect(tooDeep.content).toBe(
      'The explorer follows the first 12 plies of each game: give at most 12 moves.',
    );
    const unknown = await world.emulator.slash(ann, 'openings', { variant: 'chess' }).reply();
    expect(unknown.ephemeral).toBe(true);

    // Forged buttons are refused privately and leave the explorer's message as it was.
    const carrier = await world.emulator.slash(ann, 'openings', { variant: 'brandubh' }).reply();
    for (const customId of [
      'openings:m:brandubh:zzzz',
      'openings:m:chess:',
      'openings:x:brandubh:',
      'openings:m:brandubh:31',
      `openings:m:brandubh:${'3111'.repeat(20)}`,
      'openings:m:brandubh',
    ]) {
      const forged = await world.emulator.clickButton(bob, carrier, customId).reply();
      expect(forged.ephemeral, customId).toBe(true);
    }
    expect(carrier.editedTimes).toBe(0);
  });
});
