/**
 * The Discord emulator, proved with the real discord.js client: it logs in, receives interactions and
 * answers them, and what it sent is what the emulator recorded.
 */
import { createInflate } from 'node:zlib';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  type TextChannel,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seededRandom } from '../src/core/seeded-random.ts';
import { type DiscordEmulator, type EmulatedUser, startDiscordEmulator } from './discord-emulator/index.ts';

/** A 1×1 PNG; its signature holds CR LF bytes, which a careless multipart parser would mangle. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * Random-looking bytes with boundary-looking lines inside, from a fixed seed: truly random bytes
 * sometimes begin with a known file signature, and the client then labels them with its type.
 */
const noiseBytes = (seed: number, length: number) => {
  const random = seededRandom(seed);
  return Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
};
const NOISE = Buffer.concat([
  noiseBytes(1, 40_000),
  Buffer.from('\r\n--\r\n--boundary--\r\n'),
  noiseBytes(2, 40_000),
]);
const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const definitions = [
  new SlashCommandBuilder().setName('plain').setDescription('Replies in the open'),
  new SlashCommandBuilder().setName('secret').setDescription('Replies only to you'),
  new SlashCommandBuilder().setName('picture').setDescription('Defers, then sends a picture'),
  new SlashCommandBuilder().setName('buttons').setDescription('Shows a button'),
  new SlashCommandBuilder().setName('thread').setDescription('Opens threads'),
  new SlashCommandBuilder().setName('chain').setDescription('Follow-ups, edits, a deletion'),
  new SlashCommandBuilder().setName('form').setDescription('Opens a modal'),
  new SlashCommandBuilder()
    .setName('echo')
    .setDescription('Says back its options')
    .addStringOption((o) => o.setName('text').setDescription('t').setRequired(true))
    .addIntegerOption((o) => o.setName('count').setDescription('c'))
    .addBooleanOption((o) => o.setName('loud').setDescription('l'))
    .addUserOption((o) => o.setName('who').setDescription('w')),
  new SlashCommandBuilder()
    .setName('fruit')
    .setDescription('Picks a fruit')
    .addStringOption((o) => o.setName('name').setDescription('n').setAutocomplete(true)),
].map((builder) => builder.toJSON());

