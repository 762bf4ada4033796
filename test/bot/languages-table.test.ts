/**
 * One game, three languages: Sven's Discord client is in Swedish, Yuki's in Japanese, and their
 * server prefers French. Each reads what answers them in their own language; what nobody asked for
 * (the reminder, the loss on time) is in the server's. Expected texts come from each catalogue.
 */
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n/index.ts';
import { buttonIds, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();
const [sv, ja, fr, en] = ['sv-SE', 'ja', 'fr', 'en-US'].map((locale) => messagesFor(locale));
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** The part of a message before its first placeholder's value. */
const opening = (text: string, value: string) => text.slice(0, text.indexOf(value));

describe('a Swedish and a Japanese member play in a French server', () => {
  it('each reads their own language; the channel’s unasked messages are in French', async () => {
    let now = Date.now();
    const { emulator, bots } = await startTestWorld(1, { now: () => now });
    const guildId = emulator.createGuild('Table ronde', { locale: 'fr' });
    const channelId = emulator.createChannel('tafl', guildId);
    const sven = emulator.addUser('Sven', { locale: 'sv-SE' });
    const yuki = emulator.addUser('Yuki', { locale: 'ja' });
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    expect([sv.language, ja.language, fr.language]).toEqual(['sv', 'ja', 'fr']);

    const challenge = await emulator
      .slash(
        sven,
        'challenge',
        { opponent: yuki, variant: 'fetlar', side: 'attackers', time: '10m' },
        { channelId },
      )
      .reply();
    const accepted = await emulator.clickButton(yuki, challenge, buttonIds(challenge)[0]).reply();
    expect(accepted.content).toContain(ja.accepted({ name: 'Yuki' }));

    const svenMoves = await emulator.slash(sven, 'move', { move: 'd1-d3' }, { channelId }).reply();
    expect(svenMoves.content).toContain(
      sv.played({ name: 'Sven', side: 'attackers', move: 'd1-d3', captured: 0 }),
    );
    const yukiMoves = await emulator.slash(yuki, 'move', { move: 'f4-c4' }, { channelId }).reply();
    expect(yukiMoves.content).toContain(
      ja.played({ name: 'Yuki', side: 'defenders', move: 'f4-c4', captured: 0 }),
    );

    // Out of turn: refused privately, in Japanese, and nothing changes.
    const outOfTurn = await emulator.slash(yuki, 'move', { move: 'c4-c5' }, { channelId }).reply();
    expect(outOfTurn.ephemeral).toBe(true);
    expect(outOfTurn.content).toMatch(JAPANESE);
    const board = await emulator.slash(sven, 'board', {}, { channelId }).reply();
    expect(board.content).toContain(`**Sven** (${sv.side('attackers')}`);
    expect(sv.side('attackers')).not.toBe(en.side('attackers'));

    // Sven lets his clock run: the reminder and the loss on time go to the channel in French.
    now += 8 * 60 * 1000 + 1000;
    await bots[0].bot.sweep();
    const reminderStart = opening(fr.reminder({ playerId: sven.id, deadline: '\u0000' }), '\u0000');
    const reminder = await emulator.waitFor(() =>
      emulator.messages(channelId).find((message) => message.content.startsWith(reminderStart)),
    );
    expect(reminder.content.startsWith(reminderStart)).toBe(true);
    now += 2 * 60 * 1000;
    await bots[0].bot.sweep();
    const over = opening(fr.gameOver({ result: '\u0000', verdict: '' }), '\u0000').trim();
    const ending = await emulator.waitFor(() =>
      emulator.messages(channelId).find((message) => message.content.startsWith(over)),
    );
    expect(ending.content).toContain('Yuki');
    expect(over).not.toBe(opening(en.gameOver({ result: '\u0000', verdict: '' }), '\u0000').trim());
  });
});
