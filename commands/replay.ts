import { AttachmentBuilder, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/bot/discord/command.ts';
import { viewOf } from '../src/bot/discord/interaction-settings.ts';
import { answer, privateAnswer, publicAnswer } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { DrawingBusyError, type DrawingThread } from '../src/bot/jobs/drawing-thread.ts';
import { messagesOf, onlyMention, safeName, variantNameText } from '../src/bot/views/present.ts';
import { serializeGame } from '../src/engine/index.ts';
import type { Messages } from '../src/i18n/index.ts';
import { type PlanRefusal, planReplay, SPEEDS, type Speed } from '../src/replay/plan.ts';
import { replaySource, type SourceRefusal } from '../src/replay/source.ts';

export const data = new SlashCommandBuilder()
  .setName('replay')
  .setDescription(
    'This channel’s game (or the last one finished here), or any game by its id, as an animated GIF',
  )
  .addStringOption((option) =>
    option
      .setName('game')
      .setDescription('A game’s id, as /history and /export show it (default: this channel’s game)')
      .setMaxLength(64),
  )
  .addStringOption((option) =>
    option
      .setName('speed')
      .setDescription('How fast the moves follow each other (default: normal)')
      .addChoices(
        { name: 'slow', value: 'slow' },
        { name: 'normal', value: 'normal' },
        { name: 'fast', value: 'fast' },
      ),
  )
  .addIntegerOption((option) =>
    option
      .setName('from')
      .setDescription('The first move shown, as /history numbers them (default: 1)')
      .setMinValue(1),
  )
  .addIntegerOption((option) =>
    option.setName('to').setDescription('The last move shown (default: the last)').setMinValue(1),
  );

export async function execute(
  interaction: ChatInputCommandInteraction,
  { service, drawings }: BotContext,
): Promise<void> {
  const m = messagesOf(interaction);
  await answer(interaction, async () => {
    const speed = interaction.options.getString('speed') ?? 'normal';
    if (!SPEEDS.includes(speed as Speed)) return privateAnswer(m.replayBadSpeed);
    const gameId = interaction.options.getString('game')?.trim() || undefined;
    const found = await replaySource(service, tableOf(interaction), gameId);
    if (!found.ok) return privateAnswer(sourceRefusal(m, found.refusal));
    const { id, game, players, finished, aborted, fischer } = found.source;
    const request = {
      speed: speed as Speed,
      from: interaction.options.getInteger('from') ?? undefined,
      to: interaction.options.getInteger('to') ?? undefined,
    };
    const planned = planReplay(game.plyCount, request);
    if (!planned.ok) return privateAnswer(planRefusal(m, planned.refusal));

    let replay: Awaited<ReturnType<DrawingThread['replay']>>;
    try {
      replay = await drawings.replay({
        record: serializeGame(game),
        players: { attackers: players.attackers.name, defenders: players.defenders.name },
        language: m.language,
        // As the member who asked sees the board (/settings).
        view: viewOf(interaction),
        request,
        aborted,
        fischer,
      });
    } catch (error) {
      if (error instanceof DrawingBusyError) return privateAnswer(m.replayBusy);
      throw error;
    }
    const lines = [
      m.replayReady({
        variant: variantNameText(m, game.variant),
        attackers: safeName(players.attackers.name),
        defenders: safeName(players.defenders.name),
        first: replay.fromMove,
        last: replay.toMove,
        moves: replay.moves,
        id,
      }),
    ];
    if (!finished) lines.push(m.replayInProgress);
    if (replay.scale < 1) lines.push(m.replayScaled({ percent: Math.round(replay.scale * 100) }));
    if (replay.every > 1) lines.push(m.replayThinned({ every: replay.every }));
    const file = new AttachmentBuilder(Buffer.from(replay.gif), { name: `tafl-replay-${id}.gif` });
    return publicAnswer({ content: lines.join('\n'), files: [file], allowedMentions: onlyMention() });
  });
}

function sourceRefusal(m: Messages, refusal: SourceRefusal): string {
  switch (refusal.code) {
    case 'no-game-here':
      return m.noGameRecorded;
    case 'unknown-game':
      // As typed, but unable to close the code span it is shown in.
      return m.replayUnknownGame({ id: refusal.id.slice(0, 64).replace(/`/g, "'") });
  }
}

function planRefusal(m: Messages, refusal: PlanRefusal): string {
  switch (refusal.code) {
    case 'no-moves':
      return m.replayNoMoves;
    case 'not-a-move':
      return m.replayNotAMove({ option: refusal.option, number: refusal.value });
    case 'beyond-last-move':
      return m.replayBeyondEnd({ option: refusal.option, number: refusal.value, moves: refusal.moves });
    case 'from-after-to':
      return m.replayFromAfterTo({ from: refusal.from, to: refusal.to });
  }
}
