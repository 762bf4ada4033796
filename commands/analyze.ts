import {
  ActionRowBuilder,
  AttachmentBuilder,
  type ButtonBuilder,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import { BLUNDER, INACCURACY, MISTAKE, type SideAccuracy } from '../src/analysis/accuracy.ts';
import { accuracyOf, type GameReview, type MoveReview } from '../src/analysis/review.ts';
import type { BotContext } from '../src/bot/discord/command.ts';
import { refused } from '../src/bot/discord/respond.ts';
import { tableOf } from '../src/bot/discord/table-of.ts';
import { DrawingBusyError } from '../src/bot/jobs/drawing-thread.ts';
import { practiceButtons } from '../src/bot/views/practice-messages.ts';
import { messagesOf, onlyMention, safeName, variantNameText } from '../src/bot/views/present.ts';
import type { PlotOf } from '../src/bot/views/review-plots.ts';
import { studyButton } from '../src/bot/views/web-board-button.ts';
import type { Player } from '../src/core/players.ts';
import { type Game, loadGame, type Side } from '../src/engine/index.ts';
import { type AccuracyMessages, accuracyMessages } from '../src/i18n/accuracy.ts';
import type { Messages } from '../src/i18n/index.ts';
import { gameTitle } from '../src/i18n/titles.ts';
import type { PlotLabels } from '../src/render/eval-plot.ts';

export const data = new SlashCommandBuilder()
  .setName('analyze')
  .setDescription('Review a finished game: who stood better after every move, and the worst moves')
  .addStringOption((option) =>
    option
      .setName('game')
      .setDescription('A game id from /history (default: the last game finished in this channel)')
      .setMaxLength(64),
  );

/** How often the deferred reply is edited with the progress. */
const PROGRESS_EVERY_MS = 2000;

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const m = messagesOf(interaction);
  const refuse = (content: string) => {
    refused.add(interaction);
    return interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: onlyMention() });
  };
  const found = await finishedGame(interaction, context, m);
  if ('refusal' in found) {
    await refuse(found.refusal);
    return;
  }
  const { id, game, players } = found;
  const guildId = tableOf(interaction).guildId;
  const title = gameTitle(m.language, {
    variant: variantNameText(m, game.variant),
    attackers: safeName(players.attackers.name),
    defenders: safeName(players.defenders.name),
  });
  const plotOf: PlotOf = { guildId, gameId: id, language: m.language };
  const study = context.webLinks !== undefined;
  // A picture shows names as they are: no markdown there to escape.
  const labels = {
    title: gameTitle(m.language, {
      variant: m.variantName(game.variant),
      attackers: players.attackers.name,
      defenders: players.defenders.name,
    }),
    ...m.plot,
  };
  const kept = await context.service.records.review(guildId, id);
  const drawn = kept && context.plots.drawn(plotOf);
  const reviewed = { game, players, title };
  if (kept && drawn) {
    await interaction.reply(reviewMessage(m, id, kept, reviewed, drawn, study));
    return;
  }
  const endWait = context.analyses.admit(interaction.user.id);
  if (!endWait) {
    await refuse(m.analysisWaiting);
    return;
  }
  try {
    if (!kept && !context.analyses.canRun(guildId, id)) {
      await refuse(m.analysisBusy);
      return;
    }
    // Deferred at once, and the review started before anything else is awaited, so that no other
    // ask takes its place meanwhile: drawing the plot, let alone reviewing, may outlast Discord's 3 s.
    const deferral = interaction.deferReply();
    deferral.catch(() => {});
    let edits = deferral.then(() => {});
    let shownAt = 0;
    const review =
      kept ??
      (await context.analyses.run(guildId, id, game, (done, total) => {
        const now = Date.now();
        if (now - shownAt < PROGRESS_EVERY_MS || done === total) return;
        shownAt = now;
        edits = edits.then(() =>
          interaction.editReply({ content: m.analysing({ done, total }) }).then(() => {}),
        );
        edits.catch(() => {});
      }));
    const plot = await plotOrBusy(context, plotOf, review, labels);
    await deferral;
    await edits.catch(() => {});
    if (!plot) {
      // Too many plots asked for at once: the public "thinking…" reply makes way for a private refusal.
      refused.add(interaction);
      await interaction.deleteReply().catch(() => {});
      await interaction.followUp({
        content: m.analysisPlotsBusy,
        flags: MessageFlags.Ephemeral,
        allowedMentions: onlyMention(),
      });
      return;
    }
    await interaction.editReply(reviewMessage(m, id, review, reviewed, plot, study));
  } finally {
    endWait();
  }
}

