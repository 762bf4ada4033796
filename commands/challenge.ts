import {
  type ButtonInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  SlashCommandBuilder,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { clipped, LIMITS } from '../src/bot/discord/discord-limits.ts';
import { settingsOf } from '../src/bot/discord/interaction-settings.ts';
import { type Answer, answer, privateAnswer, publicAnswer, tellDone } from '../src/bot/discord/respond.ts';
import { botInstalledAt, tableOf } from '../src/bot/discord/table-of.ts';
import { timeOption } from '../src/bot/options/time-option.ts';
import { chosenVariant } from '../src/bot/options/variant-option.ts';
import { gameBoard } from '../src/bot/views/announcements.ts';
import {
  aiGameMessage,
  casualNote,
  challengeMessage,
  closedMessage,
} from '../src/bot/views/challenge-messages.ts';
import { gameTitle, situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, onlyMention, playerOf, refusalText, safeName } from '../src/bot/views/present.ts';
import { DEFAULT_TIME_CONTROL, isTimeControl, type TimeControl } from '../src/core/time-controls.ts';
import { getVariant, type Side, type Variant } from '../src/engine/index.ts';
import { variantOf } from '../src/game/server-variants.ts';
import type { Challenge } from '../src/game/service.ts';
import type { Failure } from '../src/game/types.ts';
import type { Messages } from '../src/i18n/index.ts';
import { lobbyMessagesFor } from '../src/i18n/lobby.ts';

export const data = new SlashCommandBuilder()
  .setName('challenge')
  .setDescription('Challenge a member to a game of tafl in this channel')
  .addUserOption((option) =>
    option
      .setName('opponent')
      .setDescription('Who you challenge (none: an open challenge anyone may accept)'),
  )
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Which rule set, the server’s own included (default: the server’s, or Alea Evangelii)')
      .setAutocomplete(true),
  )
  .addStringOption((option) =>
    option
      .setName('side')
      .setDescription('The side you play (default: random)')
      .addChoices(
        { name: 'attackers', value: 'attackers' },
        { name: 'defenders (the king’s side)', value: 'defenders' },
        { name: 'random', value: 'random' },
      ),
  )
  .addStringOption(timeOption)
  .addStringOption((option) =>
    option
      .setName('level')
      .setDescription('When you challenge this bot: how strong it plays (default: normal)')
      .addChoices(
        { name: 'easy', value: 'easy' },
        { name: 'normal', value: 'normal' },
        { name: 'hard', value: 'hard' },
      ),
  )
  .addBooleanOption((option) =>
    option.setName('match').setDescription('Play a two-game match, sides swapped for the second game'),
  )
  .addBooleanOption((option) =>
    option.setName('thread').setDescription('Play in a new thread (default: in this channel)'),
  )
  .addBooleanOption((option) =>
    option
      .setName('rated')
      .setDescription('false: a casual game, which counts for nothing in the ratings (default: rated)'),
  )
  .addIntegerOption((option) =>
    option
      .setName('min-rating')
      .setDescription('An open challenge: the lowest rating in the variant that may accept')
      .setMinValue(0)
      .setMaxValue(4000),
  )
  .addIntegerOption((option) =>
    option
      .setName('max-rating')
      .setDescription('An open challenge: the highest rating in the variant that may accept')
      .setMinValue(0)
      .setMaxValue(4000),
  )
  .addIntegerOption((option) =>
    option
      .setName('bot-after')
      .setDescription('An open challenge: the bot (normal) plays you if nobody accepts within this time')
      .addChoices(
        { name: '5 minutes', value: 5 },
        { name: '15 minutes', value: 15 },
        { name: '60 minutes', value: 60 },
      ),
  );

export const customIds: readonly CustomIdKind[] = ['challenge', 'rematch'];

export { variantAutocomplete as autocomplete } from '../src/bot/options/variant-option.ts';

