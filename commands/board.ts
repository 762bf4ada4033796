import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { gameBoard } from '../src/bot/views/announcements.ts';
import { gameTitle, situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, playerOf, refusalText } from '../src/bot/views/present.ts';
import { isPrivatePool } from '../src/game/table.ts';
import { webMessagesFor } from '../src/i18n/web.ts';

export const data = new SlashCommandBuilder()
  .setName('board')
  .setDescription('Show the board of this channel’s game');

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, now: clockNow, pictures }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const active = await service.play.board(tableOf(interaction));
    if (!active) return privateAnswer(refusalText(m, { code: 'no-game' }));
    // A Fischer game's clocks as they stand now.
    const now = clockNow();
    const content = m.moveNumber({
      title: gameTitle(m, active),
      number: Math.floor(active.game.plyCount / 2) + 1,
      situation: situation(m, active, false, now),
    });
    // With the web board on, its button is among the board's (announcements.ts).
    return publicAnswer(await gameBoard(m, content, active, pictures, { now }));
  });
}

/**
 * The Web board button under a game's board: as an Activity, the board opens in the channel for the
 * member who pressed it (LAUNCH_ACTIVITY); otherwise a personal link to it, answered to them alone.
 * The study button under a review always answers with a personal link, to that game's study: the
 * Activity opens on the channel's game, which may be another by then. So does the button in a DM
 * or wherever the bot is not installed: an Activity is a server's. There the press itself shows
 * that the member is in the conversation, and the link opens only its own game.
 */
export const customIds: readonly CustomIdKind[] = ['web-board'];

export async function button(
  interaction: ButtonInteraction,
  { now, webLinks, activity }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  const pressed = readCustomIdOf(interaction.customId, 'web-board');
  const ours = pressed !== null;
  const inServer = !isPrivatePool(tableOf(interaction).guildId);
  // The Activity finds the channel's game itself (the SDK names the channel): nothing to read first.
  if (webLinks && ours && activity && inServer && !pressed.gameId) {
    await interaction.launchActivity();
    return;
  }
  await answer(interaction, async () => {
    if (!webLinks || !ours) return privateAnswer(m.buttonNotOurs);
    const table = tableOf(interaction);
    const player = playerOf(interaction);
    const url = webLinks.link(
      {
        memberId: player.id,
        name: player.name,
        guildId: table.guildId,
        channelId: table.channelId,
        locale: interaction.locale,
        ...(pressed?.gameId ? { gameId: pressed.gameId } : {}),
      },
      now(),
    );
    return privateAnswer(webMessagesFor(m.language).link({ url }));
  });
}
