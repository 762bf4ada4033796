import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  InteractionContextType,
  type Message,
  SlashCommandBuilder,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { gameTitle, situation } from '../src/bot/game-messages.ts';
import { boardMessage, memberName, messagesOf, onlyMention, safeName } from '../src/bot/present.ts';
import { type Answer, answer, privateAnswer, publicAnswer } from '../src/bot/respond.ts';
import { Game, getVariant, isVariantId, type Side, type VariantId, variantIds } from '../src/engine/index.ts';
import { DEFAULT_TIME_CONTROL, isTimeControl, TIME_CONTROLS, type TimeControl } from '../src/game/clock.ts';
import type { Challenge } from '../src/game/service.ts';
import type { Failure } from '../src/game/types.ts';
import { failureText, type Messages } from '../src/i18n/index.ts';

const DEFAULT_VARIANT = 'alea-armed';

export const data = new SlashCommandBuilder()
  .setName('challenge')
  .setDescription('Challenge a member to a game of tafl in this channel')
  .setContexts(InteractionContextType.Guild)
  .addUserOption((option) => option.setName('opponent').setDescription('Who you challenge').setRequired(true))
  .addStringOption((option) =>
    option
      .setName('variant')
      .setDescription('Which rule set (default: Alea Evangelii, armed king)')
      .addChoices(...variantIds.map((id) => ({ name: getVariant(id).name, value: id }))),
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
  .addStringOption((option) =>
    option
      .setName('time')
      .setDescription('Time for each move (default: 1 day)')
      .addChoices(
        { name: '10 minutes', value: '10m' },
        { name: '1 hour', value: '1h' },
        { name: '1 day', value: '1d' },
        { name: '3 days', value: '3d' },
        { name: 'no limit', value: 'none' },
      ),
  )
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
  );

export const buttonPrefix = 'challenge';

const EXPIRY_MARGIN_MS = 250;

/** Timers that disable a challenge's buttons when it expires, while this process runs. */
const expiryTimers = new Map<string, NodeJS.Timeout>();

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const { service, logger } = context;
  const m = messagesOf(interaction);
  const opponent = interaction.options.getUser('opponent', true);
  const opponentMember = interaction.options.getMember('opponent');
  const variant = interaction.options.getString('variant') ?? DEFAULT_VARIANT;
  const side = interaction.options.getString('side') ?? 'random';
  // Discord offers only the listed choices, but a forged interaction can carry anything.
  if (!isVariantId(variant)) {
    await answer(interaction, async () =>
      privateAnswer(m.noVariant({ variant: variant.slice(0, 40), choices: variantIds.join(', ') })),
    );
    return;
  }
  const time = interaction.options.getString('time') ?? DEFAULT_TIME_CONTROL;
  if (!isTimeControl(time)) {
    await answer(interaction, async () => privateAnswer(m.badTime));
    return;
  }
  if (side !== 'attackers' && side !== 'defenders' && side !== 'random') {
    await answer(interaction, async () => privateAnswer(m.badSide));
    return;
  }
  if (opponent.id === interaction.client.user.id) {
    await playTheAi(interaction, context, { variant, side, time });
    return;
  }
  const outcome = await service.challenge({
    guildId: interaction.guildId ?? '',
    channelId: interaction.channelId,
    challenger: { id: interaction.user.id, name: memberName(interaction) },
    opponent: {
      id: opponent.id,
      name:
        opponentMember && 'displayName' in opponentMember ? opponentMember.displayName : opponent.displayName,
      bot: opponent.bot,
    },
    variant,
    side,
    time,
    match: interaction.options.getBoolean('match') ?? false,
    thread: interaction.options.getBoolean('thread') ?? false,
  });
  if (!outcome.ok) {
    await answer(interaction, async () => privateAnswer(failureText(m, outcome)));
    return;
  }
  const challenge = outcome.value;
  const response = await interaction.reply({ ...challengeMessage(m, challenge), withResponse: true });
  const message = response.resource?.message;
  if (message) scheduleExpiry(challenge, message, { service, logger, m });
}

