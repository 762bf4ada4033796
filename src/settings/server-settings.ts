/**
 * A server's settings (/settings server_…), set by members who may manage the server: the default
 * board of its public boards, which members who chose no board of their own see too. It has no
 * side: a public board is no one's, so `flipped` stays each member's. Pure: the change asked for,
 * checked and applied, and the view a member sees at the server. The store is service.ts.
 */

import type { PaletteName } from '../render/palette.ts';
import { type BoardView, DEFAULT_VIEW, isPaletteName } from '../render/view.ts';
import type { MemberSettings } from './member-settings.ts';

export interface ServerView {
  palette: PaletteName;
  largeCoordinates: boolean;
}

export interface ServerSettings {
  schema: 1;
  view: ServerView;
}

export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  schema: 1,
  view: { palette: DEFAULT_VIEW.palette, largeCoordinates: DEFAULT_VIEW.largeCoordinates },
};

/** What a server's manager asks to change; absent fields stay as they are. */
export interface ServerSettingsChange {
  reset?: boolean;
  palette?: string;
  largeCoordinates?: boolean;
}

export type ServerChanged =
  | { ok: true; settings: ServerSettings }
  | { ok: false; refusal: { code: 'unknown-palette'; value: string } };

/** A stored document read with today's fields. */
export function serverSettingsFrom(stored: Partial<ServerSettings> | null | undefined): ServerSettings {
  if (!stored) return DEFAULT_SERVER_SETTINGS;
  return { ...DEFAULT_SERVER_SETTINGS, ...stored, view: { ...DEFAULT_SERVER_SETTINGS.view, ...stored.view } };
}

/** The server's settings after `change`, or its palette refused. */
export function withServerChange(current: ServerSettings, change: ServerSettingsChange): ServerChanged {
  const view = { ...(change.reset ? DEFAULT_SERVER_SETTINGS : current).view };
  if (change.palette !== undefined) {
    if (!isPaletteName(change.palette))
      return { ok: false, refusal: { code: 'unknown-palette', value: change.palette } };
    view.palette = change.palette;
  }
  if (change.largeCoordinates !== undefined) view.largeCoordinates = change.largeCoordinates;
  return { ok: true, settings: { ...current, view } };
}

/** Whether the server's default board is the bot's own (nothing to mention). */
export function isBotDefault(view: ServerView): boolean {
  return view.palette === DEFAULT_VIEW.palette && view.largeCoordinates === DEFAULT_VIEW.largeCoordinates;
}

/** The board a member sees at a server: the parts they chose, the server's default for the rest. */
export function boardSeenAt(member: MemberSettings, server: ServerView): BoardView {
  return {
    palette: member.chosen.palette ? member.view.palette : server.palette,
    flipped: member.view.flipped,
    largeCoordinates: member.chosen.largeCoordinates ? member.view.largeCoordinates : server.largeCoordinates,
  };
}

/** A public board with no member's view to follow (the AI to move, a game over): the server's default. */
export function serverBoard(server: ServerView): BoardView {
  return { ...DEFAULT_VIEW, ...server };
}
