import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS } from '../src/bot/discord/discord-limits.ts';
import { type Answer, answer, privateAnswer, publicAnswer, tellDone } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { timeOption } from '../src/bot/options/time-option.ts';
import { chosenVariant, suggestVariants } from '../src/bot/options/variant-option.ts';
import {
  memberName,
  messagesOf,
  onlyMention,
  playerOf,
  refusalText,
  safeName,
} from '../src/bot/views/present.ts';
import { signupMessage, standingsPost } from '../src/bot/views/tournament-messages.ts';
import { DEFAULT_TIME_CONTROL, isTimeControl } from '../src/core/time-controls.ts';
import type { Messages } from '../src/i18n/index.ts';
import { MAX_NAME_LENGTH, MAX_SWISS_ROUNDS } from '../src/tournament/tournament.ts';

/**
 * A server's own tournaments: round robin or Swiss, from sign-up to crosstable. Creating one needs
 * the Manage Events permission, and its organiser (or anyone who may manage events) removes
 * players, forfeits stalled games and cancels it: checked here, since a permission set on the
 * command would hide `standings` and `withdraw` from the players.
 */
/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('tournament')
  .setDescription('Round-robin and Swiss tournaments on this server')
  .addSubcommand((sub) =>
    sub
      .setName('create')
      .setDescription('Open a tournament’s sign-up in this channel (Manage Events)')
      .addStringOption((option) =>
        option
          .setName('name')
          .setDescription('What it is called')
          .setRequired(true)
          .setMaxLength(MAX_NAME_LENGTH),
      )
      .addStringOption((option) =>
        option
          .setName('variant')
          .setDescription('The variant played')
          .setRequired(true)
          .setAutocomplete(true),
      )
      .addStringOption((option) =>
        option
          .setName('format')
          .setDescription('Everyone against everyone, or Swiss')
          .setRequired(true)
          .addChoices({ name: 'round robin', value: 'round-robin' }, { name: 'Swiss', value: 'swiss' }),
      )
      .addIntegerOption((option) =>
        option
          .setName('rounds')
          .setDescription('Swiss only: how many rounds (default: by the number of players)')
          .setMinValue(1)
          .setMaxValue(MAX_SWISS_ROUNDS),
      )
      .addStringOption(timeOption)
      .addBooleanOption((option) =>
        option.setName('double').setDescription('Round robin only: every pairing twice, sides swapped'),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('standings')
      .setDescription('A tournament’s crosstable as it stands')
      .addStringOption((option) => tournamentOption(option)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('withdraw')
      .setDescription('Leave a tournament: your game under way and the rest are forfeited')
      .addStringOption((option) => tournamentOption(option)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('remove')
      .setDescription('Remove a player: their games are forfeited (organiser)')
      .addUserOption((option) => option.setName('player').setDescription('Who').setRequired(true))
      .addStringOption((option) => tournamentOption(option)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('forfeit')
      .setDescription('End a stalled game: the player named loses it (organiser)')
      .addUserOption((option) => option.setName('player').setDescription('Who loses it').setRequired(true))
      .addStringOption((option) => tournamentOption(option)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('cancel')
      .setDescription('Call a tournament off (organiser)')
      .addStringOption((option) => tournamentOption(option)),
  );

function tournamentOption<
  T extends { setName(name: string): T; setDescription(d: string): T; setAutocomplete(a: boolean): T },
>(option: T): T {
  return option
    .setName('tournament')
    .setDescription('Which (default: this channel’s, or the one under way)')
    .setAutocomplete(true);
}

export const customIds: readonly CustomIdKind[] = ['tournament'];

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { service, tournaments }: BotContext,
): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'variant') {
    await suggestVariants(interaction, service);
    return;
  }
  const typed = String(focused.value).trim().toLowerCase();
  const all = interaction.guildId ? await tournaments.tournaments.changes.list(interaction.guildId) : [];
  const choices = [...all]
    .sort((a, b) => b.createdAt - a.createdAt)
    .filter((entry) => !typed || entry.name.toLowerCase().includes(typed))
    .slice(0, LIMITS.choices)
    .map((entry) => ({ name: entry.name.slice(0, 100), value: entry.id }));
  await interaction.respond(choices);
}

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const subcommand = interaction.options.getSubcommand();
  if (subcommand === 'create') {
    await create(interaction, context, m);
    return;
  }
  const tournaments = context.tournaments.tournaments;
  const mayManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageEvents) ?? false;
  await answer(interaction, async () => {
    const guildId = interaction.guildId;
    if (!guildId) return privateAnswer(m.perServer);
    const channel = interaction.channel;
    const found = await tournaments.signup.resolve(guildId, {
      named: interaction.options.getString('tournament'),
      channelId: interaction.channelId,
      parentId: channel?.isThread() ? channel.parentId : null,
    });
    if (!found.ok) return privateAnswer(refusalText(m, found));
    const doc = found.value;
    const by = playerOf(interaction);
    const t = m.tournament;
    if (subcommand === 'standings')
      return publicAnswer(
        await standingsPost(m, doc, doc.status === 'finished' ? 'final' : 'now', (table) =>
          context.drawings.crosstable(table),
        ),
      );
    if (subcommand === 'withdraw') {
      const outcome = await tournaments.results.withdraw(guildId, doc.id, by.id, 'withdrew');
      if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
      const words = { name: safeName(by.name), tournament: safeName(doc.name) };
      await context.tournaments.refreshSignup(outcome.value.doc, m);
      return publicAnswer({
        content: doc.status === 'signup' ? t.left(words) : t.withdrew(words),
        allowedMentions: onlyMention(),
      });
    }
    if (subcommand === 'remove' || subcommand === 'forfeit') {
      const user = interaction.options.getUser('player', true);
      const member = interaction.options.getMember('player');
      const name = safeName(
        doc.players.find((p) => p.id === user.id)?.name ??
          (member && 'displayName' in member ? member.displayName : user.displayName),
      );
      const words = { name, tournament: safeName(doc.name), by: safeName(memberName(interaction)) };
      if (subcommand === 'remove') {
        if (doc.organiser.id !== by.id && !mayManage)
          return privateAnswer(refusalText(m, { code: 'tournament-not-organiser' }));
        const outcome = await tournaments.results.withdraw(
          guildId,
          doc.id,
          user.id,
          'removed',
          by,
          mayManage,
        );
        if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
        await context.tournaments.refreshSignup(outcome.value.doc, m);
        return publicAnswer({ content: t.removed(words), allowedMentions: onlyMention() });
      }
      const outcome = await tournaments.results.forfeit(guildId, doc.id, user.id, by, mayManage);
      if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
      return publicAnswer({ content: t.forfeited(words), allowedMentions: onlyMention() });
    }
    // cancel
    const outcome = await tournaments.results.cancel(guildId, doc.id, by, mayManage);
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    await context.tournaments.refreshSignup(outcome.value.doc, m, t.signupCancelled);
    return publicAnswer({
      content: t.cancelled({ name: safeName(doc.name), by: safeName(memberName(interaction)) }),
      allowedMentions: onlyMention(),
    });
  });
}

