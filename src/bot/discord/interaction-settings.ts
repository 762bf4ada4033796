/**
 * The settings of the member behind an interaction, read once when it arrives (router.ts), so
 * that every reply and picture of it follows them: the language over the client's, the board's
 * view. An interaction not noted (a store that did not answer) gets the defaults.
 */
import type { Interaction } from 'discord.js';
import type { BoardView } from '../../render/view.ts';
import { DEFAULT_SETTINGS, type MemberSettings } from '../../settings/member-settings.ts';

const noted = new WeakMap<Interaction, MemberSettings>();

export function noteSettings(interaction: Interaction, settings: MemberSettings): void {
  noted.set(interaction, settings);
}

export function settingsOf(interaction: Interaction): MemberSettings {
  return noted.get(interaction) ?? DEFAULT_SETTINGS;
}

/** How the member behind the interaction sees the board. */
export function viewOf(interaction: Interaction): BoardView {
  return settingsOf(interaction).view;
}

/** The language the member chose over their client's, if any. */
export function chosenLanguage(interaction: Interaction): string | null {
  return noted.get(interaction)?.language ?? null;
}
