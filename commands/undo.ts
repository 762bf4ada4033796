import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  SlashCommandBuilder,
} from 'discord.js';
import { type CustomIdKind, customId, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { type Answer, answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { gameBoard } from '../src/bot/views/announcements.ts';
import { situation } from '../src/bot/views/game-messages.ts';
import { messagesOf, onlyMention, playerOf, refusalText, safeName } from '../src/bot/views/present.ts';
import { opponentOf, sideOf } from '../src/core/players.ts';

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
    // A request is only ever taken from one of the game's players.
    const asker = active.players[sideOf(active.players, user.id)!];
    const opponent = opponentOf(active.players, user.id)!;
    const last = active.game.history().at(-1)?.notation ?? '';
    const buttons = [
      new ButtonBuilder()
        .setCustomId(customId({ kind: 'undo', accept: true, gameId: active.id, ply }))
        .setLabel(m.takeBack)
        .setStyle(ButtonStyle.Success),
      new ButtonBuilder()
        .setCustomId(customId({ kind: 'undo', accept: false, gameId: active.id, ply }))
        .setLabel(m.decline)
        .setStyle(ButtonStyle.Danger),
    ];
    return publicAnswer({
      content: m.asksUndo({ name: safeName(asker.name), move: last, opponentId: opponent.id }),
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)],
      allowedMentions: onlyMention(opponent.id),
    });
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
    const toMove = active.players[active.game.turn].id;
    return {
      kind: 'update',
      message: { content: m.takenBack({ move: undone }), components: [], allowedMentions: onlyMention() },
      followUp: publicAnswer(
        await gameBoard(
          m,
          `${m.takenBack({ move: undone })} ${situation(m, active, true)}`,
          active,
          pictures,
          {
            mention: toMove,
          },
        ),
      ),
    };
  });
}
