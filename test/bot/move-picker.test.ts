/**
 * Moving by clicking in the chat: the Move button under a board opens a private picker for the
 * player to move; a piece, then a destination, plays the move through the same service call as
 * /move, and the channel gets the usual board. A stale picker refuses and shows the position anew;
 * a member who is not to move is refused privately; two pickers pressed at once play one move.
 */
import { describe, expect, it } from 'vitest';
import { Game, type VariantId } from '../../src/engine/index.ts';
import type { EmulatedUser, RecordedMessage } from '../discord-emulator/index.ts';
import { buttonIds, fileWorld, tableAt } from './harness.ts';

const world = fileWorld();

async function gameIn(variant: VariantId, ann: EmulatedUser, bob: EmulatedUser) {
  const { emulator } = world;
  const channelId = emulator.createChannel(`picker-${Math.random().toString(36).slice(2, 8)}`);
  const started = await world.bots[0].service.lifecycle.startGame({
    guildId: emulator.guildId,
    channelId,
    players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
    game: new Game(variant),
  });
  if (!started.ok) throw new Error(started.code);
  const history = async () =>
    (await world.bots[0].service.play.board(tableAt(emulator, channelId)))?.game
      .history()
      .map((m) => m.notation) ?? [];
  return { channelId, history };
}

interface Menu {
  custom_id: string;
  type: number;
  options?: { label: string; value: string; description?: string }[];
}
const menusOf = (message: RecordedMessage, step: string): Menu[] =>
  message.components
    .flatMap((row: { components: Menu[] }) => row.components)
    .filter((component: Menu) => component.type === 3 && component.custom_id.startsWith(`move:${step}:`));

/** A message as it stands now (the emulator edits its messages in place). */
const asItStands = (message: RecordedMessage): RecordedMessage => ({ ...message });

/** Opens the picker from a board message and plays `move` by its piece and destination menus. */
async function pickMove(user: EmulatedUser, board: RecordedMessage, move: string) {
  const { emulator } = world;
  const [open] = buttonIds(board).filter((id) => id.startsWith('move:open:'));
  const opened = await emulator.clickButton(user, board, open).reply();
  const picker = asItStands(opened);
  expect(picker.ephemeral).toBe(true);
  const [from, to] = move.split('-');
  const pieceMenu = menusOf(picker, 'piece').find((menu) => menu.options?.some((o) => o.value === from));
  if (!pieceMenu) throw new Error(`no menu offers ${from}`);
  const chosenMessage = await emulator.choose(user, opened, pieceMenu.custom_id, [from]).reply();
  const chosen = asItStands(chosenMessage);
  const destinationMenu = menusOf(chosen, 'to').find((menu) => menu.options?.some((o) => o.value === to));
  if (!destinationMenu) throw new Error(`no menu offers ${to}`);
  const handle = emulator.choose(user, chosenMessage, destinationMenu.custom_id, [to]);
  const closed = await handle.reply();
  return { picker, chosen, closed, handle };
}

