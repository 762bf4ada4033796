import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  type GuildBasedChannel,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS } from '../src/bot/discord/discord-limits.ts';
import { viewOf } from '../src/bot/discord/interaction-settings.ts';
import {
  type Answer,
  answer,
  privateAnswer,
  privateReply,
  publicAnswer,
} from '../src/bot/discord/respond.ts';
import { moveOption } from '../src/bot/options/move-option.ts';
import { clipTo, padEndTo } from '../src/bot/views/display-width.ts';
import {
  answerText,
  practiceFailureText,
  practicePicture,
  shownReply,
} from '../src/bot/views/practice-messages.ts';
import { messagesOf, messagesOfChannel, onlyMention, playerOf, safeName } from '../src/bot/views/present.ts';
import {
  dailyText,
  moveText,
  puzzleFailureText,
  puzzlePicture,
  puzzleText,
} from '../src/bot/views/puzzle-messages.ts';
import { isProvisional } from '../src/core/glicko2.ts';
import { getVariant, loadGame } from '../src/engine/index.ts';
import type { Messages } from '../src/i18n/index.ts';
import { puzzleGame } from '../src/puzzles/catalogue.ts';
import type { PuzzleTable } from '../src/puzzles/service.ts';
import type { PuzzleFailure } from '../src/puzzles/types.ts';

/** The hour the daily puzzle is posted when a moderator names none (UTC). */
const DEFAULT_HOUR = 9;
const TABLE_ROWS = 20;

