import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import { type BoardView, centreOfSquare, layoutFor } from '../../src/render/index.ts';
import { DEFAULT_SERVER_SETTINGS } from '../../src/settings/server-settings.ts';
import { decodePng } from '../support/png.ts';
import { expectDrawnIn } from './drawn-view.ts';
import { buttonIds, startBotProcess, worldsPerTest } from './harness.ts';

const startTestWorld = worldsPerTest();

/** 2030-01-07 at `hour`:00 UTC. */
const at = (hour: number) => Date.UTC(2030, 0, 7, hour, 0);

describe('/settings', () => {
  it('shows the defaults, sets options, and remembers them across a restart', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const shown = await emulator.slash(ann, 'settings', {}).reply();
    expect(shown.ephemeral).toBe(true);
    expect(shown.content).toContain('Board colours: classic');
    const set = await emulator
      .slash(ann, 'settings', {
        palette: 'high-contrast',
        flipped: true,
        large_coordinates: true,
        language: 'de',
        variant: 'brandubh',
        time: '1h',
      })
      .reply();
    // Answered in the language just chosen.
    expect(set.content).toContain('Gespeichert');
    await world.bots[0].stop();
    world.bots[0] = await startBotProcess(emulator, world.namespace);
    const again = await emulator.slash(ann, 'settings', {}).reply();
    expect(again.content).toMatch(/Brandubh/);
    expect(again.content).toMatch(/1 Stunde/);
    expect(again.content).toMatch(/Verteidiger/);
    // /challenge takes the remembered variant and time when none is given.
    const bob = emulator.addUser('Bob');
    const challenge = await emulator.slash(ann, 'challenge', { opponent: bob }).reply();
    expect(challenge.content + JSON.stringify(challenge.embeds)).toMatch(/Brandubh/);
    const reset = await emulator.slash(ann, 'settings', { reset: true }).reply();
    expect(reset.content).toContain('Your settings are back to the defaults.');
  });

  it('refuses a bad option with its reason, and changes nothing', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const zone = await emulator.slash(ann, 'settings', { time_zone: 'Mars/Olympus' }).reply();
    expect(zone.content).toContain('is not a time zone');
    const server = await emulator.slash(ann, 'settings', { variant: 'server:my-rules' }).reply();
    expect(server.content).toContain('this server’s own variant');
    const quiet = await emulator.slash(ann, 'settings', { quiet_from: 22 }).reply();
    expect(quiet.content).toContain('Quiet hours need a start and an end');
    const shown = await emulator.slash(ann, 'settings', {}).reply();
    expect(shown.content).toContain('Time zone: UTC');
  });

  it('draws /board as the member sees it: flipped, rank 1 at the top', async () => {
    const world = await startTestWorld(1);
    const { emulator } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const channelId = emulator.createChannel('flip');
    await emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await world.bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('fetlar'),
    });
    await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    const plain = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    await emulator.slash(bob, 'settings', { flipped: true }).reply();
    const flipped = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    const [a, b] = await Promise.all([
      decodePng(plain.attachments[0].data),
      decodePng(flipped.attachments[0].data),
    ]);
    expect(b.width).toBe(a.width);
    // Turned half round: every pixel of the grid is where the plain picture has it, mirrored both ways.
    const grid = { left: 48, top: 164 + 48, size: 69 * 11 };
    let same = 0;
    let checked = 0;
    for (let y = grid.top + 5; y < grid.top + grid.size - 5; y += 23)
      for (let x = grid.left + 5; x < grid.left + grid.size - 5; x += 23) {
        const mirrored = b.pixel(2 * grid.left + grid.size - 1 - x, 2 * grid.top + grid.size - 1 - y);
        if (a.pixel(x, y).every((c, i) => Math.abs(c - mirrored[i]) <= 8)) same++;
        checked++;
      }
    // (A piece's shine stays at its upper left, so a few pixels differ.)
    expect(same / checked).toBeGreaterThan(0.9);
    // The attacker just moved to d3: on the flipped board it stands near the top right.
    const layout = layoutFor(11, 'squares', { palette: 'classic', flipped: true, largeCoordinates: false });
    const d3 = centreOfSquare(layout, 'd3');
    expect(d3.x).toBeGreaterThan(layout.width / 2);
    expect(d3.y).toBeLessThan(layout.gridTop + layout.cell * 3);
    const dark = (pixel: number[]) => pixel.every((c) => c < 80);
    expect(dark(b.pixel(d3.x, d3.y + layout.cell * 0.25))).toBe(true);
    expect(dark(a.pixel(d3.x, d3.y + layout.cell * 0.25))).toBe(false);
  });
});

