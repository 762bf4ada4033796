import type { Table } from '../../game/table.ts';

/** The table an interaction was made at: its channel (or thread), in its guild. */
export function tableOf(interaction: { guildId: string | null; channelId: string }): Table {
  return { guildId: interaction.guildId ?? '', channelId: interaction.channelId };
}