/** The challenge in the challenger's language (the challenged member sees the same message). */
function challengeMessage(m: Messages, challenge: Challenge) {
  const { challenger, opponent, variant, side } = challenge;
  const terms = [
    side === 'random' ? m.sidesAtRandom : m.challengerPlays({ name: safeName(challenger.name), side }),
    ...(challenge.match ? [m.twoGameMatch] : []),
    ...(challenge.thread ? [m.inNewThread] : []),
    m.timeControl(challenge.time ?? 'none'),
  ];
  const buttons = [
    new ButtonBuilder()
      .setCustomId(`challenge:accept:${challenge.id}`)
      .setLabel(m.accept)
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(`challenge:decline:${challenge.id}`)
      .setLabel(m.decline)
      .setStyle(ButtonStyle.Danger),
    new ButtonBuilder()
      .setCustomId(`challenge:withdraw:${challenge.id}`)
      .setLabel(m.withdraw)
      .setStyle(ButtonStyle.Secondary),
  ];
  return {
    content: m.challenge({
      opponentId: opponent.id,
      challenger: safeName(challenger.name),
      variant: m.variantName(variant),
      terms: terms.join(', '),
      expires: `<t:${Math.floor(challenge.expiresAt / 1000)}:R>`,
    }),
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)],
    allowedMentions: onlyMention(opponent.id),
  };
}

/** The challenge message once it can no longer be answered: its buttons gone. */
function closedMessage(m: Messages, challenge: Challenge, why: string) {
  return {
    content: m.challengeClosed({
      challenger: safeName(challenge.challenger.name),
      opponent: safeName(challenge.opponent.name),
      variant: m.variantName(challenge.variant),
      why,
    }),
    components: [],
    allowedMentions: onlyMention(),
  };
}

function scheduleExpiry(
  challenge: Challenge,
  message: Message,
  { service, logger, m }: Pick<BotContext, 'service' | 'logger'> & { m: Messages },
) {
  // A little after the expiry time: a timer may fire a millisecond early, and the service
  // refuses to expire a challenge before its time.
  const delay = Math.max(0, challenge.expiresAt - Date.now()) + EXPIRY_MARGIN_MS;
  const timer = setTimeout(async () => {
    expiryTimers.delete(challenge.id);
    try {
      const outcome = await service.expireChallenge(challenge.id);
      if (outcome.ok) await message.edit(closedMessage(m, outcome.value, m.challengeExpired));
      else if (outcome.code === 'not-expired') scheduleExpiry(challenge, message, { service, logger, m });
    } catch (error) {
      logger.warn('could not expire a challenge', { challenge: challenge.id, error });
    }
  }, delay);
  timer.unref();
  expiryTimers.set(challenge.id, timer);
}

function stopExpiry(id: string): void {
  clearTimeout(expiryTimers.get(id));
  expiryTimers.delete(id);
}

const BUTTON = /^challenge:(accept|decline|withdraw):([\w-]{1,64})$/;
/** The Rematch button under a finished game carries that game's id. */
const REMATCH = /^challenge:rematch:([\w-]{1,64})$/;

