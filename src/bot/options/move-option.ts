/** The `move` option of /move and /puzzle move: from and to, with the member's legal moves suggested. */
import type { SlashCommandStringOption } from 'discord.js';

export function moveOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return option
    .setName('move')
    .setDescription('From and to, e.g. e5-e8')
    .setRequired(true)
    .setAutocomplete(true)
    .setMaxLength(40);
}