/**
 * Every option is either honoured or refused with its reason: against the bot, `level`, `match`,
 * `thread` and `rated` are all played; against a member, `level` is refused (a member has no level
 * to set). `rated:false` makes a casual game, which counts for nothing in the ratings and standings.
 * Without `opponent` the challenge is open: any member may accept it (within `min-rating` and
 * `max-rating`, which only an open challenge takes, and `bot-after`: the AI plays the challenger
 * if nobody has accepted within that time).
 */
export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const { service } = context;
  const m = messagesOf(interaction);
  const opponent = interaction.options.getUser('opponent');
  const min = interaction.options.getInteger('min-rating') ?? undefined;
  const max = interaction.options.getInteger('max-rating') ?? undefined;
  const botAfter = interaction.options.getInteger('bot-after');
  const opponentMember = interaction.options.getMember('opponent');
  const variantChosen = interaction.options.getString('variant');
  const side = interaction.options.getString('side') ?? 'random';
  const level = interaction.options.getString('level');
  const match = interaction.options.getBoolean('match') ?? false;
  const thread = interaction.options.getBoolean('thread') ?? false;
  const casual = interaction.options.getBoolean('rated') === false;
  const refuse = (reason: string) => answer(interaction, async () => privateAnswer(reason));
  // Not given: the member's own default (/settings), else the server's.
  const defaults = settingsOf(interaction).challenge;
  const variant = variantChosen
    ? await chosenVariant(service, tableOf(interaction).guildId, variantChosen)
    : defaults.variant
      ? getVariant(defaults.variant)
      : await service.variants.defaultFor(tableOf(interaction).guildId);
  if (!variant) {
    await refuse(
      refusalText(m, { code: 'unknown-variant', params: { variant: variantChosen?.slice(0, 40) } }),
    );
    return;
  }
  const time = interaction.options.getString('time') ?? defaults.time ?? DEFAULT_TIME_CONTROL;
  if (!isTimeControl(time)) {
    await refuse(m.badTime);
    return;
  }
  if (side !== 'attackers' && side !== 'defenders' && side !== 'random') {
    await refuse(m.badSide);
    return;
  }
  const lobby = lobbyMessagesFor(interaction.locale);
  if (opponent && (min !== undefined || max !== undefined)) {
    await refuse(lobby.rangeWithOpponent);
    return;
  }
  if (opponent && botAfter !== null) {
    await refuse(lobby.botAfterWithOpponent);
    return;
  }
  if (min !== undefined && max !== undefined && min > max) {
    await refuse(lobby.rangeEmpty);
    return;
  }
  const againstTheBot = opponent?.id === interaction.client.user.id;
  if (level !== null && !againstTheBot) {
    await refuse(m.levelOnlyAgainstBot);
    return;
  }
  if (level !== null && level !== 'easy' && level !== 'normal' && level !== 'hard') {
    await refuse(m.badLevel);
    return;
  }
  if (thread) {
    const refusal = await threadRefusal(interaction, m);
    if (refusal) {
      await refuse(refusal);
      return;
    }
  }
  if (againstTheBot) {
    const options = { variant, side, time, level: level ?? 'normal', match, thread, casual } as const;
    await playTheAi(interaction, context, options);
    return;
  }
  const outcome = await service.challenges.make({
    guildId: tableOf(interaction).guildId,
    channelId: interaction.channelId,
    challenger: playerOf(interaction),
    ...(opponent
      ? {
          opponent: {
            id: opponent.id,
            name:
              opponentMember && 'displayName' in opponentMember
                ? opponentMember.displayName
                : opponent.displayName,
            bot: opponent.bot,
          },
        }
      : { ratingRange: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) } }),
    variant,
    side,
    time,
    match,
    casual,
    thread,
    locale: interaction.locale,
    ...(botAfter !== null ? { botAfterMs: botAfter * 60_000 } : {}),
  });
  if (!outcome.ok) {
    await refuse(refusalText(m, outcome));
    return;
  }
  await postChallenge(interaction, m, outcome.value, context);
}

