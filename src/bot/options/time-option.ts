/**
 * The `time` option of /challenge and /tournament create: a time for each move, as the clock knows
 * it, or a Fischer clock (each side's own time, plus an increment after each move).
 */
import type { SlashCommandStringOption } from 'discord.js';

export function timeOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return option
    .setName('time')
    .setDescription('Time per move, or a clock with an increment (default: 1 day per move)')
    .addChoices(
      { name: '5 minutes + 3 seconds a move (blitz)', value: '5+3' },
      { name: '10 minutes + 5 seconds a move (rapid)', value: '10+5' },
      { name: '10 minutes per move', value: '10m' },
      { name: '1 hour per move', value: '1h' },
      { name: '1 day per move', value: '1d' },
      { name: '3 days per move', value: '3d' },
      { name: '1 day + 6 hours a move', value: '1d+6h' },
      { name: '3 days + 6 hours a move', value: '3d+6h' },
      { name: 'no limit', value: 'none' },
    );
}
