import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answerOutcome, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { memberName, messagesOf, onlyMention, safeName } from '../src/bot/views/present.ts';

/**
 * Ends a stalled game (players gone, no time limit) without a result. Only members who may manage
 * messages see it unless the server's admins allow others (Server Settings → Integrations): Discord
 * itself keeps it from everyone else.
 */
/** A server's own (see `needsServer` in src/bot/discord/command.ts): refused where the bot is not installed. */
export const needsServer = true;

export const data = new SlashCommandBuilder()
  .setName('abort')
  .setDescription('End this channel’s game without a result (moderators)')
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageMessages);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answerOutcome(
    interaction,
    m,
    () => service.lifecycle.abortGame(tableOf(interaction)),
    ({ game: { players, game } }) =>
      publicAnswer({
        content: m.gameAborted({
          name: safeName(memberName(interaction)),
          attackers: safeName(players.attackers.name),
          defenders: safeName(players.defenders.name),
          moves: game.plyCount,
        }),
        allowedMentions: onlyMention(),
      }),
  );
}
