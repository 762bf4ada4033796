import { type ChatInputCommandInteraction, EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, privateReply } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { messagesOf, safeName, variantNameText } from '../src/bot/views/present.ts';
import { clocksOfRecord } from '../src/game/fischer.ts';
import { resultText } from '../src/i18n/index.ts';
import { gameTitle } from '../src/i18n/titles.ts';

export const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('The moves of this channel’s game so far (or of the last one finished here)');

/** Discord allows 4,096 characters in an embed's description. */
const ROOM = 3900;

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, now }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const record = await service.records.gameForRecord(tableOf(interaction));
    if (!record) return privateAnswer(m.noGameRecorded);
    const { game, players, fischer } = record;
    const moves = game.history();
    // On a Fischer clock, each move is followed by the mover's time left after it.
    const timed = (notation: string, ply: number) => {
      const left = fischer?.timesLeft[ply];
      return left === undefined ? notation : `${notation} ${m.clock.time(left)}`;
    };
    const lines: string[] = [];
    for (let i = 0; i < moves.length; i += 2) {
      lines.push(
        `${i / 2 + 1}. ${moves
          .slice(i, i + 2)
          .map((move, j) => timed(move.notation, i + j))
          .join('  ')}`,
      );
    }
    // Keep the latest moves when the whole list does not fit.
    let shown = lines;
    while (shown.join('\n').length > ROOM) shown = shown.slice(1);
    const cut = shown.length < lines.length ? `${m.earlierMoves}\n` : '';
    const embed = new EmbedBuilder()
      .setTitle(
        gameTitle(m.language, {
          variant: variantNameText(m, game.variant),
          attackers: safeName(players.attackers.name),
          defenders: safeName(players.defenders.name),
        }),
      )
      .setDescription(moves.length === 0 ? m.noMovesYet : `\`\`\`\n${cut}${shown.join('\n')}\n\`\`\``)
      .addFields({ name: m.gameIdField, value: `\`${record.id}\`` })
      .addFields(
        fischer
          ? [
              {
                name: m.clock.field,
                value: `${m.clock.controlOf(fischer.control)} · ${m.clock.clocks(clocksOfRecord(fischer, game, now()))}`,
              },
            ]
          : [],
      )
      .setFooter({
        text: game.result
          ? resultText(m, game.result, game.variant.end.repetition, game.turn)
          : record.aborted
            ? m.abortedFooter
            : m.sideToMove({ side: game.turn }),
      });
    return privateReply('', { embeds: [embed] });
  });
}
