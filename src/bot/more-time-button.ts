/**
 * The More time button under a board with a clock: `moretime:<game>`, made and read here only.
 * It names the game, so a button under an earlier game in the channel gives nothing to a new one.
 * The `moretime:` prefix routes it to commands/moretime.ts.
 */
import { ButtonBuilder, ButtonStyle } from 'discord.js';
import { moreTimeMs } from '../game/clock.ts';
import type { ActiveGame } from '../game/service.ts';
import type { Messages } from '../i18n/index.ts';
import { lobbyMessagesFor } from '../i18n/lobby.ts';

export const MORE_TIME_PREFIX = 'moretime';

export function moreTimeButtonId(gameId: string): string {
  return `${MORE_TIME_PREFIX}:${gameId}`;
}

/** The game a More time button names, or null for any other id. */
export function parseMoreTimeButton(customId: string): string | null {
  return /^moretime:([\w-]{1,64})$/.exec(customId)?.[1] ?? null;
}

/** The button, labelled with what it gives in this game; null in a game without a clock. */
export function moreTimeButton(m: Messages, active: ActiveGame): ButtonBuilder | null {
  if (!active.clock || active.game.result) return null;
  const lobby = lobbyMessagesFor(m.language);
  return new ButtonBuilder()
    .setCustomId(moreTimeButtonId(active.id))
    .setLabel(lobby.moreTime({ amount: lobby.amount(moreTimeMs(active.clock)) }))
    .setStyle(ButtonStyle.Secondary);
}