/** Send messages, read history, use application commands: no Manage Server. */
const MEMBER_ONLY = String((1n << 10n) | (1n << 11n) | (1n << 31n));

describe('a server’s default board', () => {
  const serverBoard: BoardView = { palette: 'high-contrast', flipped: false, largeCoordinates: true };

  it('set by a manager: public boards of players who chose none and finished ones are drawn in it; a player’s own board stays theirs', async () => {
    const world = await startTestWorld(1);
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const set = await emulator
      .slash(ann, 'settings', { server_palette: 'high-contrast', server_large_coordinates: true })
      .reply();
    expect(set.ephemeral).toBe(true);
    expect(set.content).toContain('Saved for the whole server.');
    expect(set.content).toContain('This server’s default board: high contrast colours, large coordinates.');
    expect((await bots[0].app.settings.readServer(emulator.guildId)).view).toEqual({
      palette: 'high-contrast',
      largeCoordinates: true,
    });
    // Ann chose a whole board of her own; Bob chose none.
    await emulator
      .slash(ann, 'settings', { palette: 'classic', flipped: true, large_coordinates: false })
      .reply();
    const annBoard: BoardView = { palette: 'classic', flipped: true, largeCoordinates: false };
    const channelId = emulator.createChannel('server-board');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: ann.id, name: 'Ann' }, defenders: { id: bob.id, name: 'Bob' } },
      game: new Game('fetlar'),
    });
    const game = new Game('fetlar');
    const moved = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    game.play('d1-d3');
    expect(moved.ephemeral).toBe(false);
    writeFileSync('/tmp/server-default.png', moved.attachments[0].data);
    await expectDrawnIn(moved.attachments[0].data, game, serverBoard);
    // Bob's own pictures follow it too, as he chose none: his move picker.
    const [open] = buttonIds(moved).filter((id) => id.startsWith('move:open:'));
    const picker = await emulator.clickButton(bob, moved, open).reply();
    expect(picker.ephemeral).toBe(true);
    await expectDrawnIn(picker.attachments[0].data, game, serverBoard);
    // His /settings says where his board comes from.
    const shown = await emulator.slash(bob, 'settings', {}).reply();
    expect(shown.content).toContain(
      'Board colours: high contrast (this server’s default, as you chose none)',
    );
    expect(shown.content).toContain('This server’s default board: high contrast colours, large coordinates.');

    // Ann's turn: her own board, whoever asks.
    const answered = await emulator.slash(bob, 'move', { move: 'f4-c4' }, { channelId }).reply();
    game.play('f4-c4');
    await expectDrawnIn(answered.attachments[0].data, game, annBoard);
    const onAnnsTurn = await emulator.slash(bob, 'board', {}, { channelId }).reply();
    expect(onAnnsTurn.ephemeral).toBe(false);
    await expectDrawnIn(onAnnsTurn.attachments[0].data, game, annBoard);

    // Over: no one's turn, the server's board, whoever asks.
    const resigned = await emulator.slash(ann, 'resign', {}, { channelId }).reply();
    expect(resigned.ephemeral).toBe(false);
    await expectDrawnIn(resigned.attachments[0].data, game, serverBoard);

    const reset = await emulator.slash(ann, 'settings', { server_reset: true }).reply();
    expect(reset.content).toContain('This server’s default board is back to the bot’s own');
    expect(await bots[0].app.settings.readServer(emulator.guildId)).toEqual(DEFAULT_SERVER_SETTINGS);
  });

  it('draws the board in it while the AI is to move, even for a player with a board of their own', async () => {
    const world = await startTestWorld(1);
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    await emulator
      .slash(ann, 'settings', {
        palette: 'classic',
        flipped: true,
        large_coordinates: false,
        server_palette: 'high-contrast',
        server_large_coordinates: true,
      })
      .reply();
    const channelId = emulator.createChannel('server-board-ai');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: {
        attackers: { id: ann.id, name: 'Ann' },
        defenders: { id: emulator.botUser.id, name: 'Tafl Bot (easy)' },
      },
      game: new Game('fetlar'),
      ai: { side: 'defenders', level: 'easy' },
    });
    const moved = await emulator.slash(ann, 'move', { move: 'd1-d3' }, { channelId }).reply();
    const game = new Game('fetlar');
    game.play('d1-d3');
    await expectDrawnIn(moved.attachments[0].data, game, serverBoard);
  });

  it('is refused to a member who may not manage the server, and nothing changes', async () => {
    const world = await startTestWorld(1);
    const { emulator, bots } = world;
    const cat = emulator.addUser('Cat', { permissions: MEMBER_ONLY });
    const refused = await emulator
      .slash(cat, 'settings', { palette: 'colour-blind', server_palette: 'high-contrast' })
      .reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain(
      'Only members who may manage the server (the Manage Server permission)',
    );
    expect(await bots[0].app.settings.readServer(emulator.guildId)).toEqual(DEFAULT_SERVER_SETTINGS);
    // Her own option, asked in the same command, was not saved either.
    expect((await bots[0].app.settings.read(cat.id)).view.palette).toBe('classic');
    // Her own board is hers to set.
    const own = await emulator.slash(cat, 'settings', { palette: 'colour-blind' }).reply();
    expect(own.content).toContain('Saved.');
  });

  it('is refused outside a server: the bot installed to a member’s account', async () => {
    const world = await startTestWorld(1, { globalCommands: true });
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    emulator.installForUser(ann);
    const dm = emulator.createDm(ann, bob);
    const refused = await emulator
      .slash(ann, 'settings', { server_large_coordinates: true }, { channelId: dm })
      .reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('A default board belongs to a server where the bot is installed');
    expect(await bots[0].app.settings.readServer(emulator.guildId)).toEqual(DEFAULT_SERVER_SETTINGS);
    // /settings itself works there, without a word of a server's board.
    const shown = await emulator.slash(ann, 'settings', {}, { channelId: dm }).reply();
    expect(shown.content).toContain('Board colours: classic');
    expect(shown.content).not.toContain('this server’s default');
  });
});

