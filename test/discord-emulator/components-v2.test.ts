/**
 * The emulator's Components V2 messages, driven through its REST API by the real discord.js client:
 * a V2 board message is taken and recorded with its text as `content`, what Discord refuses of V2
 * is refused (400, 50035), and buttons nested in containers and sections can be clicked.
 */
import {
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  ContainerBuilder,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  type TextChannel,
  TextDisplayBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonIds } from '../bot/harness.ts';
import { IS_COMPONENTS_V2 } from './components-v2.ts';
import { type DiscordEmulator, type EmulatedUser, startDiscordEmulator } from './index.ts';

/** A 1×1 PNG: the board picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EPHEMERAL = 64;
const text = (content: string) => ({ type: 10, content });
const button = (customId: string) => ({ type: 2, style: 1, label: customId, custom_id: customId });
const gallery = (count: number) => ({
  type: 12,
  items: Array.from({ length: count }, (_, i) => ({ media: { url: `https://example.com/${i}.png` } })),
});

/** A board as a V2 message: a container with a title, the picture, a caption, a move button, a section. */
function boardContainer(): ContainerBuilder {
  return new ContainerBuilder()
    .setAccentColor(0x8b5a2b)
    .addTextDisplayComponents((display) => display.setContent('## Copenhagen: Ann vs Bob'))
    .addMediaGalleryComponents((gallery) =>
      gallery.addItems((item) => item.setURL('attachment://board.png').setDescription('the board')),
    )
    .addTextDisplayComponents((display) => display.setContent('Attackers to move'))
    .addActionRowComponents((row) =>
      row.addComponents(
        new ButtonBuilder().setCustomId('v2-move').setLabel('Move').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('v2-resign').setLabel('Resign').setStyle(ButtonStyle.Danger),
      ),
    )
    .addSectionComponents((section) =>
      section
        .addTextDisplayComponents((display) => display.setContent('Offer a draw?'))
        .setButtonAccessory((accessory) =>
          accessory.setCustomId('v2-draw').setLabel('Draw').setStyle(ButtonStyle.Secondary),
        ),
    );
}

async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isButton()) {
    // An update without flags: the message stays V2.
    await interaction.update({
      components: [
        new ContainerBuilder().addTextDisplayComponents((display) =>
          display.setContent(`${interaction.customId} by ${interaction.user.username}`),
        ),
      ],
    });
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'hint') {
    await interaction.reply({
      flags: MessageFlags.Ephemeral | MessageFlags.IsComponentsV2,
      components: [new TextDisplayBuilder().setContent('Only you see this')],
    });
  }
  if (interaction.commandName === 'early') {
    // A deferral takes no flag but EPHEMERAL: V2 comes with the edit of the original response.
    const code = await interaction.deferReply({ flags: MessageFlags.IsComponentsV2 as never }).then(
      () => 'taken',
      (error: { code?: number }) => String(error.code),
    );
    await interaction.reply({ content: `deferral with the flag: ${code}` });
  }
  if (interaction.commandName === 'board') {
    await interaction.deferReply();
    await interaction.editReply({
      flags: MessageFlags.IsComponentsV2,
      components: [boardContainer()],
      files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
    });
  }
}

