import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  SlashCommandBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { announce } from '../src/bot/announce.ts';
import type { BotContext } from '../src/bot/command.ts';
import { LIMITS } from '../src/bot/discord-limits.ts';
import { moveLine, situation } from '../src/bot/game-messages.ts';
import { viewOf } from '../src/bot/member-settings.ts';
import { moveOption } from '../src/bot/move-option.ts';
import { type PickerChoice, pickerClosed, pickerMessage } from '../src/bot/move-picker.ts';
import { PICKER_PREFIX, type PickerStep, parsePickerId } from '../src/bot/move-picker-id.ts';
import { messagesOf, playerOf, refusalText } from '../src/bot/present.ts';
import { receivedAt } from '../src/bot/received-at.ts';
import { type Answer, answer, answerOutcome, privateAnswer, privateReply } from '../src/bot/respond.ts';
import { tableOf } from '../src/bot/table-of.ts';
import type { ActiveGame, GameService } from '../src/game/service.ts';
import { sideOf } from '../src/game/types.ts';
import type { Messages } from '../src/i18n/index.ts';
import { suggestionName } from '../src/i18n/index.ts';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Play a move in this channel’s game, e.g. e5-e8')
  .setContexts(InteractionContextType.Guild)
  .addStringOption(moveOption);

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, pictures, ai }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  // The move is timed from when it arrived: the bot's own work is not charged to the player.
  const at = receivedAt(interaction, service.storage.now);
  await answerOutcome(
    interaction,
    m,
    () =>
      service.move(
        tableOf(interaction),
        playerOf(interaction),
        interaction.options.getString('move', true),
        at,
      ),
    (played) => moveAnnouncement(m, played, { pictures, ai }),
  );
}

type Played = Extract<Awaited<ReturnType<GameService['move']>>, { ok: true }>['value'];

/** The channel's board after a move, as /move and the picker both announce it. */
function moveAnnouncement(
  m: Messages,
  { game: active, move, nextGame }: Played,
  { pictures, ai }: Pick<BotContext, 'pictures' | 'ai'>,
): Promise<Answer> {
  if ((active.ai && !active.game.result) || nextGame?.ai) setImmediate(() => ai.nudge());
  const mention = active.game.result ? undefined : active.players[active.game.turn].id;
  // No move: it came after the player's time ran out, and the game ended on time.
  const played = move ? `${moveLine(m, active, move)} ` : '';
  return announce(m, `${played}${situation(m, active, true)}`, active, pictures, {
    mention,
    nextGame,
  });
}

// The move picker (src/bot/move-picker.ts): the Move button under a board opens it privately.

export const buttonPrefix = PICKER_PREFIX;

export function button(interaction: ButtonInteraction, context: BotContext): Promise<void> {
  return pick(interaction, context, parsePickerId(interaction.customId), null);
}

export function select(interaction: StringSelectMenuInteraction, context: BotContext): Promise<void> {
  return pick(interaction, context, parsePickerId(interaction.customId), interaction.values[0] ?? null);
}

/** A step of the picker: only the player to move gets one; a picker behind the game shows it anew. */
async function pick(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  context: BotContext,
  step: PickerStep | null,
  value: string | null,
): Promise<void> {
  const { service, pictures } = context;
  const m = messagesOf(interaction);
  const at = receivedAt(interaction, service.storage.now);
  await answer(interaction, async () => {
    if (!step) return privateAnswer(m.buttonNotOurs);
    const table = tableOf(interaction);
    const player = playerOf(interaction);
    const active = await service.board(table);
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
    const outcome = await service.move(table, player, move, at, step.ply);
    if (!outcome.ok) {
      // Changed meanwhile: the picker shows the game as it is now, when it is still theirs to move.
      const now = await service.board(table);
      const why = refusalText(m, outcome);
      if (!now || whyNotYours(m, now, step.gameId, player.id))
        return { kind: 'update', message: pickerClosed(why) };
      return { kind: 'update', message: await pickerMessage(m, now, pictures, {}, why, viewOf(interaction)) };
    }
    return {
      kind: 'update',
      message: pickerClosed(m.picker.played({ move })),
      followUp: await moveAnnouncement(m, outcome.value, context),
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
  const suggestions = await service.suggestMoves(
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
