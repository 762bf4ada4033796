import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { buttonIds, fileWorld, tableAt } from './harness.ts';

const world = fileWorld();
const DAY = 24 * 60 * 60 * 1000;

describe('More time', () => {
  it('a button under a board with a clock: the opponent gives, everyone sees it; another member cannot', async () => {
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const cat = emulator.addUser('Cat');
    const channelId = emulator.createChannel('more-time');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('fetlar'),
      perMoveMs: DAY,
    });
    const before = (await bots[0].service.play.board(tableAt(emulator, channelId)))?.clock?.deadline ?? 0;
    const board = await emulator.slash(ann, 'board', {}, { channelId }).reply();
    const moreTime = buttonIds(board).find((id) => id.startsWith('moretime:'));
    if (!moreTime) throw new Error('no More time button');
    expect(JSON.stringify(board.components)).toContain('More time (+1 day)');

    const byCat = await emulator.clickButton(cat, board, moreTime).reply();
    expect(byCat.ephemeral).toBe(true);
    const byAnn = await emulator.clickButton(ann, board, moreTime).reply();
    expect(byAnn.content).toBe(
      'With a time per move, you can give time only while your opponent is to move.',
    );
    const byBob = await emulator.clickButton(bob, board, moreTime).reply();
    expect(byBob.ephemeral).toBe(false);
    expect(byBob.content).toContain('**Bob** gave **Ann** 1 day more.');
    expect((await bots[0].service.play.board(tableAt(emulator, channelId)))?.clock?.deadline).toBe(
      before + DAY,
    );
    const slash = await emulator.slash(bob, 'moretime', {}, { channelId }).reply();
    expect(slash.content).toContain('**Bob** gave **Ann** 1 day more.');
  });
});
