/**
 * The emulator's user-installed app, proved with the real discord.js client: members who installed the
 * app use its commands in a DM between users, a group DM, a guild without the bot and the bot's own DM;
 * the payloads say so as Discord does, the bot answers through the interaction's token, and its own
 * REST calls on channels it is not in are refused.
 */
import {
  ActionRowBuilder,
  ApplicationIntegrationType,
  ButtonBuilder,
  ButtonStyle,
  type ChatInputCommandInteraction,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type Interaction,
  InteractionContextType,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordEmulator, type EmulatedUser, startDiscordEmulator } from './index.ts';

const EVERYWHERE = [
  InteractionContextType.Guild,
  InteractionContextType.BotDM,
  InteractionContextType.PrivateChannel,
];
const BOTH_INSTALLS = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall];

const definitions = [
  new SlashCommandBuilder()
    .setName('duel')
    .setDescription('Offers a game here')
    .setIntegrationTypes(BOTH_INSTALLS)
    .setContexts(EVERYWHERE)
    .addUserOption((o) => o.setName('rival').setDescription('r')),
  new SlashCommandBuilder()
    .setName('board')
    .setDescription('Defers, then shows the board twice')
    .setIntegrationTypes(BOTH_INSTALLS)
    .setContexts(EVERYWHERE),
  new SlashCommandBuilder()
    .setName('standings')
    .setDescription('Guild only')
    .setContexts(InteractionContextType.Guild),
  new SlashCommandBuilder()
    .setName('profile')
    .setDescription('User install, guilds only')
    .setIntegrationTypes(BOTH_INSTALLS)
    .setContexts(InteractionContextType.Guild),
  new SlashCommandBuilder().setName('help').setDescription('No contexts given'),
  new SlashCommandBuilder()
    .setName('opening')
    .setDescription('Suggests openings')
    .setIntegrationTypes(BOTH_INSTALLS)
    .setContexts(EVERYWHERE)
    .addStringOption((o) => o.setName('name').setDescription('n').setAutocomplete(true)),
].map((builder) => builder.toJSON());

/** What the bot saw of an interaction, as discord.js parsed it. */
function seenAs(interaction: Interaction) {
  return {
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    context: interaction.context,
    owners: {
      guild: interaction.authorizingIntegrationOwners[ApplicationIntegrationType.GuildInstall] ?? null,
      user: interaction.authorizingIntegrationOwners[ApplicationIntegrationType.UserInstall] ?? null,
    },
    user: interaction.user.id,
    member: interaction.member !== null,
    appPermissions: interaction.appPermissions.bitfield.toString(),
  };
}

async function handle(interaction: Interaction, seen: Interaction[]): Promise<void> {
  seen.push(interaction);
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused());
    await interaction.respond([{ name: `${typed} gambit (context ${interaction.context})`, value: typed }]);
    return;
  }
  if (interaction.isButton()) {
    await interaction.update({ content: `accepted by ${interaction.user.username}`, components: [] });
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === 'board') {
    await interaction.deferReply();
    await interaction.editReply('the board');
    await interaction.followUp('your move');
    return;
  }
  if (interaction.commandName === 'duel') {
    const rival = interaction.options.getUser('rival');
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('accept').setLabel('Accept').setStyle(ButtonStyle.Success),
    );
    await interaction.reply({
      content: `${interaction.user.username} challenges ${rival?.username ?? 'anyone'}`,
      components: [row],
    });
    return;
  }
  await interaction.reply(interaction.commandName);
}