describe('the move picker', () => {
  it('plays a game by clicking: piece, then destination; the channel gets the board, with a Move button for the next player', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const { channelId, history } = await gameIn('fetlar', ann, bob);
    let board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const shadow = new Game('fetlar');
    for (let ply = 0; ply < 8; ply++) {
      const mover = shadow.turn === 'attackers' ? ann : bob;
      const legal = shadow.legalMoves();
      const move = legal[(ply * 37) % legal.length].notation;
      const { chosen, closed, handle } = await pickMove(mover, board, move);
      // The chosen piece's picture marks its destinations; the menus offer exactly its moves.
      expect(chosen.attachments).toHaveLength(1);
      const offered = menusOf(chosen, 'to').flatMap((menu) =>
        menu.options?.map((o) => `${move.split('-')[0]}-${o.value}`),
      );
      expect(offered.sort()).toEqual(
        shadow
          .legalMoves({ from: move.split('-')[0] })
          .map((m) => m.notation)
          .sort(),
      );
      expect(closed.content).toContain(move);
      expect(closed.components).toEqual([]);
      board = await emulator.waitFor(() => handle.followUps().find((m) => m.attachments.length > 0));
      expect(board.ephemeral).toBe(false);
      expect(board.content).toContain(`played **${move}**`);
      shadow.play(move);
      expect(await history()).toEqual(shadow.history().map((m) => m.notation));
      expect(buttonIds(board)).toEqual([
        `move:open:${(await world.bots[0].service.play.board(tableAt(emulator, channelId)))?.id}`,
      ]);
    }
  });

  it('a member not to move, or not playing, is refused privately and nothing changes', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const cat = emulator.addUser('Cat');
    const { channelId, history } = await gameIn('brandubh', ann, bob);
    const board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const [open] = buttonIds(board);
    const notYours = await emulator.clickButton(bob, board, open).reply();
    expect(notYours).toMatchObject({
      ephemeral: true,
      content: 'It is not your turn: Ann (attackers) is to move.',
    });
    expect(notYours.components).toEqual([]);
    const stranger = await emulator.clickButton(cat, board, open).reply();
    expect(stranger).toMatchObject({ ephemeral: true, content: 'You are not playing in this game.' });
    expect(await history()).toEqual([]);
  });

  it('a picker left open after the position changed refuses, plays nothing, and shows the position anew', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const { channelId, history } = await gameIn('brandubh', ann, bob);
    const board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const picker = await emulator.clickButton(ann, board, buttonIds(board)[0]).reply();
    const chosen = await emulator.choose(ann, picker, menusOf(picker, 'piece')[0].custom_id, ['d6']).reply();
    // Meanwhile Ann plays by command, Bob answers: it is Ann's turn again, in another position.
    await emulator.slash(ann, 'move', { move: 'd6-f6' }, { channelId }).reply();
    await emulator.slash(bob, 'move', { move: 'c4-c3' }, { channelId }).reply();
    const [menu] = menusOf(chosen, 'to');
    const stale = await emulator.choose(ann, chosen, menu.custom_id, [menu.options?.[0].value ?? '']).reply();
    expect(stale.content).toContain('The position changed since this picker opened, so nothing was played');
    expect(menusOf(stale, 'piece').length).toBeGreaterThan(0);
    expect(await history()).toEqual(['d6-f6', 'c4-c3']);
  });

  it('two pickers of one player pressed at once: one move is played, the other is refused', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const { channelId, history } = await gameIn('fetlar', ann, bob);
    const board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const open = async (piece: string) => {
      const picker = await emulator.clickButton(ann, board, buttonIds(board)[0]).reply();
      const menu = menusOf(picker, 'piece').find((m) => m.options?.some((o) => o.value === piece));
      return emulator.choose(ann, picker, menu?.custom_id ?? '', [piece]).reply();
    };
    const first = await open('d1');
    const second = await open('h1');
    const [firstMenu] = menusOf(first, 'to');
    const [secondMenu] = menusOf(second, 'to');
    const answers = await Promise.all([
      emulator.choose(ann, first, firstMenu.custom_id, ['d2']).reply(),
      emulator.choose(ann, second, secondMenu.custom_id, ['h2']).reply(),
    ]);
    const played = answers.filter((answer) => answer.content.startsWith('You played'));
    expect(played).toHaveLength(1);
    expect(await history()).toHaveLength(1);
    expect(['d1-d2', 'h1-h2']).toContain((await history())[0]);
  });

  it('on 19x19 every menu keeps within Discord’s limits, and a king’s move is played in two choices', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    // Alea Evangelii with the armed king: the defenders move first.
    const { channelId, history } = await gameIn('alea-armed', ann, bob);
    const board = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    const { picker, closed } = await pickMove(bob, board, 'k10-k11');
    expect(picker.components.length).toBeLessThanOrEqual(5);
    expect(closed.content).toContain('k10-k11');
    expect(await history()).toEqual(['k10-k11']);
  });

  it('the board picture is described for screen readers, in the reader’s language', async () => {
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob', { locale: 'de' });
    const { channelId } = await gameIn('brandubh', ann, bob);
    await emulator.slash(ann, 'move', { move: 'd6-f6' }, { channelId }).reply();
    const english = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    expect(english.attachments[0].description).toBe(
      'Brandubh board, move 1: defenders to move. Last move d6-f6. The king stands on d4.',
    );
    const german = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    expect(german.attachments[0].description).toContain('d6-f6');
    expect(german.attachments[0].description).not.toBe(english.attachments[0].description);
  });
});
