/**
 * A server's own variant through the real client and the emulator: a moderator adds it from an
 * OpenTafl rules string, members find it in autocomplete, play it to its end by its own rule,
 * export it with its rules string, see its standings; then it becomes the default and goes.
 */
import { describe, expect, it } from 'vitest';
import { parseOpenTaflRules } from '../../src/engine/index.ts';
import { acceptedChallenge, fileWorld, tableAt } from './harness.ts';

/** Brandubh, but the king escapes to any edge square. */
const EDGE_BRANDUBH = 'dim:7 esc:e cor: atkf:y ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
/** The king steps down and runs to a3: an edge square, no corner. */
const EDGE_ESCAPE = ['a4-a2', 'd3-e3', 'a2-a1', 'd4-d3', 'a1-a2', 'd3-a3'];
/** Discord's Send Messages permission alone: a member who may not manage the server. */
const SEND_MESSAGES = String(1 << 11);

const world = fileWorld();
const mod = world.user('Mod');
const moderator = world.user('Moderatorin', { locale: 'de' });
const ann = world.user('Ann', { permissions: SEND_MESSAGES });
const bob = world.user('Bob', { permissions: SEND_MESSAGES });

const text = (message: { content: string; embeds: unknown[] }) =>
  message.content + JSON.stringify(message.embeds);