/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('puzzle')
  .setDescription('Tafl puzzles: find the winning move')
  .addSubcommand((sub) =>
    sub
      .setName('new')
      .setDescription('A new puzzle, for you alone')
      .addStringOption((option) =>
        option
          .setName('variant')
          .setDescription('Puzzles of which variant (default: this server’s board size)')
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('move')
      .setDescription('Play your move in your puzzle, e.g. e5-e8')
      .addStringOption(moveOption),
  )
  .addSubcommand((sub) =>
    sub
      .setName('mine')
      .setDescription('Your own mistakes as puzzles: the next one due, or your answer to it')
      .addStringOption((option) =>
        option
          .setName('move')
          .setDescription('Your answer: from and to, e.g. e5-e8')
          .setAutocomplete(true)
          .setMaxLength(40),
      ),
  )
  .addSubcommand((sub) =>
    sub.setName('hint').setDescription('Shows the piece to move (a solve then counts half)'),
  )
  .addSubcommand((sub) =>
    sub.setName('daily').setDescription('This server’s puzzle of the day, the same for all'),
  )
  .addSubcommand((sub) =>
    sub
      .setName('setup')
      .setDescription('Post the puzzle of the day in a channel every day (Manage Server)')
      .addChannelOption((option) =>
        option
          .setName('channel')
          .setDescription('Where it is posted')
          .setRequired(true)
          .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
      )
      .addStringOption((option) =>
        option
          .setName('variant')
          .setDescription('Puzzles of which variant (default: this server’s board size)')
          .setAutocomplete(true),
      )
      .addIntegerOption((option) =>
        option
          .setName('hour')
          .setDescription(`At what hour, UTC, 0–23 (default: ${DEFAULT_HOUR})`)
          .setMinValue(0)
          .setMaxValue(23),
      ),
  )
  .addSubcommand((sub) =>
    sub.setName('stop').setDescription('Stop posting the puzzle of the day (Manage Server)'),
  )
  .addSubcommand((sub) => sub.setName('leaderboard').setDescription('This server’s puzzle table and streak'));

/** The review's Practise button: the presser's mistakes in the game become puzzles; the first due is shown. */
export const customIds: readonly CustomIdKind[] = ['practice'];

export async function button(interaction: ButtonInteraction, { service, puzzles }: BotContext) {
  const m = messagesOf(interaction);
  await answer(interaction, async (): Promise<Answer> => {
    const gameId = readCustomIdOf(interaction.customId, 'practice')?.gameId;
    const guildId = interaction.guildId;
    if (!gameId || !guildId) return privateAnswer(m.buttonNotOurs);
    const archived = await service.records.archived(guildId, gameId);
    const review = archived && (await service.records.review(guildId, gameId));
    if (!archived || !review) return privateAnswer(m.practice.refusals['game-gone']);
    const outcome = await puzzles.puzzles.personal.practise(guildId, playerOf(interaction), {
      gameId,
      game: loadGame(archived.record),
      players: archived.players,
      review,
    });
    if (!outcome.ok) return privateAnswer(practiceFailureText(m, outcome));
    const { added, shown, next } = outcome.value;
    const head = m.practice.added({ count: added });
    if (!shown) return privateReply([head, m.practice.nothingDue({ date: next ?? '' })].join('\n'));
    return shownReply(m, shown, { head, view: viewOf(interaction) });
  });
}

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { puzzles: { puzzles } }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'variant') {
    const typed = focused.value.trim().toLowerCase();
    const choices = puzzles.puzzleVariants
      .all()
      .map((id) => ({ name: `${m.variantName(getVariant(id))} (${id})`, value: id }))
      .filter((choice) => !typed || choice.name.toLowerCase().includes(typed));
    await interaction.respond(choices.slice(0, LIMITS.choices));
    return;
  }
  // The member's legal moves in their puzzle (their own, for `mine`): a piece's moves once its
  // square is typed, else the pieces that can move. Nothing says what a move does: that would give
  // the answer away.
  const guildId = interaction.guildId;
  const userId = interaction.user.id;
  const current = !guildId
    ? null
    : interaction.options.getSubcommand(false) === 'mine'
      ? await puzzles.personal.open(guildId, userId)
      : await puzzles.attempts.current(guildId, userId);
  if (!current) {
    await interaction.respond([]);
    return;
  }
  const { game } = current;
  const typed = focused.value.trim().toLowerCase();
  const square = /^[a-z]\d{1,2}/.exec(typed)?.[0];
  const moves = square ? game.legalMoves({ from: square }) : [];
  if (moves.length > 0) {
    const wanted = typed.replace(/[\s:–—]+/g, '-');
    const choices = moves
      .filter((move) => move.notation.startsWith(wanted) || wanted === square)
      .map((move) => ({ name: move.notation, value: move.notation }));
    await interaction.respond(choices.slice(0, LIMITS.choices));
    return;
  }
  const pieces = game
    .movablePieces()
    .filter((from) => from.startsWith(typed))
    .map((from) => ({
      name: m.suggestions.piece({
        square: from,
        kind: game.pieceAt(from) ?? 'defender',
        moves: game.legalMoves({ from }).length,
      }),
      value: from,
    }));
  await interaction.respond(pieces.slice(0, LIMITS.choices));
}

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const { puzzles } = context.puzzles;
  const subcommand = interaction.options.getSubcommand();
  const refusal = (failure: PuzzleFailure) => privateAnswer(puzzleFailureText(m, failure));
  /** For the channel, after the answer: a solved daily puzzle, without its answer. */
  const told: { note?: (m: Messages) => string } = {};
  await answer(interaction, async (): Promise<Answer> => {
    const guildId = interaction.guildId;
    if (!guildId) return privateAnswer(m.perServer);
    const player = playerOf(interaction);

    if (subcommand === 'new') {
      const outcome = await puzzles.attempts.start(
        guildId,
        player,
        interaction.options.getString('variant') ?? undefined,
      );
      if (!outcome.ok) return refusal(outcome);
      const shown = outcome.value;
      return privateReply(puzzleText(m, shown, shown.abandoned), {
        files: [await puzzlePicture(m, shown.puzzle, shown.game, viewOf(interaction))],
      });
    }

    if (subcommand === 'move') {
      const outcome = await puzzles.attempts.move(
        guildId,
        player,
        interaction.options.getString('move', true),
      );
      if (!outcome.ok) return refusal(outcome);
      const result = outcome.value;
      const daily = result.daily;
      if (daily && result.status === 'solved') {
        told.note = (channelM) =>
          channelM.puzzles.dailySolvedBy({
            name: safeName(player.name),
            first: daily.first,
            streak: daily.serverStreak,
          });
      }
      return privateReply(moveText(m, result), {
        files: [await puzzlePicture(m, result.puzzle, result.game, viewOf(interaction))],
      });
    }

    if (subcommand === 'mine') return mine(interaction, context, guildId);

    if (subcommand === 'hint') {
      const outcome = await puzzles.attempts.hint(guildId, interaction.user.id);
      if (!outcome.ok) return refusal(outcome);
      return privateReply(m.puzzles.hint({ square: outcome.value.square }));
    }

    if (subcommand === 'daily') {
      const outcome = await puzzles.days.daily(guildId, player);
      if (!outcome.ok) return refusal(outcome);
      const daily = outcome.value;
      return publicAnswer({
        content: dailyText(m, daily),
        // As the member who asked sees the board, as /replay and /openings are (the post at its hour: the default).
        files: [await puzzlePicture(m, daily.puzzle, puzzleGame(daily.puzzle), viewOf(interaction))],
        allowedMentions: onlyMention(),
      });
    }

    if (subcommand === 'leaderboard') {
      const table = await puzzles.table(guildId);
      const embed = new EmbedBuilder().setTitle(m.puzzles.tableTitle);
      embed.setDescription(table.rows.length > 0 ? tableText(m, table) : m.puzzles.noSolvesYet);
      embed.setFooter({
        text: m.puzzles.tableFooter({ streak: table.serverStreak, best: table.bestStreak }),
      });
      return publicAnswer({ embeds: [embed], allowedMentions: onlyMention() });
    }

    // setup and stop: moderators only (a permission on the command would hide the rest from everyone).
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      return privateAnswer(m.puzzles.needsManageServer);
    if (subcommand === 'stop') {
      const outcome = await puzzles.posts.stop(guildId);
      if (!outcome.ok) return refusal(outcome);
      return publicAnswer({
        content: m.puzzles.stopped({ channelId: outcome.value.channelId }),
        allowedMentions: onlyMention(),
      });
    }
    // By its id, then fetched: the option's resolved data is partial, the channel itself is not.
    const channelId = String(interaction.options.get('channel', true).value);
    const channel = await interaction.client.channels.fetch(channelId).catch(() => null);
    if (
      !channel ||
      !('guildId' in channel) ||
      channel.guildId !== guildId ||
      (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement)
    )
      return privateAnswer(m.puzzles.notATextChannel);
    if (!botMayPost(interaction, channel))
      return privateAnswer(m.puzzles.cannotPostThere({ channelId: channel.id }));
    const variant =
      interaction.options.getString('variant') ?? (await puzzles.puzzleVariants.defaultFor(guildId));
    if (!variant) return refusal({ ok: false, code: 'no-puzzles', params: {} });
    const outcome = await puzzles.posts.setup(guildId, {
      channelId: channel.id,
      variant,
      hour: interaction.options.getInteger('hour') ?? DEFAULT_HOUR,
      by: player,
    });
    if (!outcome.ok) return refusal(outcome);
    const setup = outcome.value;
    return publicAnswer({
      content: m.puzzles.setupDone({
        channelId: setup.channelId,
        hour: setup.hour,
        variant: m.variantName(getVariant(setup.variant)),
        next: `<t:${Math.floor(setup.next / 1000)}:R>`,
      }),
      allowedMentions: onlyMention(),
    });
  });
  // A solved daily puzzle is told to the channel too (in the server's language), without the answer.
  if (told.note) {
    try {
      const channel = await interaction.client.channels.fetch(interaction.channelId);
      if (channel?.isSendable())
        await channel.send({
          content: told.note(messagesOfChannel(channel)),
          allowedMentions: onlyMention(),
        });
    } catch (error) {
      context.logger.warn('could not tell the channel of a solved daily puzzle', { error });
    }
  }
}