export async function button(
  interaction: ButtonInteraction,
  { service, pictures, logger }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const user = { id: interaction.user.id, name: memberName(interaction) };
  const rematch = REMATCH.exec(interaction.customId);
  if (rematch) {
    const outcome = await service.rematch(rematch[1], user, interaction.channelId);
    if (!outcome.ok) {
      await answer(interaction, async () => privateAnswer(failureText(m, outcome)));
      return;
    }
    const response = await interaction.reply({ ...challengeMessage(m, outcome.value), withResponse: true });
    const message = response.resource?.message;
    if (message) scheduleExpiry(outcome.value, message, { service, logger, m });
    return;
  }
  await answer(interaction, async (): Promise<Answer> => {
    const match = BUTTON.exec(interaction.customId);
    if (!match) return privateAnswer(m.buttonInvalid);
    const [, action, id] = match;

    if (action === 'decline' || action === 'withdraw') {
      const outcome =
        action === 'decline'
          ? await service.declineChallenge(id, user)
          : await service.withdrawChallenge(id, user);
      if (!outcome.ok) return closedOrRefused(m, outcome, await service.challengeFor(id));
      stopExpiry(id);
      const name = safeName(user.name);
      const why = action === 'decline' ? m.declined({ name }) : m.withdrew({ name });
      return { kind: 'update', message: closedMessage(m, outcome.value, why) };
    }

    // Accept. Check first, so that a thread is opened only for an acceptance that will stand.
    const challenge = await service.challengeFor(id);
    if (!challenge) return privateAnswer(failureText(m, { code: 'no-challenge' }));
    if (challenge.opponent.id !== user.id) return privateAnswer(failureText(m, { code: 'not-challenged' }));
    let gameChannelId = interaction.channelId;
    if (challenge.thread && challenge.status === 'pending') {
      const thread = await interaction.message.startThread({
        name: `${getVariant(challenge.variant).name}: ${challenge.challenger.name} v ${challenge.opponent.name}`.slice(
          0,
          100,
        ),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
      gameChannelId = thread.id;
    }
    const outcome = await service.acceptChallenge(id, user, gameChannelId);
    if (!outcome.ok) return closedOrRefused(m, outcome, challenge);
    stopExpiry(id);
    const active = outcome.value.game;
    const picture = await pictures.of(active, m);
    const firstBoard = boardMessage(
      `${gameTitle(m, active)}. ${situation(m, active, true)}`,
      picture,
      active.players[active.game.turn].id,
    );
    const where =
      gameChannelId === interaction.channelId ? '' : ` ${m.gameIsIn({ channelId: gameChannelId })}`;
    if (gameChannelId !== interaction.channelId) {
      const thread = interaction.message.thread ?? (await interaction.client.channels.fetch(gameChannelId));
      if (thread?.isSendable()) await thread.send(firstBoard);
    }
    return {
      kind: 'update',
      message: closedMessage(m, challenge, `${m.accepted({ name: safeName(user.name) })}${where}`),
      followUp: gameChannelId === interaction.channelId ? publicAnswer(firstBoard) : undefined,
    };
  });
}

/** A refusal; when the challenge is over (expired, taken), its message loses its buttons too. */
function closedOrRefused(m: Messages, outcome: Failure, challenge: Challenge | null): Answer {
  const why = failureText(m, outcome);
  if (challenge && challenge.status !== 'pending') {
    return {
      kind: 'update',
      message: closedMessage(m, challenge, why),
      followUp: privateAnswer(why),
    };
  }
  return privateAnswer(why);
}

/** A game against the AI starts at once, no acceptance needed. */
async function playTheAi(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
  { variant, side, time }: { variant: VariantId; side: Side | 'random'; time: TimeControl },
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const level = interaction.options.getString('level') ?? 'normal';
    if (level !== 'easy' && level !== 'normal' && level !== 'hard') return privateAnswer(m.badLevel);
    const humanSide: Side = side === 'random' ? (Math.random() < 0.5 ? 'attackers' : 'defenders') : side;
    const aiSide: Side = humanSide === 'attackers' ? 'defenders' : 'attackers';
    const human = { id: interaction.user.id, name: memberName(interaction) };
    const machine = {
      id: interaction.client.user.id,
      name: `${interaction.client.user.username} (${level})`,
    };
    const players = { [humanSide]: human, [aiSide]: machine } as Record<Side, typeof human>;
    const started = await service.startGame({
      guildId: interaction.guildId ?? '',
      channelId: interaction.channelId,
      players,
      game: new Game(variant),
      perMoveMs: TIME_CONTROLS[time],
      ai: { side: aiSide, level },
    });
    if (!started.ok) {
      return privateAnswer(started.code === 'channel-busy' ? m.aiChannelBusy : failureText(m, started));
    }
    const active = started.value;
    if (active.game.turn === aiSide) setImmediate(() => ai.nudge());
    const mention = active.game.turn === humanSide ? human.id : undefined;
    return publicAnswer(
      boardMessage(
        `${gameTitle(m, active)}. ${m.youPlayTheAi({ side: humanSide, level: m.level(level) })} ${situation(m, active, mention !== undefined)}`,
        await pictures.of(active, m),
        mention,
      ),
    );
  });
}
