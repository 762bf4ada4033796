/** The texts of game messages: who played what, who is to move, how a game ended. */

import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { type GameResult, type PlayedMove, type Side, scoreMatch } from '../engine/index.ts';
import type { ActiveGame } from '../game/service.ts';
import { safeName } from './present.ts';

const other = (side: Side): Side => (side === 'attackers' ? 'defenders' : 'attackers');

export function playerOf(active: ActiveGame, side: Side): { id: string; name: string } {
  return active.players[side];
}

/** "Alice (defenders) to move" with a mention, or the result. */
export function situation(active: ActiveGame, mention: boolean): string {
  const { game } = active;
  if (game.result) return resultLine(active, game.result);
  const toMove = playerOf(active, game.turn);
  const who = mention ? `<@${toMove.id}>` : `**${safeName(toMove.name)}**`;
  const deadline = active.clock ? ` Deadline <t:${Math.floor(active.clock.deadline / 1000)}:R>.` : '';
  const match = active.match && game.plyCount === 0 ? ` ${matchStanding(active)}`.trimEnd() : '';
  return `${who} to move (${game.turn}).${deadline}${match}`;
}

export function resultLine(active: ActiveGame, result: GameResult): string {
  const winner = result.winner
    ? `**${safeName(playerOf(active, result.winner).name)}** (${result.winner}) wins.`
    : 'The game is drawn.';
  const match =
    active.match?.game === 1 ? ' That was game 1 of the match: game 2 follows, sides swapped.' : '';
  const final = active.match?.game === 2 ? ` ${matchOutcome(active, result)}` : '';
  return `**Game over.** ${result.description} ${winner}${match}${final}`;
}

/** A short label for captions: which game of a match this is. */
export function matchLabel(active: ActiveGame): string | undefined {
  return active.match ? `match game ${active.match.game} of 2` : undefined;
}

/** The match as it stands after game 1, for game 2's messages. */
export function matchStanding(active: ActiveGame): string {
  const first = active.match?.first;
  if (!first) return '';
  if (!first.winner) return 'Game 1 of the match was drawn.';
  const winner = [first.players.attackers, first.players.defenders].find(
    (player) => player.id === first.winner,
  );
  return `**${safeName(winner?.name ?? 'someone')}** won game 1 of the match in ${first.winnerMoves} moves.`;
}

/** Who takes the match when game 2 ends. */
function matchOutcome(active: ActiveGame, result: GameResult): string {
  const first = active.match?.first;
  if (!first) return '';
  const names = (players: typeof first.players) => ({
    attackers: safeName(players.attackers.name),
    defenders: safeName(players.defenders.name),
  });
  const firstWinner =
    (['attackers', 'defenders'] as const).find((side) => first.players[side].id === first.winner) ?? null;
  const moves = result.winner
    ? active.game.history().filter((move) => move.side === result.winner).length
    : 0;
  const score = scoreMatch([
    { players: names(first.players), winner: firstWinner, winnerMoves: first.winnerMoves },
    { players: names(active.players), winner: result.winner, winnerMoves: moves },
  ]);
  return score.winner
    ? `**${score.winner} takes the match**: ${score.explanation}.`
    : `**The match is drawn**: ${score.explanation}.`;
}

export function moveLine(active: ActiveGame, move: PlayedMove): string {
  const mover = playerOf(active, move.side);
  const captures =
    move.captured.length === 0
      ? ''
      : move.captured.length === 1
        ? ' capturing 1 piece'
        : ` capturing ${move.captured.length} pieces`;
  return `**${safeName(mover.name)}** (${move.side}) played **${move.notation}**${captures}.`;
}

export function gameTitle(active: ActiveGame): string {
  const { attackers, defenders } = active.players;
  return `${active.game.variant.name}: **${safeName(attackers.name)}** (attackers) against **${safeName(defenders.name)}** (defenders)`;
}

export { other };

/** Under a finished game: a Rematch button (sides swapped). Nothing while the game goes on. */
export function resultButtons(active: ActiveGame): ActionRowBuilder<ButtonBuilder>[] {
  if (!active.game.result || active.match?.game === 1) return [];
  const rematch = new ButtonBuilder()
    .setCustomId(`challenge:rematch:${active.id}`)
    .setLabel('Rematch')
    .setStyle(ButtonStyle.Primary);
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(rematch)];
}

/** The message that opens game 2 of a match, when game 1 has just ended. */
export function matchContinues(next: ActiveGame): string {
  return `**Game 2 of the match**, sides swapped: ${gameTitle(next)}. ${situation(next, true)}`;
}