describe('user-installed apps in the Discord emulator, with the real discord.js client', () => {
  let emulator: DiscordEmulator;
  let client: Client;
  let ann: EmulatedUser;
  let bob: EmulatedUser;
  let cleo: EmulatedUser;
  const seen: Interaction[] = [];
  const raw: { t: string | null; d: any }[] = [];
  const handlerErrors: unknown[] = [];

  /** The INTERACTION_CREATE payload the gateway sent for an interaction. */
  const payloadOf = (id: string) =>
    raw.find((packet) => packet.t === 'INTERACTION_CREATE' && packet.d.id === id)?.d;
  const interactionOf = (id: string) => seen.find((interaction) => interaction.id === id);

  beforeAll(async () => {
    emulator = await startDiscordEmulator();
    ann = emulator.addUser('Ann', { locale: 'fr' });
    bob = emulator.addUser('Bob');
    cleo = emulator.addUser('Cleo');
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emulator.apiUrl } });
    client.on(Events.Raw, (packet: { t: string | null; d: any }) => raw.push(packet));
    client.on(Events.InteractionCreate, (interaction) => {
      handle(interaction, seen).catch((error) => handlerErrors.push(error));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(emulator.token);
    await ready;
    await client.application!.commands.set(definitions);
  });

  afterAll(async () => {
    await client?.destroy();
    await emulator?.close();
    expect(handlerErrors).toEqual([]);
  });

  it('records integration_types and contexts, with Discord defaults when absent', () => {
    const byName = (name: string) => emulator.commands().find((command) => command.name === name);
    expect(byName('duel')).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    expect(byName('standings')).toMatchObject({ integration_types: [0], contexts: [0] });
    expect(byName('help')).toMatchObject({ integration_types: [0], contexts: null });
  });

  it('a slash command in a DM between two users arrives as a user install, and its reply is that channel’s', async () => {
    emulator.installForUser(ann);
    const dm = emulator.createDm(ann, bob);
    const handle = emulator.slash(ann, 'duel', { rival: bob }, { channelId: dm });
    const reply = await handle.reply();
    expect(reply).toMatchObject({ channelId: dm, content: 'ann challenges bob', ephemeral: false });
    expect(emulator.messages(dm)).toEqual([reply]);

    const payload = payloadOf(handle.id);
    expect(payload).not.toHaveProperty('guild_id');
    expect(payload).not.toHaveProperty('guild');
    expect(payload).not.toHaveProperty('member');
    expect(payload).not.toHaveProperty('guild_locale');
    expect(payload).toMatchObject({
      channel_id: dm,
      channel: { id: dm, type: 1, recipients: [{ id: bob.id }] },
      user: { id: ann.id },
      context: 2,
      authorizing_integration_owners: { '1': ann.id },
      app_permissions: '180224',
      locale: 'fr',
    });
    expect(Object.keys(payload.authorizing_integration_owners)).toEqual(['1']);
    // A user option resolves to a user alone: there is no guild to be a member of.
    expect(payload.data.resolved).toEqual({ users: { [bob.id]: expect.objectContaining({ id: bob.id }) } });
    expect(seenAs(interactionOf(handle.id)!)).toEqual({
      guildId: null,
      channelId: dm,
      context: InteractionContextType.PrivateChannel,
      owners: { guild: null, user: ann.id },
      user: ann.id,
      member: false,
      appPermissions: '180224',
    });
  });

  it('in a group DM of three: a deferred reply, its edit and a follow-up are that channel’s messages', async () => {
    emulator.installForUser(cleo);
    const group = emulator.createGroupDm([ann, bob, cleo]);
    const handle = emulator.slash(cleo, 'board', {}, { channelId: group });
    const answer = await handle.reply();
    expect(answer.content).toBe('the board');
    await emulator.waitFor(() => handle.followUps().length === 1);
    expect(emulator.messages(group).map((message) => message.content)).toEqual(['the board', 'your move']);
    expect(payloadOf(handle.id)).toMatchObject({
      channel: { id: group, type: 3, owner_id: ann.id },
      user: { id: cleo.id },
      context: 2,
      authorizing_integration_owners: { '1': cleo.id },
    });
    expect(payloadOf(handle.id).channel.recipients.map((user: { id: string }) => user.id)).toEqual([
      ann.id,
      bob.id,
    ]);
  });

  it('autocomplete in a DM between users reaches the bot and its choices come back', async () => {
    const dm = emulator.createDm(ann, bob);
    const choices = await emulator.autocomplete(ann, 'opening', { name: 'corner' }, 'name', {
      channelId: dm,
    });
    expect(choices).toEqual([{ name: 'corner gambit (context 2)', value: 'corner' }]);
    await expect(
      emulator.autocomplete(bob, 'opening', { name: 'x' }, 'name', { channelId: dm }),
    ).rejects.toThrow(/bob has not installed the app/);
  });

  it('anyone in the channel may click the button; the installer still authorises it', async () => {
    const dm = emulator.createDm(ann, bob);
    const challenge = await emulator.slash(ann, 'duel', {}, { channelId: dm }).reply();
    // Bob has not installed the app: he cannot run its commands here, but he can use its buttons.
    expect(() => emulator.slash(bob, 'duel', {}, { channelId: dm })).toThrow(/bob has not installed the app/);
    const click = emulator.clickButton(bob, challenge, 'accept');
    const updated = await click.reply();
    expect(updated.content).toBe('accepted by bob');
    expect(payloadOf(click.id)).toMatchObject({
      user: { id: bob.id },
      context: 2,
      authorizing_integration_owners: { '1': ann.id },
      message: { id: challenge.id, channel_id: dm },
    });
    expect(payloadOf(click.id).message).not.toHaveProperty('guild_id');
    expect(() => emulator.clickButton(cleo, challenge, 'accept')).toThrow(/cleo is not in channel/);
  });

  it('refuses the bot’s own REST calls on a DM or group DM it is not in: 403, 50001 Missing Access', async () => {
    const dm = emulator.createDm(ann, bob);
    const group = emulator.createGroupDm([ann, bob, cleo]);
    const refusals = [
      client.rest.post(Routes.channelMessages(dm), { body: { content: 'hello' } }),
      client.rest.get(Routes.channelMessages(group)),
      client.rest.get(Routes.channel(dm)),
      client.rest.post(Routes.channelTyping(group)),
      client.rest.post(Routes.threads(group), { body: { name: 'side room', type: 11 } }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ code: 50001, status: 403 });
    expect(emulator.messages(dm)).toEqual([]);
    // The gateway said nothing of either channel.
    const told = raw.filter(
      (packet) =>
        ['CHANNEL_CREATE', 'GUILD_CREATE', 'THREAD_CREATE'].includes(packet.t ?? '') &&
        [dm, group].includes(packet.d?.id),
    );
    expect(told).toEqual([]);
  });

  it('a command is offered in a private channel only if registered for user install and that context', () => {
    const dm = emulator.createDm(ann, cleo);
    expect(() => emulator.slash(ann, 'standings', {}, { channelId: dm })).toThrow(
      /Discord would not offer \/standings here/,
    );
    expect(() => emulator.slash(ann, 'profile', {}, { channelId: dm })).toThrow(/contexts \[0\] lack 2/);
    expect(() => emulator.slash(ann, 'help', {}, { channelId: dm })).toThrow(/contexts null lack 2/);
    expect(() => emulator.slash(ann, 'unregistered', {}, { channelId: dm })).toThrow(/not registered/);
    emulator.uninstallForUser(ann);
    expect(() => emulator.slash(ann, 'duel', {}, { channelId: dm })).toThrow(/ann has not installed the app/);
    emulator.installForUser(ann);
  });

  it('registration with a context or integration type Discord does not know is refused with 50035', async () => {
    const writes = emulator.commandWrites;
    const bad = { name: 'bad', description: 'b', contexts: [0, 3] };
    await expect(client.application!.commands.create(bad as never)).rejects.toMatchObject({ code: 50035 });
    await expect(
      client.application!.commands.set([
        ...definitions,
        { ...bad, contexts: [0], integration_types: [2] },
      ] as never),
    ).rejects.toMatchObject({ code: 50035 });
    expect(emulator.commandWrites).toBe(writes);
    expect(emulator.commands().map((command) => command.name)).not.toContain('bad');
  });

  it('user install can be turned off: the application says so and user-install commands are refused', async () => {
    const both = await client.application!.fetch();
    expect(Object.keys(both.integrationTypesConfig ?? {}).sort()).toEqual(['0', '1']);
    emulator.disableUserInstall();
    try {
      const guildOnly = await client.application!.fetch();
      expect(Object.keys(guildOnly.integrationTypesConfig ?? {})).toEqual(['0']);
      await expect(client.application!.commands.set(definitions)).rejects.toMatchObject({ code: 50035 });
      expect(() => emulator.installForUser(bob)).toThrow(/does not support user install/);
    } finally {
      emulator.enableUserInstall();
    }
  });

  it('the bot’s own DM: context 1, the guild install authorises as "0", and the bot still posts there', async () => {
    const own = emulator.botDm(bob);
    const handle = emulator.slash(bob, 'help', {}, { channelId: own });
    expect((await handle.reply()).channelId).toBe(own);
    expect(payloadOf(handle.id)).toMatchObject({
      channel: { id: own, type: 1, recipients: [{ id: bob.id }] },
      user: { id: bob.id },
      context: 1,
      authorizing_integration_owners: { '0': '0' },
      app_permissions: '442368',
    });
    // Ann installed the app: a command of both installs names both.
    const annDm = emulator.botDm(ann);
    const both = emulator.slash(ann, 'duel', {}, { channelId: annDm });
    await both.reply();
    expect(payloadOf(both.id).authorizing_integration_owners).toEqual({ '0': '0', '1': ann.id });
    const dm = await client.users.createDM(bob.id);
    await dm.send('still yours');
    expect(emulator.directMessages(bob).map((message) => message.content)).toContain('still yours');
  });

  it('in a guild without the bot: a member’s user install, a guild payload, and no bot access', async () => {
    const { guildId, channelId } = emulator.createGuildWithoutBot({ locale: 'de' });
    const handle = emulator.slash(ann, 'profile', {}, { channelId });
    expect((await handle.reply()).content).toBe('profile');
    expect(payloadOf(handle.id)).toMatchObject({
      guild_id: guildId,
      guild_locale: 'de',
      member: { user: { id: ann.id } },
      context: 0,
      authorizing_integration_owners: { '1': ann.id },
      // @everyone's view, send and history, with Attach Files and Embed Links added.
      app_permissions: '117760',
    });
    expect(Object.keys(payloadOf(handle.id).authorizing_integration_owners)).toEqual(['1']);
    expect(() => emulator.slash(ann, 'standings', {}, { channelId })).toThrow(
      /not registered for user install/,
    );
    await expect(client.rest.get(Routes.channel(channelId))).rejects.toMatchObject({
      code: 50001,
      status: 403,
    });
    await expect(client.rest.get(Routes.guild(guildId))).rejects.toMatchObject({ code: 50001, status: 403 });
    expect(client.guilds.cache.has(guildId)).toBe(false);
  });

  it('a follow-up fifteen minutes on is refused: 401, 50027 Invalid Webhook Token', async () => {
    const dm = emulator.createDm(ann, bob);
    const early = emulator.slash(ann, 'board', {}, { channelId: dm });
    await emulator.waitFor(() => early.followUps().length === 1);
    const interaction = interactionOf(early.id) as ChatInputCommandInteraction;
    await interaction.followUp('within the quarter hour');
    early.elapse(15 * 60_000 + 1);
    const late = interaction.followUp('too late');
    await expect(late).rejects.toBeInstanceOf(DiscordAPIError);
    await expect(late).rejects.toMatchObject({ code: 50027, status: 401 });
    expect(emulator.messages(dm).map((message) => message.content)).toEqual([
      'the board',
      'your move',
      'within the quarter hour',
    ]);
  });
});
