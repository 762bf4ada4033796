/** The `time` option of /challenge and /tournament create: the time for each move, as the clock knows it. */
import type { SlashCommandStringOption } from 'discord.js';

export function timeOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return option
    .setName('time')
    .setDescription('Time for each move (default: 1 day)')
    .addChoices(
      { name: '10 minutes', value: '10m' },
      { name: '1 hour', value: '1h' },
      { name: '1 day', value: '1d' },
      { name: '3 days', value: '3d' },
      { name: 'no limit', value: 'none' },
    );
}
