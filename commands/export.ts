import { AttachmentBuilder, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { answer, privateAnswer, privateReply } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { messagesOf } from '../src/bot/views/present.ts';
import { openTaflRecord } from '../src/engine/index.ts';
import { messagesFor, resultText } from '../src/i18n/index.ts';

export const data = new SlashCommandBuilder()
  .setName('export')
  .setDescription('This channel’s game (or the last one finished here) as an OpenTafl record file');

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const record = await service.records.gameForRecord(tableOf(interaction));
    if (!record) return privateAnswer(m.noGameRecorded);
    const { game, players, finished, aborted, startedAt, fischer } = record;
    const en = messagesFor('en');
    const text = openTaflRecord(game, {
      attackers: players.attackers.name,
      defenders: players.defenders.name,
      date: new Date(startedAt),
      site: 'Discord',
      // Other tafl software reads the record: its termination tag is in English.
      termination: game.result
        ? resultText(en, game.result, game.variant.end.repetition, game.turn)
        : undefined,
      clock: fischer?.control,
    });
    const date = new Date(startedAt).toISOString().slice(0, 10);
    const file = new AttachmentBuilder(Buffer.from(text, 'utf8'), {
      // A server variant's id is `server:<slug>`: no colon in a file name.
      name: `tafl-${game.variant.id.replace(':', '-')}-${date}.txt`,
    });
    const what = aborted ? m.abortedGameRecord : finished ? m.lastGameRecord : m.currentGameRecord;
    return privateReply(`${what} ${m.gameIdNote({ id: record.id })}`, { files: [file] });
  });
}