/** Whether the bot may post pictures in the channel, as far as its cache knows (unknown counts as yes). */
function botMayPost(interaction: ChatInputCommandInteraction, channel: GuildBasedChannel): boolean {
  const permissions = channel.permissionsFor(interaction.client.user);
  if (!permissions) return true;
  return permissions.has([
    PermissionFlagsBits.ViewChannel,
    PermissionFlagsBits.SendMessages,
    PermissionFlagsBits.AttachFiles,
  ]);
}

/** A fixed-width table in a code block: names cannot ping or format there. */
function tableText(m: Messages, table: PuzzleTable): string {
  // By display width: a name in Chinese or Japanese keeps the columns after it in place.
  const clip = (name: string) => padEndTo(clipTo(name.replace(/[\p{Cc}\p{Cf}`]/gu, ''), 16), 16);
  const lines = table.rows
    .slice(0, TABLE_ROWS)
    .map((row, index) =>
      [
        String(index + 1).padStart(2),
        ` ${clip(row.name)}`,
        `${Math.round(row.rating.rating)}${isProvisional(row.rating) ? '?' : ''}`.padStart(7),
        String(row.solved).padStart(7),
        String(row.failed).padStart(6),
        String(row.dailyFirsts).padStart(5),
        String(row.currentStreak).padStart(6),
      ].join(' '),
    );
  return `\`\`\`\n${m.puzzles.tableHead}\n${lines.join('\n')}\n\`\`\``;
}

/** `/puzzle mine`: the member's next puzzle due; with a move, their answer to the one open. */
async function mine(
  interaction: ChatInputCommandInteraction,
  { puzzles, practice }: BotContext,
  guildId: string,
): Promise<Answer> {
  const m = messagesOf(interaction);
  const player = playerOf(interaction);
  const personal = puzzles.puzzles.personal;
  const move = interaction.options.getString('move');
  if (move === null) {
    const outcome = await personal.next(guildId, player.id);
    return outcome.ok
      ? shownReply(m, outcome.value, { view: viewOf(interaction) })
      : privateAnswer(practiceFailureText(m, outcome));
  }
  const admitted = practice.admit(player.id);
  if (typeof admitted === 'string') return privateAnswer(m.practice.refusals[admitted]);
  try {
    const outcome = await personal.answer(guildId, player, move, practice.think);
    if (!outcome.ok) return privateAnswer(practiceFailureText(m, outcome));
    return privateReply(answerText(m, outcome.value), {
      files: [await practicePicture(m, outcome.value, viewOf(interaction))],
    });
  } finally {
    admitted();
  }
}