describe('Components V2 messages in the Discord emulator', () => {
  let emulator: DiscordEmulator;
  let client: Client;
  let channel: TextChannel;
  let ann: EmulatedUser;
  const handlerErrors: unknown[] = [];
  const messagesPath = (): `/${string}` => `/channels/${emulator.channelId}/messages`;
  const messagePath = (id: string): `/${string}` => `${messagesPath()}/${id}`;

  /** Expects Discord's refusal of a form body, naming the rule broken. */
  async function refused(request: Promise<unknown>, why: RegExp): Promise<void> {
    const error = await request.then(
      () => new Error('taken'),
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ status: 400, code: 50035 });
    expect((error as Error).message).toMatch(why);
  }

  /** Posts a V2 message in the channel, straight through the REST API. */
  const postV2 = (components: unknown[], extra: Record<string, unknown> = {}) =>
    client.rest.post(messagesPath(), { body: { flags: IS_COMPONENTS_V2, components, ...extra } });

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    ann = emulator.addUser('Ann');
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    client.on(Events.InteractionCreate, (interaction) => {
      handle(interaction).catch((error) => handlerErrors.push(error));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(emulator.token);
    await ready;
    channel = (await client.channels.fetch(emulator.channelId)) as TextChannel;
  });

  afterAll(async () => {
    await client?.destroy();
    await emulator?.close();
    expect(handlerErrors).toEqual([]);
  });

  it('takes a V2 board message and records its layout, its text as content and the files it shows', async () => {
    const container = boardContainer();
    const sent = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [container],
      files: [
        new AttachmentBuilder(PNG, { name: 'board.png' }),
        new AttachmentBuilder(Buffer.from('not shown'), { name: 'notes.txt' }),
      ],
    });
    const recorded = emulator.messages(emulator.channelId).find((message) => message.id === sent.id)!;
    expect(recorded.flags).toBe(IS_COMPONENTS_V2);
    expect(recorded.components).toEqual([container.toJSON()]);
    expect(recorded.content).toBe('## Copenhagen: Ann vs Bob\nAttackers to move\nOffer a draw?');
    expect(recorded.attachments.map((file) => file.filename)).toEqual(['board.png', 'notes.txt']);
    expect(recorded.shownAttachments).toEqual(['board.png']);
    expect(buttonIds(recorded)).toEqual(['v2-move', 'v2-resign', 'v2-draw']);
    // Discord's JSON of a V2 message has no content: discord.js sees its components.
    expect(sent.content).toBe('');
    expect(sent.flags.has(MessageFlags.IsComponentsV2)).toBe(true);
    expect(sent.components).toHaveLength(1);
  });

  it('a button in a container and one in a section are clicked like those in a top-level row', async () => {
    const sent = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [boardContainer()],
      files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
    });
    const board = emulator.messages(emulator.channelId).find((message) => message.id === sent.id)!;
    // The emulator finds nested components by custom id: as Discord, it sends no select on a button.
    expect(() => emulator.choose(ann, board, 'v2-move', [])).toThrow(/v2-move is not a component of type 3/);
    expect(() => emulator.choose(ann, board, 'v2-draw', [])).toThrow(/v2-draw is not a component of type 3/);
    const updated = await emulator.clickButton(ann, board, 'v2-move').reply();
    expect(updated).toBe(board);
    expect(updated.content).toBe('v2-move by ann');
    expect(updated.flags).toBe(IS_COMPONENTS_V2);

    const second = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [boardContainer()],
      files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
    });
    const other = emulator.messages(emulator.channelId).find((message) => message.id === second.id)!;
    expect((await emulator.clickButton(ann, other, 'v2-draw').reply()).content).toBe('v2-draw by ann');
  });

  it('interaction answers take the flag: an ephemeral V2 reply, a deferred reply edited into V2', async () => {
    const hint = await emulator.slash(ann, 'hint').reply();
    expect(hint.flags).toBe(EPHEMERAL | IS_COMPONENTS_V2);
    expect(hint.content).toBe('Only you see this');
    expect((await emulator.slash(ann, 'early').reply()).content).toBe('deferral with the flag: 50035');
    const board = await emulator.slash(ann, 'board').reply();
    expect(board.flags).toBe(IS_COMPONENTS_V2);
    expect(board.content).toBe('## Copenhagen: Ann vs Bob\nAttackers to move\nOffer a draw?');
    expect(board.shownAttachments).toEqual(['board.png']);
  });

  it('refuses content, embeds or a poll with the flag, and V2 components without it', async () => {
    await refused(postV2([text('hi')], { content: 'hello' }), /content: .*cannot have content/);
    await refused(postV2([text('hi')], { embeds: [{ title: 't' }] }), /embeds: .*cannot have embeds/);
    await refused(
      postV2([text('hi')], { poll: { question: { text: 'q' }, answers: [] } }),
      /poll: .*cannot have a poll/,
    );
    await refused(
      client.rest.post(messagesPath(), { body: { components: [text('hi')] } }),
      /needs the IS_COMPONENTS_V2 flag/,
    );
  });

  it('refuses more than 40 components in all, nested ones counted, and takes 40', async () => {
    const texts = (count: number) => Array.from({ length: count }, (_, i) => text(`line ${i}`));
    await refused(postV2([{ type: 17, components: texts(40) }]), /at most 40 components, given 41/);
    await refused(
      postV2([
        {
          type: 17,
          components: [...texts(34), { type: 1, components: [1, 2, 3, 4, 5].map((i) => button(`b${i}`)) }],
        },
      ]),
      /given 41/,
    );
    await expect(postV2([{ type: 17, components: texts(39) }])).resolves.toMatchObject({
      flags: IS_COMPONENTS_V2,
    });
  });

  it('refuses more than 4000 characters across the text displays', async () => {
    await refused(
      postV2([text('a'.repeat(2000)), { type: 17, components: [text('b'.repeat(2001))] }]),
      /at most 4000 characters in all, given 4001/,
    );
    await expect(postV2([text('a'.repeat(2000)), text('b'.repeat(2000))])).resolves.toBeTruthy();
  });

  it('refuses a container in a container, a section of 4 texts, a gallery of 11 items', async () => {
    await refused(
      postV2([{ type: 17, components: [{ type: 17, components: [text('inner')] }] }]),
      /components\.0\.components\.0: a container cannot hold another container/,
    );
    await refused(
      postV2([{ type: 9, components: [1, 2, 3, 4].map((i) => text(`t${i}`)), accessory: button('s') }]),
      /components\.0\.components: a section holds 1 to 3 text displays/,
    );
    await refused(
      postV2([{ type: 9, components: [text('no accessory')] }]),
      /a section needs one accessory, a button or a thumbnail/,
    );
    await refused(postV2([gallery(11)]), /components\.0\.items: Must be between 1 and 10 in length/);
    await expect(postV2([gallery(10)])).resolves.toBeTruthy();
    await refused(
      postV2([
        { type: 17, components: [{ type: 1, components: [1, 2, 3, 4, 5, 6].map((i) => button(`r${i}`)) }] },
      ]),
      /components\.0\.components\.0\.components: between 1 and 5/,
    );
  });

  it('refuses an attachment:// URL that names no file of the message', async () => {
    const picture = (url: string) => [{ type: 12, items: [{ media: { url } }] }];
    await refused(postV2(picture('attachment://board.png')), /attachment:\/\/board\.png names no file/);
    await refused(
      client.rest.post(messagesPath(), {
        body: { flags: IS_COMPONENTS_V2, components: picture('attachment://board.png') },
        files: [{ name: 'other.png', data: PNG }],
      }),
      /names no file/,
    );
    await refused(
      postV2([{ type: 13, file: { url: 'https://example.com/rules.pdf' } }]),
      /a file component only takes attachment:\/\/ URLs/,
    );
    const thumbnail = [
      { type: 9, components: [text('t')], accessory: { type: 11, media: { url: 'attachment://x.png' } } },
    ];
    await refused(postV2(thumbnail), /accessory\.media\.url: attachment:\/\/x\.png names no file/);
    // On an edit, a file kept from the message may be named; one the edit drops may not.
    const sent = (await client.rest.post(messagesPath(), {
      body: { flags: IS_COMPONENTS_V2, components: picture('attachment://board.png') },
      files: [{ name: 'board.png', data: PNG }],
    })) as { id: string };
    const path = messagePath(sent.id);
    await expect(
      client.rest.patch(path, {
        body: { components: [text('moved'), ...picture('attachment://board.png')] },
      }),
    ).resolves.toBeTruthy();
    await refused(
      client.rest.patch(path, { body: { attachments: [], components: picture('attachment://board.png') } }),
      /names no file/,
    );
  });

  it('keeps the flag: an edit cannot remove it, an edit without flags stays V2', async () => {
    const sent = (await postV2([text('first')])) as { id: string };
    const path = messagePath(sent.id);
    await refused(
      client.rest.patch(path, { body: { flags: 0, content: 'plain again' } }),
      /IS_COMPONENTS_V2 cannot be removed/,
    );
    await refused(client.rest.patch(path, { body: { flags: 0 } }), /cannot be removed/);
    await refused(client.rest.patch(path, { body: { content: 'text' } }), /cannot have content/);
    const edited = (await client.rest.patch(path, { body: { components: [text('second')] } })) as {
      flags: number;
      content: string;
    };
    expect(edited).toMatchObject({ flags: IS_COMPONENTS_V2, content: '' });
    expect(emulator.messages(emulator.channelId).find((message) => message.id === sent.id)?.content).toBe(
      'second',
    );
  });

  it('adds the flag by an edit only when the edit empties the content and embeds (Edit Message)', async () => {
    const legacy = await channel.send({ content: 'old board', embeds: [{ title: 'Board' }] });
    const path = messagePath(legacy.id);
    await refused(
      client.rest.patch(path, { body: { flags: IS_COMPONENTS_V2, components: [text('new board')] } }),
      /cannot have content; embeds: .*cannot have embeds/,
    );
    await refused(
      client.rest.patch(path, { body: { flags: IS_COMPONENTS_V2, content: null, components: [text('b')] } }),
      /cannot have embeds/,
    );
    const recorded = emulator.messages(emulator.channelId).find((message) => message.id === legacy.id)!;
    expect(recorded).toMatchObject({ content: 'old board', flags: 0 });
    await client.rest.patch(path, {
      body: { flags: IS_COMPONENTS_V2, content: null, embeds: [], components: [text('new board')] },
    });
    expect(recorded).toMatchObject({ content: 'new board', flags: IS_COMPONENTS_V2, embeds: [] });
  });
});
