/** The texts of game messages: who played what, who is to move, how a game ended. */

import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { GameResult, PlayedMove, Side } from '../engine/index.ts';
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
  return `${who} to move (${game.turn}).${deadline}`;
}

export function resultLine(active: ActiveGame, result: GameResult): string {
  const winner = result.winner
    ? `**${safeName(playerOf(active, result.winner).name)}** (${result.winner}) wins.`
    : 'The game is drawn.';
  return `**Game over.** ${result.description} ${winner}`;
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
  if (!active.game.result) return [];
  const rematch = new ButtonBuilder()
    .setCustomId(`challenge:rematch:${active.id}`)
    .setLabel('Rematch')
    .setStyle(ButtonStyle.Primary);
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(rematch)];
}