async function create(
  interaction: ChatInputCommandInteraction,
  { service, tournaments }: BotContext,
  m: Messages,
) {
  const t = m.tournament;
  const refusal = await (async (): Promise<string | null> => {
    if (!interaction.guildId) return m.perServer;
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageEvents)) return t.needsManageEvents;
    const channel =
      interaction.channel ??
      (await interaction.client.channels.fetch(interaction.channelId).catch(() => null));
    if (
      !channel ||
      (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement)
    )
      return t.noThreads;
    return null;
  })();
  if (refusal) {
    await answer(interaction, async () => privateAnswer(refusal));
    return;
  }
  const guildId = interaction.guildId ?? '';
  const chosen = interaction.options.getString('variant', true);
  const variant = await chosenVariant(service, guildId, chosen);
  const time = interaction.options.getString('time') ?? DEFAULT_TIME_CONTROL;
  const refuse = (text: string) => answer(interaction, async () => privateAnswer(text));
  if (!variant) {
    await refuse(refusalText(m, { code: 'unknown-variant', params: { variant: chosen.slice(0, 40) } }));
    return;
  }
  if (!isTimeControl(time)) {
    await refuse(m.badTime);
    return;
  }
  const own = (await service.variants.list(guildId)).variants.find((entry) => entry.id === variant.id);
  const outcome = await tournaments.tournaments.signup.create({
    guildId,
    channelId: interaction.channelId,
    name: interaction.options.getString('name', true),
    variant,
    rules: own?.rules,
    format: interaction.options.getString('format', true) === 'swiss' ? 'swiss' : 'round-robin',
    rounds: interaction.options.getInteger('rounds'),
    time,
    double: interaction.options.getBoolean('double') ?? false,
    organiser: playerOf(interaction),
  });
  if (!outcome.ok) {
    await refuse(refusalText(m, outcome));
    return;
  }
  const response = await tellDone(
    interaction.reply({ ...signupMessage(m, outcome.value), withResponse: true }),
  );
  const message = response.resource?.message;
  if (message)
    await tournaments.tournaments.signup.recordSignupMessage(guildId, outcome.value.id, message.id);
}

export async function button(interaction: ButtonInteraction, context: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const tournaments = context.tournaments.tournaments;
  await answer(interaction, async (): Promise<Answer> => {
    const pressed = readCustomIdOf(interaction.customId, 'tournament');
    if (!pressed) return privateAnswer(m.buttonInvalid);
    const { action, tournamentId: id } = pressed;
    const { guildId } = tableOf(interaction);
    const user = playerOf(interaction);
    const mayManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageEvents) ?? false;
    // A button acts on its tournament in the tournament's channel, never elsewhere.
    const named = await tournaments.changes.get(guildId, id);
    if (named && named.channelId !== interaction.channelId)
      return privateAnswer(
        refusalText(m, { code: 'tournament-elsewhere', params: { channelId: named.channelId } }),
      );
    const outcome =
      action === 'join'
        ? await tournaments.signup.join(guildId, id, user)
        : action === 'leave'
          ? await tournaments.signup.leave(guildId, id, user.id)
          : await tournaments.signup.start(guildId, id, user, mayManage);
    if (!outcome.ok) {
      const doc = await tournaments.changes.get(guildId, id);
      // The sign-up is over (started, cancelled): its buttons go too.
      if (doc && doc.status !== 'signup')
        return {
          kind: 'update',
          message: signupMessage(m, doc),
          followUp: privateAnswer(refusalText(m, outcome)),
        };
      return privateAnswer(refusalText(m, outcome));
    }
    const doc = outcome.value.doc;
    const note =
      action === 'start'
        ? m.tournament.startedBy({ name: safeName(user.name), rounds: doc.rounds })
        : undefined;
    return { kind: 'update', message: signupMessage(m, doc, note) };
  });
}