/** The review's plot, or null when the drawing thread has too many waiting. */
async function plotOrBusy(
  { plots }: BotContext,
  plotOf: PlotOf,
  review: GameReview,
  labels: PlotLabels,
): Promise<Buffer | null> {
  try {
    return await plots.plot(plotOf, review, labels);
  } catch (error) {
    if (error instanceof DrawingBusyError) return null;
    throw error;
  }
}

/** The game to review: by id (a finished game of this server), or the channel's last finished one. */
async function finishedGame(
  interaction: ChatInputCommandInteraction,
  { service }: BotContext,
  m: Messages,
): Promise<{ id: string; game: Game; players: Record<Side, Player> } | { refusal: string }> {
  const table = tableOf(interaction);
  const asked = interaction.options.getString('game')?.trim();
  if (asked) {
    const archived = await service.records.archived(table.guildId, asked);
    if (!archived) return { refusal: m.analysisUnknownGame({ id: asked.slice(0, 64) }) };
    return { id: archived.id, game: loadGame(archived.record), players: archived.players };
  }
  const record = await service.records.gameForRecord(table);
  if (!record) return { refusal: m.analysisNoGame };
  if (!record.finished) return { refusal: m.analysisLive };
  return { id: record.id, game: record.game, players: record.players };
}

function reviewMessage(
  m: Messages,
  gameId: string,
  review: GameReview,
  { game, players, title }: { game: Game; players: Record<Side, Player>; title: string },
  picture: Buffer,
  /** The web board is served and the game is a server's: a study button too. */
  study: boolean,
) {
  const a = accuracyMessages(m.language);
  const plot = new AttachmentBuilder(picture, { name: 'review.png' });
  const embed = new EmbedBuilder()
    .setTitle(m.analysisTitle({ title }))
    .setImage('attachment://review.png')
    .setFooter({
      text: a.footer({
        ms: review.msPerPosition,
        inaccuracy: INACCURACY,
        mistake: MISTAKE,
        blunder: BLUNDER,
      }),
    });
  const accuracy = accuracyOf(review, game.variant);
  for (const side of ['attackers', 'defenders'] as const) {
    embed.addFields({
      name: a.player({ side, name: safeName(players[side].name) }),
      value: accuracyText(a, accuracy[side]),
      inline: true,
    });
  }
  for (const side of ['attackers', 'defenders'] as const) {
    const worst = review.worst[side];
    embed.addFields({
      name: m.analysisWorst({ side }),
      value:
        worst.length > 0 ? worst.map((move) => line(m, a, move)).join('\n') : a.none({ mistake: MISTAKE }),
    });
  }
  // The players practise their own mistakes from here (commands/puzzle.ts), and anyone studies it on the web board.
  const components = practiceButtons(m, gameId, review);
  if (study) {
    const row = components[0] ?? new ActionRowBuilder<ButtonBuilder>();
    row.addComponents(studyButton(m.language, gameId));
    if (!components[0]) components.push(row);
  }
  return { content: '', embeds: [embed], files: [plot], components, allowedMentions: onlyMention() };
}

/** "Accuracy **87.5**", then "2 inaccuracies · 1 mistake · 0 blunders". */
function accuracyText(a: AccuracyMessages, side: SideAccuracy | null): string {
  if (!side) return a.noMoves;
  const counts = [a.inaccuracies(side.inaccuracies), a.mistakes(side.mistakes), a.blunders(side.blunders)];
  return `${a.accuracy({ accuracy: side.accuracy })}\n${counts.join(' · ')}`;
}

function line(m: Messages, a: AccuracyMessages, move: MoveReview): string {
  return m.analysisLine({
    move: Math.ceil(move.ply / 2),
    notation: move.notation,
    better: move.better ?? '',
    // A review made before winning chances were kept shows what it kept: the score's swing.
    swing:
      move.chanceLost === undefined
        ? `−${(move.loss / 100).toFixed(1)}`
        : a.chanceLost({ lost: move.chanceLost }),
    blunder: move.verdict === 'blunder',
  });
}