describe('turn alerts by direct message', () => {
  it('one DM per turn across two processes and a restart; none after opting out', async () => {
    let now = at(12);
    const world = await startTestWorld(2, { now: () => now });
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    await emulator.slash(ann, 'settings', { alerts: 'turn' }).reply();
    const channelId = emulator.createChannel('alerts');
    await emulator.waitFor(() => bots.every((p) => p.bot.client.channels.cache.has(channelId)));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: bob.id, name: 'Bob' }, defenders: { id: ann.id, name: 'Ann' } },
      game: new Game('fetlar'),
    });
    await emulator.slash(bob, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await Promise.all(bots.map((p) => p.bot.sweep()));
    await Promise.all(bots.map((p) => p.bot.sweep()));
    await emulator.waitFor(() => emulator.directMessages(ann).length > 0);
    const [dm] = emulator.directMessages(ann);
    expect(dm.content).toContain(`https://discord.com/channels/${emulator.guildId}/${channelId}`);
    expect(dm.attachments).toHaveLength(1);
    // A restart changes nothing: the alert was sent.
    await bots[1].stop();
    bots[1] = await startBotProcess(emulator, world.namespace, { now: () => now });
    await Promise.all(bots.map((p) => p.bot.sweep()));
    expect(emulator.directMessages(ann)).toHaveLength(1);
    // Bob's turn: Bob has no alerts. Ann's next turn: a second DM.
    await emulator.slash(ann, 'move', { move: 'f4-c4' }, { channelId }).reply();
    await emulator.slash(bob, 'move', { move: 'h1-h3' }, { channelId }).reply();
    await Promise.all(bots.map((p) => p.bot.sweep()));
    await emulator.waitFor(() => emulator.directMessages(ann).length === 2);
    expect(emulator.directMessages(bob)).toHaveLength(0);
    // Opted out: no more.
    await emulator.slash(ann, 'settings', { alerts: 'off' }).reply();
    await emulator.slash(ann, 'move', { move: 'c4-c5' }, { channelId }).reply();
    await emulator.slash(bob, 'move', { move: 'h3-h2' }, { channelId }).reply();
    now += 1000;
    await Promise.all(bots.map((p) => p.bot.sweep()));
    expect(emulator.directMessages(ann)).toHaveLength(2);
  });

  it('waits out quiet hours in the member’s zone; a digest lists the games waiting', async () => {
    let now = at(3); // 04:00 in Berlin
    const world = await startTestWorld(1, { now: () => now });
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    const cat = emulator.addUser('Cat');
    await emulator
      .slash(ann, 'settings', { alerts: 'turn', time_zone: 'europe/berlin', quiet_from: 22, quiet_to: 7 })
      .reply();
    const channelId = emulator.createChannel('quiet');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: bob.id, name: 'Bob' }, defenders: { id: ann.id, name: 'Ann' } },
      game: new Game('fetlar'),
    });
    await emulator.slash(bob, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await bots[0].bot.sweep();
    expect(emulator.directMessages(ann)).toHaveLength(0);
    now = at(6) + 60_000; // 07:01 in Berlin
    await bots[0].bot.sweep();
    await emulator.waitFor(() => emulator.directMessages(ann).length === 1);

    // A digest at 9:00 in Cat's zone (UTC): nothing before, then one message with the game.
    await emulator.slash(cat, 'settings', { alerts: 'digest', digest_hour: 9 }).reply();
    const second = emulator.createChannel('digest');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(second));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId: second,
      players: { attackers: { id: bob.id, name: 'Bob' }, defenders: { id: cat.id, name: 'Cat' } },
      game: new Game('brandubh'),
    });
    await emulator.slash(bob, 'move', { move: 'd2-b2' }, { channelId: second }).reply();
    await bots[0].bot.sweep();
    expect(emulator.directMessages(cat)).toHaveLength(0);
    now = at(9);
    await bots[0].bot.sweep();
    await emulator.waitFor(() => emulator.directMessages(cat).length === 1);
    expect(emulator.directMessages(cat)[0].content).toContain('Games waiting for your move:');
    expect(emulator.directMessages(cat)[0].content).toContain(`/channels/${emulator.guildId}/${second}`);
  });

  it('a member whose DMs are closed is noted, and told so in /settings', async () => {
    const world = await startTestWorld(1);
    const { emulator, bots } = world;
    const ann = emulator.addUser('Ann');
    const bob = emulator.addUser('Bob');
    await emulator.slash(ann, 'settings', { alerts: 'turn' }).reply();
    emulator.closeDms(ann);
    const channelId = emulator.createChannel('closed');
    await emulator.waitFor(() => bots[0].bot.client.channels.cache.has(channelId));
    await bots[0].service.lifecycle.startGame({
      guildId: emulator.guildId,
      channelId,
      players: { attackers: { id: bob.id, name: 'Bob' }, defenders: { id: ann.id, name: 'Ann' } },
      game: new Game('fetlar'),
    });
    await emulator.slash(bob, 'move', { move: 'd1-d3' }, { channelId }).reply();
    await bots[0].bot.sweep();
    const shown = await emulator.slash(ann, 'settings', {}).reply();
    expect(shown.content).toContain('Your direct messages are closed to the bot');
  });
});
