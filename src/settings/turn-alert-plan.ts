/**
 * The turn alerts' schedule changes of a game's change, for the commit plan: pure, like aiTurn.
 * Every human player's turn gets an entry, whether or not they asked for alerts (their settings
 * are another slot, read when the entry falls due); the entry of the turn that ended goes.
 */
import type { Side } from '../engine/index.ts';
import { entryFor } from '../game/clock.ts';
import type { ScheduleChange } from '../store/index.ts';
import { SETTINGS_SCHEDULES } from './keys.ts';

interface AlertedGame {
  id: string;
  guildId: string;
  channelId: string;
  ai?: { side: Side } | null;
}

export function turnAlert(
  game: AlertedGame,
  before: { ply: number } | null,
  after: { turn: Side; ply: number } | null,
  now: number,
): ScheduleChange[] {
  const schedule = SETTINGS_SCHEDULES.turnAlerts;
  const group = game.guildId;
  const changes: ScheduleChange[] = [];
  if (before && before.ply !== after?.ply)
    changes.push({ schedule, group, member: entryFor(game, before.ply), at: null });
  if (after && after.turn !== game.ai?.side && before?.ply !== after.ply)
    changes.push({ schedule, group, member: entryFor(game, after.ply), at: now });
  return changes;
}
