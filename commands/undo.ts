import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { type CustomIdKind, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { type Answer, answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { takenBackBoard, undoRequestMessage } from '../src/bot/views/player-actions.ts';
import { messagesOf, onlyMention, playerOf, refusalText, safeName } from '../src/bot/views/present.ts';

export const data = new SlashCommandBuilder()
  .setName('undo')
  .setDescription('Ask your opponent to take back the last move');

export const customIds: readonly CustomIdKind[] = ['undo'];

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const user = playerOf(interaction);
    const outcome = await service.play.requestUndo(tableOf(interaction), user);
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    const { game: active, ply } = outcome.value;
    return publicAnswer(undoRequestMessage(m, active, user.id, ply));
  });
}

export async function button(
  interaction: ButtonInteraction,
  { service, pictures }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async (): Promise<Answer> => {
    const pressed = readCustomIdOf(interaction.customId, 'undo');
    if (!pressed) return privateAnswer(m.buttonInvalid);
    const user = playerOf(interaction);
    const outcome = await service.play.answerUndo(
      tableOf(interaction),
      user,
      pressed.gameId,
      pressed.ply,
      pressed.accept,
    );
    if (!outcome.ok) return privateAnswer(refusalText(m, outcome));
    const { game: active, undone } = outcome.value;
    if (!undone) {
      return {
        kind: 'update',
        message: {
          content: m.undoDeclined({ name: safeName(user.name) }),
          components: [],
          allowedMentions: onlyMention(),
        },
      };
    }
    return {
      kind: 'update',
      message: { content: m.takenBack({ move: undone }), components: [], allowedMentions: onlyMention() },
      followUp: publicAnswer(await takenBackBoard(m, active, undone, pictures)),
    };
  });
}
