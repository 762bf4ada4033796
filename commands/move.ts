import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  SlashCommandBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { type CustomIdKind, type CustomIdOf, readCustomIdOf } from '../src/bot/custom-ids.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { LIMITS } from '../src/bot/discord/discord-limits.ts';
import { viewOf } from '../src/bot/discord/interaction-settings.ts';
import { receivedAt } from '../src/bot/discord/received-at.ts';
import {
  type Answer,
  answer,
  answerOutcome,
  privateAnswer,
  privateReply,
} from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { moveOption } from '../src/bot/options/move-option.ts';
import { announceMove, type MovePlayed } from '../src/bot/views/announcements.ts';
import { type PickerChoice, pickerClosed, pickerMessage } from '../src/bot/views/move-picker.ts';
import { messagesOf, playerOf, refusalText } from '../src/bot/views/present.ts';
import { sideOf } from '../src/core/players.ts';
import type { ActiveGame } from '../src/game/service.ts';
import type { Messages } from '../src/i18n/index.ts';
import { suggestionName } from '../src/i18n/index.ts';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Play a move in this channel’s game, e.g. e5-e8')
  .addStringOption(moveOption);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, now, pictures, ai }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  // The move is timed from when it arrived: the bot's own work is not charged to the player.
  const at = receivedAt(interaction, now);
  await answerOutcome(
    interaction,
    m,
    () =>
      service.play.move(
        tableOf(interaction),
        playerOf(interaction),
        interaction.options.getString('move', true),
        at,
      ),
    (played) => moveAnswer(m, played, { pictures, ai }),
  );
}

/** The move announced to the channel, as /move and the picker both answer; the AI looks for its turn. */
function moveAnswer(
  m: Messages,
  played: MovePlayed,
  { pictures, ai }: Pick<BotContext, 'pictures' | 'ai'>,
): Promise<Answer> {
  const { game: active, nextGame } = played;
  if ((active.ai && !active.game.result) || nextGame?.ai) setImmediate(() => ai.nudge());
  return announceMove(m, played, pictures);
}

// The move picker (src/bot/views/move-picker.ts): the Move button under a board opens it privately.

export const customIds: readonly CustomIdKind[] = ['picker'];

export function button(interaction: ButtonInteraction, context: BotContext): Promise<void> {
  return pick(interaction, context, readCustomIdOf(interaction.customId, 'picker'), null);
}

export function select(interaction: StringSelectMenuInteraction, context: BotContext): Promise<void> {
  return pick(
    interaction,
    context,
    readCustomIdOf(interaction.customId, 'picker'),
    interaction.values[0] ?? null,
  );
}

/** A step of the picker: only the player to move gets one; a picker behind the game shows it anew. */
async function pick(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  context: BotContext,
  step: CustomIdOf<'picker'> | null,
  value: string | null,
): Promise<void> {
  const { service, now, pictures } = context;
  const m = messagesOf(interaction);
  const at = receivedAt(interaction, now);
  await answer(interaction, async () => {
    if (!step) return privateAnswer(m.buttonNotOurs);
    const table = tableOf(interaction);
    const player = playerOf(interaction);
    const active = await service.play.board(table);
    const refusal = whyNotYours(m, active, step.gameId, player.id);
    if (refusal || !active) return privateAnswer(refusal ?? refusalText(m, { code: 'no-game' }));
    const show = async (choice: PickerChoice, note?: string): Promise<Answer> => {
      const message = await pickerMessage(m, active, pictures, choice, note, viewOf(interaction));
      return step.step === 'open'
        ? privateReply(message.content ?? '', { files: message.files, components: message.components })
        : { kind: 'update', message };
    };
    if (step.step === 'open') return show({});
    if (step.ply !== active.game.plyCount) return show({}, m.picker.positionChanged);
    if (step.step === 'back' || (!value && step.step !== 'play')) return show({});
    if (step.step === 'group') return show({ group: Number(value) });
    if (step.step === 'piece') return show({ piece: value ?? '' });

    const move = step.step === 'play' ? step.move : `${step.from}-${value}`;
    const outcome = await service.play.move(table, player, move, at, step.ply);
    if (!outcome.ok) {
      // Changed meanwhile: the picker shows the game as it is now, when it is still theirs to move.
      const now = await service.play.board(table);
      const why = refusalText(m, outcome);
      if (!now || whyNotYours(m, now, step.gameId, player.id))
        return { kind: 'update', message: pickerClosed(why) };
      return { kind: 'update', message: await pickerMessage(m, now, pictures, {}, why, viewOf(interaction)) };
    }
    return {
      kind: 'update',
      message: pickerClosed(m.picker.played({ move })),
      followUp: await moveAnswer(m, outcome.value, context),
    };
  });
}

/** Why this member may not pick a move in this game now, or null when it is theirs to move. */
function whyNotYours(
  m: Messages,
  active: ActiveGame | null,
  gameId: string,
  memberId: string,
): string | null {
  if (!active || active.id !== gameId) return refusalText(m, { code: 'game-gone' });
  const side = sideOf(active.players, memberId);
  if (!side) return refusalText(m, { code: 'not-a-player' });
  if (active.game.turn !== side) {
    const toMove = active.players[active.game.turn];
    return refusalText(m, { code: 'not-your-turn', params: { name: toMove.name, side: active.game.turn } });
  }
  return null;
}

export async function autocomplete(
  interaction: AutocompleteInteraction,
  { service }: BotContext,
): Promise<void> {
  const suggestions = await service.play.suggestMoves(
    tableOf(interaction),
    interaction.user.id,
    interaction.options.getFocused(),
  );
  // In the member's language, like every reply.
  const m = messagesOf(interaction);
  await interaction.respond(
    suggestions
      .slice(0, LIMITS.choices)
      .map((suggestion) => ({ name: suggestionName(m, suggestion), value: suggestion.value })),
  );
}