/** Why `thread:true` cannot be honoured here, or null when a thread can be opened. */
async function threadRefusal(interaction: ChatInputCommandInteraction, m: Messages): Promise<string | null> {
  // Where the bot is not installed (a DM, a group DM) it can open no thread.
  if (!botInstalledAt(interaction)) return m.noThreadsHere;
  const channel =
    interaction.channel ?? (await interaction.client.channels.fetch(interaction.channelId).catch(() => null));
  if (channel?.isThread()) return m.threadInThread;
  if (channel && channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement)
    return m.noThreadsHere;
  return null;
}

/**
 * Posts a challenge with its buttons, and notes the message for its expiry: whichever bot process
 * finds it expired (this one wakes itself for it) removes the buttons.
 */
async function postChallenge(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  m: Messages,
  challenge: Challenge,
  { service, expiry }: BotContext,
): Promise<void> {
  const response = await tellDone(
    interaction.reply({ ...challengeMessage(m, challenge), withResponse: true }),
  );
  const message = response.resource?.message;
  if (message) await service.challenges.recordMessage(challenge, message.id);
  expiry.wakeAt(challenge.expiresAt);
}

export async function button(interaction: ButtonInteraction, context: BotContext): Promise<void> {
  const { service, pictures, ai } = context;
  const m = messagesOf(interaction);
  const user = playerOf(interaction);
  const table = tableOf(interaction);
  const rematch = readCustomIdOf(interaction.customId, 'rematch');
  if (rematch) {
    const outcome = await service.rematch(table, rematch.gameId, user, interaction.locale);
    if (!outcome.ok) {
      await answer(interaction, async () => privateAnswer(refusalText(m, outcome)));
    } else if ('aiGame' in outcome.value) {
      const active = outcome.value.aiGame;
      if (active.ai?.side === active.game.turn) setImmediate(() => ai.nudge());
      await answer(interaction, async () => publicAnswer(await aiGameMessage(m, active, pictures)));
    } else {
      await postChallenge(interaction, m, outcome.value, context);
    }
    return;
  }
  await answer(interaction, async (): Promise<Answer> => {
    const pressed = readCustomIdOf(interaction.customId, 'challenge');
    if (!pressed) return privateAnswer(m.buttonInvalid);
    const { action, challengeId: id } = pressed;
    const { guildId } = table;
    // A button acts on its challenge in the channel the challenge was made in, never elsewhere.
    const made = await service.challenges.find(guildId, id);
    if (made && made.channelId !== interaction.channelId)
      return privateAnswer(
        refusalText(m, { code: 'challenge-elsewhere', params: { channelId: made.channelId } }),
      );

    if (action === 'decline' || action === 'withdraw') {
      const outcome =
        action === 'decline'
          ? await service.challenges.decline(guildId, id, user)
          : await service.challenges.withdraw(guildId, id, user);
      if (!outcome.ok) return closedOrRefused(m, outcome, await service.challenges.find(guildId, id));
      const name = safeName(user.name);
      const why = action === 'decline' ? m.declined({ name }) : m.withdrew({ name });
      return { kind: 'update', message: closedMessage(m, outcome.value, why) };
    }

    // Accept. Check first, so that a thread is opened only for an acceptance that will stand.
    const challenge = made;
    if (!challenge) return privateAnswer(refusalText(m, { code: 'no-challenge' }));
    if (challenge.opponent && challenge.opponent.id !== user.id)
      return privateAnswer(refusalText(m, { code: 'not-challenged' }));
    let gameChannelId = interaction.channelId;
    if (challenge.thread && challenge.status === 'pending') {
      const thread = await interaction.message.startThread({
        name: threadName(
          variantOf(challenge.variant, challenge.rules)?.name ?? challenge.variant,
          challenge.challenger.name,
          challenge.opponent?.name ?? user.name,
        ),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
      gameChannelId = thread.id;
    }
    const outcome = await service.challenges.accept(guildId, id, user, gameChannelId);
    if (!outcome.ok) return closedOrRefused(m, outcome, await service.challenges.find(guildId, id));
    const active = outcome.value.game;
    const firstBoard = await gameBoard(
      m,
      `${gameTitle(m, active)}. ${situation(m, active, true)}${casualNote(m, active)}`,
      active,
      pictures,
      { mention: active.players[active.game.turn].id },
    );
    const where =
      gameChannelId === interaction.channelId ? '' : ` ${m.gameIsIn({ channelId: gameChannelId })}`;
    if (gameChannelId !== interaction.channelId) {
      const thread = interaction.message.thread ?? (await interaction.client.channels.fetch(gameChannelId));
      if (thread?.isSendable()) await thread.send(firstBoard);
    }
    return {
      kind: 'update',
      message: closedMessage(
        m,
        outcome.value.challenge,
        `${m.accepted({ name: safeName(user.name) })}${where}`,
      ),
      followUp: gameChannelId === interaction.channelId ? publicAnswer(firstBoard) : undefined,
    };
  });
}

const threadName = (variant: string, one: string, other: string) =>
  clipped(`${variant}: ${one} v ${other}`, LIMITS.threadName);

/** A refusal; when the challenge is over (expired, taken), its message loses its buttons too. */
function closedOrRefused(m: Messages, outcome: Failure, challenge: Challenge | null): Answer {
  const why = refusalText(m, outcome);
  // An open challenge someone else took: their acceptance updated the message.
  if (outcome.code === 'open-taken') return privateAnswer(why);
  if (challenge && challenge.status !== 'pending') {
    return {
      kind: 'update',
      message: closedMessage(m, challenge, why),
      followUp: privateAnswer(why),
    };
  }
  return privateAnswer(why);
}

/**
 * A game against the AI starts at once, no acceptance needed: in this channel, or with
 * `thread:true` in a new thread (the channel's own game, if any, goes on undisturbed).
 */
async function playTheAi(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
  options: {
    variant: Variant;
    side: Side | 'random';
    time: TimeControl;
    level: 'easy' | 'normal' | 'hard';
    match: boolean;
    thread: boolean;
    casual: boolean;
  },
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const human = playerOf(interaction);
    const machine = {
      id: interaction.client.user.id,
      name: `${interaction.client.user.username} (${options.level})`,
    };
    let thread = null;
    if (options.thread) {
      const channel = await interaction.client.channels.fetch(interaction.channelId);
      if (channel?.type !== ChannelType.GuildText && channel?.type !== ChannelType.GuildAnnouncement)
        return privateAnswer(m.noThreadsHere);
      // A public thread (an announcement thread in an announcement channel), as a challenge's is.
      thread = await channel.threads.create({
        name: threadName(options.variant.name, human.name, machine.name),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
    }
    const started = await service.lifecycle.playAi({
      guildId: tableOf(interaction).guildId,
      channelId: thread?.id ?? interaction.channelId,
      human,
      machine,
      variant: options.variant,
      side: options.side,
      time: options.time,
      level: options.level,
      match: options.match,
      casual: options.casual,
    });
    if (!started.ok) {
      await thread?.delete().catch(() => {});
      return privateAnswer(started.code === 'channel-busy' ? m.aiChannelBusy : refusalText(m, started));
    }
    const active = started.value;
    if (active.ai?.side === active.game.turn) setImmediate(() => ai.nudge());
    const board = await aiGameMessage(m, active, pictures);
    if (!thread) return publicAnswer(board);
    await thread.send(board);
    const humanSide: Side = active.ai?.side === 'attackers' ? 'defenders' : 'attackers';
    return publicAnswer({
      content: `${m.youPlayTheAi({ side: humanSide, level: m.level(options.level) })} ${m.gameIsIn({ channelId: thread.id })}`,
      allowedMentions: onlyMention(),
    });
  });
}