describe('a server variant from an OpenTafl rules string', () => {
  it('a moderator adds it; a bad string is refused naming its entry, in the moderator’s language', async () => {
    const added = await world.emulator
      .slash(mod, 'variant add', { name: 'Edge Brandubh', rules: EDGE_BRANDUBH })
      .reply();
    expect(added.ephemeral).toBe(false);
    expect(added.content).toContain('Added **Edge Brandubh** (`server:edge-brandubh`)');

    const refused = await world.emulator
      .slash(mod, 'variant add', { name: 'Linnaean', rules: `${EDGE_BRANDUBH} linc:y` })
      .reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('`linc:y` (Linnaean capture) is not supported');
    const german = await world.emulator
      .slash(moderator, 'variant add', { name: 'Gerade', rules: 'dim:8 start:/8/8/8/3K4/8/8/8/8/' })
      .reply();
    expect(german.ephemeral).toBe(true);
    expect(german.content).toContain('die Brettgröße muss eine ungerade Zahl von 7 bis 19 sein');

    const list = await world.emulator.slash(ann, 'variant list', {}).reply();
    expect(list.ephemeral).toBe(true);
    expect(text(list)).toContain('server:edge-brandubh');
    expect(text(list)).not.toContain('Linnaean');
    expect(text(list)).not.toContain('Gerade');
  });

  it('a member who may not manage the server cannot add, remove or choose one', async () => {
    for (const [command, options] of [
      ['variant add', { name: 'Mine', rules: EDGE_BRANDUBH }],
      ['variant remove', { variant: 'server:edge-brandubh' }],
      ['variant default', { variant: 'server:edge-brandubh' }],
    ] as const) {
      const reply = await world.emulator.slash(ann, command, options).reply();
      expect(reply.ephemeral, command).toBe(true);
      expect(reply.content).toContain('Only members who may manage the server');
    }
    const list = await world.emulator.slash(ann, 'variant list', {}).reply();
    expect(text(list)).toContain('server:edge-brandubh');
    expect(text(list)).not.toContain('Mine');
  });

  it('autocomplete offers it beside the bot’s own variants', async () => {
    const typed = await world.emulator.autocomplete(ann, 'challenge', { variant: 'edge' }, 'variant');
    expect(typed).toEqual([{ name: 'Edge Brandubh (server:edge-brandubh)', value: 'server:edge-brandubh' }]);
    const all = await world.emulator.autocomplete(ann, 'challenge', { variant: '' }, 'variant');
    expect(all.map((choice) => choice.value)).toEqual(
      expect.arrayContaining(['fetlar', 'server:edge-brandubh']),
    );
    const removable = await world.emulator.autocomplete(mod, 'variant remove', { variant: '' }, 'variant');
    expect(removable.map((choice) => choice.value)).toEqual(['server:edge-brandubh']);
  });

  it('a game in it is won by its own rule, exported with its rules string, and rated under it', async () => {
    const channelId = world.emulator.createChannel('house-rules');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    await acceptedChallenge(
      world.emulator,
      ann,
      bob,
      { variant: 'server:edge-brandubh', side: 'attackers' },
      { channelId },
    );
    let last = '';
    for (const [index, move] of EDGE_ESCAPE.entries()) {
      const player = index % 2 === 0 ? ann : bob;
      const reply = await world.emulator.slash(player, 'move', { move }, { channelId }).reply();
      expect(reply.ephemeral, `${move}: ${reply.content}`).toBe(false);
      last = reply.content;
    }
    expect(last).toContain('**Game over.**');
    expect(last).toContain('The king escaped to a3');

    const exported = await world.emulator.slash(bob, 'export', {}, { channelId }).reply();
    const [file] = exported.attachments;
    expect(file.filename).toMatch(/^tafl-server-edge-brandubh-\d{4}-\d{2}-\d{2}\.txt$/);
    const record = file.data.toString('utf8');
    expect(record).toContain('[variant:Edge Brandubh]');
    const rulesLine = record.split('\n').find((line) => line.startsWith('dim:')) ?? '';
    expect(parseOpenTaflRules(rulesLine)).toMatchObject({
      size: 7,
      escapeSquares: 'edge',
      name: 'Edge Brandubh',
    });
    expect(record).toContain('2. a2-a1 d4-d3\n3. a1-a2 d3-a3');

    const standings = await world.emulator
      .slash(ann, 'standings', { variant: 'server:edge-brandubh' }, { channelId })
      .reply();
    expect(text(standings)).toContain('Edge Brandubh');
    expect(text(standings)).toMatch(/1 {2}Bob\s+1\s+1\s+0\s+0\s+1\s+1662/);

    const rules = await world.emulator.slash(ann, 'rules', { variant: 'server:edge-brandubh' }).reply();
    expect(text(rules)).toContain('any edge square');
    expect(text(rules)).toContain('esc:e');
  });

  it('as the default, /challenge without a variant plays it; removed, it is gone from every choice', async () => {
    const set = await world.emulator
      .slash(mod, 'variant default', { variant: 'server:edge-brandubh' })
      .reply();
    expect(set.content).toContain('now plays **Edge Brandubh**');
    const channelId = world.emulator.createChannel('default-variant');
    await world.emulator.waitFor(() => world.bots[0].bot.client.channels.cache.has(channelId));
    const challenge = await world.emulator.slash(ann, 'challenge', { opponent: bob }, { channelId }).reply();
    expect(challenge.content).toContain('Edge Brandubh');

    const removed = await world.emulator
      .slash(mod, 'variant remove', { variant: 'server:edge-brandubh' })
      .reply();
    expect(removed.content).toContain('Removed **Edge Brandubh**');
    const typed = await world.emulator.autocomplete(ann, 'challenge', { variant: 'edge' }, 'variant');
    expect(typed).toEqual([]);
    const refused = await world.emulator
      .slash(
        ann,
        'challenge',
        { opponent: bob, variant: 'server:edge-brandubh' },
        { channelId: world.emulator.createChannel('after') },
      )
      .reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('There is no variant "server:edge-brandubh" here');
    // The challenge made before it went still starts a game by its rules.
    const started = await world.emulator
      .clickButton(
        bob,
        challenge,
        `challenge:accept:${challenge.components[0].components[0].custom_id.split(':')[2]}`,
      )
      .reply();
    expect(started.content).toContain('accepted');
    const active = await world.bots[0].service.play.board(tableAt(world.emulator, channelId));
    expect(active?.game.variant.escapeSquares).toBe('edge');
  });
});
