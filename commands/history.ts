import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/bot/command.ts';
import { safeName } from '../src/bot/present.ts';
import { answer, privateAnswer, privateReply } from '../src/bot/respond.ts';

export const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('The moves of this channel’s game so far (or of the last one finished here)')
  .setContexts(InteractionContextType.Guild);

/** Discord allows 4,096 characters in an embed's description. */
const ROOM = 3900;

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  await answer(interaction, async () => {
    const record = await service.gameForRecord(interaction.channelId);
    if (!record) return privateAnswer('No game has been played in this channel yet.');
    const { game, players } = record;
    const moves = game.history();
    const lines: string[] = [];
    for (let i = 0; i < moves.length; i += 2) {
      lines.push(
        `${i / 2 + 1}. ${moves
          .slice(i, i + 2)
          .map((move) => move.notation)
          .join('  ')}`,
      );
    }
    // Keep the latest moves when the whole list does not fit.
    let shown = lines;
    while (shown.join('\n').length > ROOM) shown = shown.slice(1);
    const cut = shown.length < lines.length ? '…earlier moves in `/export`\n' : '';
    const embed = new EmbedBuilder()
      .setTitle(
        `${game.variant.name}: ${safeName(players.attackers.name)} v ${safeName(players.defenders.name)}`,
      )
      .setDescription(moves.length === 0 ? 'No moves yet.' : `\`\`\`\n${cut}${shown.join('\n')}\n\`\`\``)
      .setFooter({ text: game.result ? game.result.description : `${game.turn} to move` });
    return privateReply('', { embeds: [embed] });
  });
}
