/** A server's default board: the change its managers ask for, and how a member's own board meets it. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  type MemberSettings,
  settingsFrom,
  withChange,
} from '../../src/settings/member-settings.ts';
import {
  boardSeenAt,
  DEFAULT_SERVER_SETTINGS,
  isBotDefault,
  serverBoard,
  withServerChange,
} from '../../src/settings/server-settings.ts';

const server = { palette: 'high-contrast', largeCoordinates: true } as const;

describe('a server’s default board', () => {
  it('takes a palette and the coordinates’ size, keeps what is not named, and resets', () => {
    const palette = withServerChange(DEFAULT_SERVER_SETTINGS, { palette: 'colour-blind' });
    expect(palette).toEqual({
      ok: true,
      settings: { schema: 1, view: { palette: 'colour-blind', largeCoordinates: false } },
    });
    if (!palette.ok) return;
    const both = withServerChange(palette.settings, { largeCoordinates: true });
    expect(both.ok && both.settings.view).toEqual({ palette: 'colour-blind', largeCoordinates: true });
    if (!both.ok) return;
    expect(isBotDefault(both.settings.view)).toBe(false);
    const reset = withServerChange(both.settings, { reset: true });
    expect(reset.ok && isBotDefault(reset.settings.view)).toBe(true);
    expect(withServerChange(DEFAULT_SERVER_SETTINGS, { palette: 'sepia' })).toEqual({
      ok: false,
      refusal: { code: 'unknown-palette', value: 'sepia' },
    });
  });

  it('is what a member who chose no board sees; the parts a member chose stay theirs', () => {
    expect(boardSeenAt(DEFAULT_SETTINGS, server)).toEqual({
      palette: 'high-contrast',
      flipped: false,
      largeCoordinates: true,
    });
    // Flipped only: the server's colours and coordinates, seen from the defenders' side.
    const flipped = withChange(DEFAULT_SETTINGS, { flipped: true });
    expect(flipped.ok && boardSeenAt(flipped.settings, server)).toEqual({ ...server, flipped: true });
    // Classic, chosen: classic, even where the server chose otherwise.
    const classic = withChange(DEFAULT_SETTINGS, { palette: 'classic' });
    expect(classic.ok && boardSeenAt(classic.settings, server)).toEqual({
      palette: 'classic',
      flipped: false,
      largeCoordinates: true,
    });
    // A reset member follows the server again.
    if (!classic.ok) return;
    const reset = withChange(classic.settings, { reset: true });
    expect(reset.ok && boardSeenAt(reset.settings, server)).toEqual(serverBoard(server));
  });

  it('a document from before servers had a default: what differs from the default board was chosen', () => {
    const { chosen: _, ...old }: MemberSettings = {
      ...DEFAULT_SETTINGS,
      view: { palette: 'colour-blind', flipped: false, largeCoordinates: false },
    };
    expect(settingsFrom(old).chosen).toEqual({ palette: true, largeCoordinates: false });
  });
});