async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused()).toLowerCase();
    const matches = FRUITS.filter((fruit) => fruit.startsWith(typed));
    await interaction.respond(matches.map((fruit) => ({ name: fruit.toUpperCase(), value: fruit })));
    return;
  }
  if (interaction.isButton() && interaction.customId === 'later') {
    await interaction.deferUpdate();
    await interaction.editReply({ content: 'decided later' });
    return;
  }
  if (interaction.isButton()) {
    await interaction.update({
      content: `${interaction.customId} pressed by ${interaction.user.username}`,
      components: [],
    });
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  switch (interaction.commandName) {
    case 'plain':
      await interaction.reply({ content: 'pong', allowedMentions: { parse: [] } });
      return;
    case 'secret':
      await interaction.reply({ content: 'hush', flags: MessageFlags.Ephemeral });
      return;
    case 'picture':
      await interaction.deferReply();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await interaction.editReply({
        content: 'the board',
        files: [
          new AttachmentBuilder(PNG, { name: 'board.png' }),
          new AttachmentBuilder(NOISE, { name: 'noise.bin' }),
        ],
      });
      return;
    case 'buttons': {
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('accept').setLabel('Accept').setStyle(ButtonStyle.Success),
      );
      await interaction.reply({ content: 'Will you?', components: [row] });
      return;
    }
    case 'echo': {
      const who = interaction.options.getUser('who');
      const member = interaction.options.getMember('who');
      await interaction.reply(
        JSON.stringify({
          text: interaction.options.getString('text', true),
          count: interaction.options.getInteger('count'),
          loud: interaction.options.getBoolean('loud'),
          who: who?.username ?? null,
          memberIsCached: member !== null && interaction.guild?.members.cache.get(who?.id ?? '') === member,
          by: interaction.user.username,
          channel: interaction.channel?.id ?? null,
        }),
      );
      return;
    }
    case 'chain': {
      await interaction.reply('one');
      const second = await interaction.followUp('two');
      await interaction.editReply({ message: second, content: 'two, edited' });
      const original = await interaction.fetchReply();
      await interaction.followUp({
        content: `original was ${original.content}`,
        flags: MessageFlags.Ephemeral,
      });
      await interaction.deleteReply();
      return;
    }
    case 'form': {
      const input = new TextInputBuilder().setCustomId('why').setLabel('Why?').setStyle(TextInputStyle.Short);
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('reason')
          .setTitle('Reason')
          .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
      );
      return;
    }
    case 'thread': {
      const channel = interaction.channel as TextChannel;
      const thread = await channel.threads.create({ name: 'side room', type: ChannelType.PublicThread });
      const response = await interaction.reply({ content: 'threads ahead', withResponse: true });
      const message = response.resource?.message;
      const fromMessage = await message?.startThread({ name: 'from the reply' });
      await interaction.followUp({
        content: `${thread.id} ${thread.parentId} ${fromMessage?.id} ${fromMessage?.isThread()}`,
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
  }
}

describe('the Discord emulator with the real discord.js client', () => {
  let emulator: DiscordEmulator;
  let client: Client;
  let ann: EmulatedUser;
  let bob: EmulatedUser;
  const handlerErrors: unknown[] = [];

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    ann = emulator.addUser('Ann');
    bob = emulator.addUser('Bob');
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    client.on(Events.InteractionCreate, (interaction) => {
      handle(interaction).catch((error) => handlerErrors.push(error));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(emulator.token);
    await ready;
  });

  afterAll(async () => {
    await client?.destroy();
    await emulator?.close();
    expect(handlerErrors).toEqual([]);
  });

  it('logs in: READY and GUILD_CREATE fill the caches', () => {
    expect(client.user?.id).toBe(emulator.botUser.id);
    expect(client.user?.bot).toBe(true);
    expect(client.application?.id).toBe(emulator.applicationId);
    const guild = client.guilds.cache.get(emulator.guildId);
    expect(guild?.available).toBe(true);
    expect(guild?.channels.cache.get(emulator.channelId)?.type).toBe(ChannelType.GuildText);
    expect(guild?.members.cache.get(ann.id)?.user.globalName).toBe('Ann');
    expect(guild?.members.me?.permissions.has('SendMessages')).toBe(true);
    expect(emulator.gatewayQueries()[0]).toMatchObject({ v: '10', encoding: 'json' });
    expect(emulator.identifyIntents()).toEqual([GatewayIntentBits.Guilds]);
    expect(emulator.calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /gateway/bot');
  });

  it('records command registration', async () => {
    const writes = emulator.commandWrites;
    const registered = await client.application!.commands.set(definitions);
    expect(emulator.commandWrites).toBe(writes + 1);
    expect(emulator.commands().map((command) => command.name)).toEqual(definitions.map((d) => d.name));
    expect(registered.get(emulator.commands()[0].id)?.name).toBe('plain');
    expect(
      emulator
        .commands()
        .find((c) => c.name === 'echo')
        ?.options.map((o: { type: number }) => o.type),
    ).toEqual([3, 4, 5, 6]);

    await client.guilds.cache.get(emulator.guildId)!.commands.set([definitions[0]]);
    expect(emulator.commandWrites).toBe(writes + 2);
    expect(emulator.commands({ guildId: emulator.guildId })).toMatchObject([
      { name: 'plain', guild_id: emulator.guildId, application_id: emulator.applicationId },
    ]);
    const put = emulator.calls.filter((call) => call.method === 'PUT');
    expect(put.map((call) => call.path)).toEqual([
      `/applications/${emulator.applicationId}/commands`,
      `/applications/${emulator.applicationId}/guilds/${emulator.guildId}/commands`,
    ]);
    // A registration again replaces, and keeps the ids.
    const ids = emulator.commands().map((command) => command.id);
    await client.application!.commands.set(definitions);
    expect(emulator.commands().map((command) => command.id)).toEqual(ids);
    expect(emulator.commandWrites).toBe(writes + 3);
  });

  it('a plain reply is a public message with its allowed mentions', async () => {
    const handle = emulator.slash(ann, 'plain');
    const first = await handle.firstResponse();
    expect(first.type).toBe(4);
    expect(first.at).toBeGreaterThan(handle.sentAt);
    const reply = await handle.reply();
    expect(reply).toMatchObject({
      channelId: emulator.channelId,
      content: 'pong',
      flags: 0,
      ephemeral: false,
      interactionId: handle.id,
      allowedMentions: { parse: [] },
      editedTimes: 0,
    });
    expect(emulator.messages(emulator.channelId)).toContain(reply);
  });

  it('an ephemeral reply carries flag 64 and is not among the channel messages', async () => {
    const reply = await emulator.slash(bob, 'secret').reply();
    expect(reply.content).toBe('hush');
    expect(reply.flags).toBe(64);
    expect(reply.ephemeral).toBe(true);
    expect(emulator.messages()).not.toContain(reply);
    expect(emulator.allMessages()).toContain(reply);
  });

  it('a deferred reply, then editReply with a PNG built from a Buffer', async () => {
    const handle = emulator.slash(ann, 'picture');
    const first = await handle.firstResponse();
    expect(first).toMatchObject({ type: 5, data: { flags: 0 } });
    const reply = await handle.reply();
    expect(reply.content).toBe('the board');
    expect(reply.editedTimes).toBe(1);
    expect(reply.flags).toBe(0);
    expect(reply.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['board.png', 'image/png'],
      ['noise.bin', 'application/octet-stream'],
    ]);
    expect(reply.attachments[0].data.equals(PNG)).toBe(true);
    expect(reply.attachments[1].data.equals(NOISE)).toBe(true);
    const edit = emulator.calls.find(
      (call) => call.method === 'PATCH' && call.path.endsWith('/messages/@original'),
    );
    expect(edit?.files).toHaveLength(2);
    expect(edit?.body).toMatchObject({ content: 'the board', attachments: [{ id: '0' }, { id: '1' }] });
  });

  it('string, integer, boolean and user options reach the handler', async () => {
    const reply = await emulator
      .slash(ann, 'echo', { text: 'hello', count: 3, loud: true, who: bob })
      .reply();
    expect(JSON.parse(reply.content)).toEqual({
      text: 'hello',
      count: 3,
      loud: true,
      who: 'bob',
      memberIsCached: true,
      by: 'ann',
      channel: emulator.channelId,
    });
  });

  it('autocomplete answers with choices', async () => {
    expect(await emulator.autocomplete(ann, 'fruit', { name: 'ap' }, 'name')).toEqual([
      { name: 'APPLE', value: 'apple' },
      { name: 'APRICOT', value: 'apricot' },
    ]);
    expect(await emulator.autocomplete(ann, 'fruit', { name: 'zz' }, 'name')).toEqual([]);
  });

  it('a button click reaches isButton() and update() edits the message it sits on', async () => {
    const question = await emulator.slash(ann, 'buttons').reply();
    expect(question.components).toEqual([
      {
        type: 1,
        components: [{ type: 2, custom_id: 'accept', label: 'Accept', style: ButtonStyle.Success }],
      },
    ]);
    const click = emulator.clickButton(bob, question, 'accept');
    expect((await click.firstResponse()).type).toBe(7);
    const updated = await click.reply();
    expect(updated).toBe(question);
    expect(updated).toMatchObject({ content: 'accept pressed by bob', components: [], editedTimes: 1 });
    expect(emulator.messages().filter((message) => message.id === question.id)).toHaveLength(1);
  });

  it('deferUpdate then editReply edits the clicked message', async () => {
    const question = await emulator.slash(ann, 'buttons').reply();
    const click = emulator.clickButton(ann, question, 'later');
    expect(await click.firstResponse()).toMatchObject({ type: 6 });
    const updated = await click.reply();
    expect(updated.id).toBe(question.id);
    expect(updated.content).toBe('decided later');
    // An edit names only content: the buttons stay.
    expect(updated.components).toHaveLength(1);
  });

  it('follow-ups, edits by id, fetchReply and deleteReply', async () => {
    const handle = emulator.slash(bob, 'chain');
    const reply = await handle.reply();
    await emulator.waitFor(() => reply.deleted);
    expect(
      handle.followUps().map((message) => [message.content, message.ephemeral, message.editedTimes]),
    ).toEqual([
      ['two, edited', false, 1],
      ['original was one', true, 0],
    ]);
    expect(emulator.messages().map((message) => message.id)).not.toContain(reply.id);
    expect(emulator.messages().map((message) => message.id)).toContain(handle.followUps()[0].id);
    const methods = emulator.calls
      .filter((call) => call.path.startsWith(`/webhooks/${emulator.applicationId}/`))
      .slice(-5)
      .map((call) => `${call.method} ${call.path.replace(/^\/webhooks\/\d+\/[^/]+/, '')}`);
    expect(methods).toEqual([
      'POST ',
      `PATCH /messages/${handle.followUps()[0].id}`,
      'GET /messages/@original',
      'POST ',
      'DELETE /messages/@original',
    ]);
  });

  it('showModal answers with callback type 9', async () => {
    const response = await emulator.slash(ann, 'form').firstResponse();
    expect(response.type).toBe(9);
    expect(response.data).toMatchObject({
      custom_id: 'reason',
      title: 'Reason',
      components: [{ type: 1, components: [{ type: 4, custom_id: 'why', label: 'Why?', style: 1 }] }],
    });
  });

  it('threads: channel.threads.create and message.startThread', async () => {
    const channelId = emulator.createChannel('games');
    await emulator.waitFor(() => client.channels.cache.has(channelId));
    const handle = emulator.slash(ann, 'thread', {}, { channelId });
    const reply = await handle.reply();
    const note = await emulator.waitFor(() => handle.followUps()[0]);
    const threads = emulator.threads().filter((thread) => thread.parentId === channelId);
    expect(threads.map((thread) => thread.name)).toEqual(['side room', 'from the reply']);
    // A thread started from a message has the message's id.
    expect(threads[1].id).toBe(reply.id);
    expect(note.content).toBe(`${threads[0].id} ${channelId} ${reply.id} true`);
    expect(note.ephemeral).toBe(true);
    const cached = client.channels.cache.get(threads[0].id);
    expect(cached?.isThread() && cached.parentId).toBe(channelId);
  });

  it('the bot can post, fetch and edit channel messages', async () => {
    const channel = (await client.channels.fetch(emulator.channelId)) as TextChannel;
    const sent = await channel.send({ content: 'hello <@everyone>', allowedMentions: { parse: [] } });
    const recorded = emulator.messages(emulator.channelId).find((message) => message.id === sent.id);
    expect(recorded).toMatchObject({ content: 'hello <@everyone>', allowedMentions: { parse: [] } });
    await sent.edit('edited');
    const fetched = await channel.messages.fetch({ message: sent.id, force: true });
    expect(fetched.content).toBe('edited');
    expect(recorded?.editedTimes).toBe(1);
    expect(fetched.author.id).toBe(emulator.botUser.id);
    const member = await client.guilds.cache
      .get(emulator.guildId)!
      .members.fetch({ user: ann.id, force: true });
    expect(member.user.username).toBe('ann');
  });

  it('refuses what Discord refuses: oversized content, embeds and thread names (50035)', async () => {
    const channel = (await client.channels.fetch(emulator.channelId)) as TextChannel;
    const refused = { status: 400, code: 50035 };
    await expect(channel.send({ content: 'x'.repeat(2001) })).rejects.toMatchObject(refused);
    const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    for (const embed of [
      { description: 'd'.repeat(4097) },
      { fields: [{ name: 'n', value: 'v'.repeat(1025) }] },
      { fields },
      {
        description: 'd'.repeat(4000),
        fields: [
          { name: 'n', value: 'v'.repeat(1000) },
          { name: 'n', value: 'v'.repeat(1001) },
        ],
      },
    ])
      await expect(
        client.rest.post(`/channels/${channel.id}/messages`, { body: { embeds: [embed] } }),
      ).rejects.toMatchObject(refused);
    await expect(channel.threads.create({ name: 't'.repeat(101) })).rejects.toMatchObject(refused);
    const fits = await channel.send({ content: `${'x'.repeat(1999)}😀` });
    expect(fits.content).toHaveLength(2001);
  });

  it('unknown routes answer 404 and are recorded', async () => {
    await expect(client.rest.get('/nothing/here')).rejects.toMatchObject({ status: 404 });
    expect(emulator.unknownRoutes.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /nothing/here',
    ]);
    emulator.unknownRoutes.length = 0;
  });

  it('after dropped connections the client resumes and interactions flow again', async () => {
    const before = emulator.gatewayCounts();
    emulator.dropGatewayConnections();
    await emulator.waitFor(
      () => emulator.gatewayCounts().resumes > before.resumes && emulator.readySessions() === 1,
      15_000,
    );
    expect(emulator.gatewayCounts().identifies).toBe(before.identifies);
    expect((await emulator.slash(ann, 'plain').reply()).content).toBe('pong');
    // A channel created while the bot was away is replayed on RESUME.
    emulator.dropGatewayConnections();
    const channelId = emulator.createChannel('while-away');
    await emulator.waitFor(() => client.channels.cache.has(channelId), 15_000);
  });

  it('a bad token fails login', async () => {
    const stranger = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    await expect(stranger.login('not.a.token')).rejects.toMatchObject({ code: 'TokenInvalid' });
    await stranger.destroy();
  });

  it('the raw gateway: 4004 for a bad token, heartbeat ACKs, zlib-stream', async () => {
    const url = (await client.rest.get('/gateway/bot')) as { url: string };
    const closed = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${url.url}?v=10&encoding=json`);
      socket.on('message', () =>
        socket.send(JSON.stringify({ op: 2, d: { token: 'nope', properties: {}, intents: 1 } })),
      );
      socket.on('close', (code) => resolve(code));
    });
    expect(closed).toBe(4004);

    const socket = new WebSocket(`${url.url}?v=10&encoding=json&compress=zlib-stream`);
    const inflate = createInflate();
    const payloads: { op: number; t?: string | null; d?: unknown }[] = [];
    let text = '';
    inflate.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      try {
        payloads.push(JSON.parse(text));
        text = '';
      } catch {
        // a partial payload: wait for the rest
      }
    });
    socket.on('message', (data: Buffer) => inflate.write(data));
    await emulator.waitFor(() => payloads.length >= 1);
    expect(payloads[0]).toMatchObject({ op: 10, d: { heartbeat_interval: 41_250 } });
    socket.send(JSON.stringify({ op: 1, d: null }));
    await emulator.waitFor(() => payloads.length >= 2);
    expect(payloads[1]).toMatchObject({ op: 11 });
    socket.send(JSON.stringify({ op: 2, d: { token: emulator.token, properties: {}, intents: 1 } }));
    await emulator.waitFor(() => payloads.some((payload) => payload.t === 'GUILD_CREATE'));
    expect(payloads.map((payload) => payload.t ?? payload.op)).toEqual([10, 11, 'READY', 'GUILD_CREATE']);
    expect(payloads[2].d).toMatchObject({
      user: { id: emulator.botUser.id },
      application: { id: emulator.applicationId },
    });
    socket.close();
  });
});

describe('heartbeats with the real client', () => {
  it('a short heartbeat interval is kept up with and ACKed, without zombie reconnects', async () => {
    const emulator = await startDiscordEmulator({ token: 'custom.token.value', heartbeatIntervalMs: 40 });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    try {
      expect(emulator.token).toBe('custom.token.value');
      await client.login('custom.token.value');
      await emulator.waitFor(() => client.ws.ping >= 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(emulator.gatewayCounts()).toEqual({ identifies: 1, resumes: 0 });
      expect(emulator.readySessions()).toBe(1);
    } finally {
      await client.destroy();
      await emulator.close();
    }
  });
});
