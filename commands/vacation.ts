import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, onlyMention, playerOf, refusalText, safeName } from '../src/bot/views/present.ts';
import { DAY } from '../src/core/time-controls.ts';
import type { ActiveGame } from '../src/game/service.ts';
import { MAX_VACATION_DAYS } from '../src/game/vacations.ts';
import { lobbyMessagesFor } from '../src/i18n/lobby.ts';

/**
 * Vacations (src/game/vacations.ts): a member away stops the clocks of their games on this server
 * on their turns, for up to the server's vacation days a year; each game's channel is told.
 */
/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('vacation')
  .setDescription('Stop your games’ clocks on your turns while you are away')
  .addSubcommand((sub) =>
    sub.setName('start').setDescription('Go on vacation: your clocks stand on your turns until you are back'),
  )
  .addSubcommand((sub) => sub.setName('end').setDescription('Back from vacation: your clocks run again'))
  .addSubcommand((sub) =>
    sub.setName('status').setDescription('Whether you are away, and your days left this year'),
  )
  .addSubcommand((sub) =>
    sub
      .setName('days')
      .setDescription('The vacation days a year members have here; set by members who may manage the server')
      .addIntegerOption((option) =>
        option
          .setName('days')
          .setDescription('Days a year (0: no vacations); leave out to see the number')
          .setMinValue(0)
          .setMaxValue(MAX_VACATION_DAYS),
      ),
  );

const at = (ms: number, style: 'R' | 'f') => `<t:${Math.floor(ms / 1000)}:${style}>`;

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const lobby = lobbyMessagesFor(interaction.locale);
  const { vacations } = context.service;
  const guildId = interaction.guildId ?? '';
  const player = playerOf(interaction);
  const name = safeName(player.name);
  const sub = interaction.options.getSubcommand();
  const notices: { games: ActiveGame[]; line: string }[] = [];
  await answer(interaction, async () => {
    if (sub === 'status') {
      const status = await vacations.status(guildId, player.id);
      return privateAnswer(
        status.since !== null && status.endsAt !== null
          ? lobby.vacationStatusAway({ since: at(status.since, 'R'), until: at(status.endsAt, 'f') })
          : lobby.vacationStatusHome({
              days: status.days,
              left: lobby.vacationLeft(Math.floor(status.leftMs / DAY)),
            }),
      );
    }
    if (sub === 'days') {
      const days = interaction.options.getInteger('days');
      if (days === null)
        return privateAnswer(lobby.vacationDaysShown({ days: await vacations.days(guildId) }));
      if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
        return privateAnswer(lobby.vacationDaysNotAdmin);
      const set = await vacations.setDays(guildId, days);
      if (!set.ok) return privateAnswer(refusalText(m, set));
      return publicAnswer({
        content: lobby.vacationDaysSet({ days: set.value.days }),
        allowedMentions: onlyMention(),
      });
    }
    if (sub === 'start') {
      const started = await vacations.start(guildId, player);
      if (!started.ok) return privateAnswer(refusalText(m, started));
      const { status, games } = started.value;
      notices.push({ games, line: lobby.vacationAwayHere({ name }) });
      return publicAnswer({
        content: lobby.vacationStarted({ name, until: at(status.endsAt ?? context.now(), 'f') }),
        allowedMentions: onlyMention(),
      });
    }
    const ended = await vacations.end(guildId, player.id);
    if (!ended.ok) return privateAnswer(refusalText(m, ended));
    notices.push({ games: ended.value.games, line: lobby.vacationBackHere({ name }) });
    return publicAnswer({ content: lobby.vacationBack({ name }), allowedMentions: onlyMention() });
  });
  // Each game's channel hears of it, with the clocks as they now are (what was stored).
  for (const { games, line } of notices)
    for (const game of games)
      await context.post(game, async (channel) => ({
        content: `${line} ${situation(channel, game, false, context.now())}`,
        allowedMentions: onlyMention(),
      }));
}
