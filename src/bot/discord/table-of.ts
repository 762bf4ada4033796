import { ApplicationIntegrationType } from 'discord.js';
import { privatePool, type Table } from '../../game/table.ts';

/** What an interaction says of where it was made. */
export interface InteractionPlace {
  guildId: string | null;
  channelId: string;
  /** Who installed the app that was used: a guild's install has the guild's id under `0`. */
  authorizingIntegrationOwners?: Partial<Record<ApplicationIntegrationType, string>> | null;
}

/**
 * Whether the bot is installed where the interaction was made: a guild with the bot. Elsewhere (a
 * DM, a group DM, a server without the bot) the member used their own install, and the bot can
 * answer only through the interaction.
 */
export function botInstalledAt(place: InteractionPlace): boolean {
  if (place.guildId === null) return false;
  const owners = place.authorizingIntegrationOwners;
  // An interaction without owners (older payloads) came from a guild's install.
  return !owners || owners[ApplicationIntegrationType.GuildInstall] === place.guildId;
}

/** The table an interaction was made at: its channel (or thread), in its guild or its own pool. */
export function tableOf(place: InteractionPlace): Table {
  return {
    guildId: botInstalledAt(place) ? (place.guildId ?? '') : privatePool(place.channelId),
    channelId: place.channelId,
  };
}
