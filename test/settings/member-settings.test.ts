import { describe, expect, it } from 'vitest';
import { turnAlert } from '../../src/game/commit-plan.ts';
import {
  DEFAULT_SETTINGS,
  inQuietHours,
  nextDigestAt,
  quietEnds,
  withChange,
} from '../../src/settings/member-settings.ts';

const alertsIn = (zone: string | null, quiet: { from: number; to: number } | null) => ({
  ...DEFAULT_SETTINGS.alerts,
  mode: 'turn' as const,
  timeZone: zone,
  quiet,
});

describe('a member’s settings', () => {
  it('honours each option', () => {
    const changed = withChange(DEFAULT_SETTINGS, {
      palette: 'colour-blind',
      flipped: true,
      largeCoordinates: true,
      language: 'ja',
      variant: 'tablut',
      time: '5+3',
      alerts: 'digest',
      timeZone: 'asia/tokyo',
      quietFrom: 23,
      quietTo: 6,
      digestHour: 8,
    });
    expect(changed).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_SETTINGS,
        view: { palette: 'colour-blind', flipped: true, largeCoordinates: true },
        chosen: { palette: true, largeCoordinates: true },
        language: 'ja',
        challenge: { variant: 'tablut', time: '5+3' },
        alerts: {
          mode: 'digest',
          timeZone: 'Asia/Tokyo',
          quiet: { from: 23, to: 6 },
          digestHour: 8,
          closedAt: null,
        },
      },
    });
  });

  it.each([
    [{ palette: 'sepia' }, 'unknown-palette'],
    [{ language: 'xx' }, 'unknown-language'],
    [{ variant: 'chess' }, 'unknown-variant'],
    [{ variant: 'server:my-rules' }, 'server-variant'],
    [{ time: '2h' }, 'bad-time'],
    [{ alerts: 'always' }, 'bad-alerts'],
    [{ timeZone: 'Mars/Olympus' }, 'bad-time-zone'],
    [{ digestHour: 24 }, 'bad-hour'],
    [{ quietFrom: 22 }, 'quiet-needs-both'],
  ])('refuses %j with its reason', (change, code) => {
    const changed = withChange(DEFAULT_SETTINGS, change);
    expect(changed.ok ? null : changed.refusal.code).toBe(code);
  });

  it('quiet hours over midnight, in the member’s zone', () => {
    const alerts = alertsIn('Europe/Berlin', { from: 22, to: 7 });
    expect(inQuietHours(alerts, Date.UTC(2030, 0, 7, 21, 30))).toBe(true); // 22:30 in Berlin
    expect(inQuietHours(alerts, Date.UTC(2030, 0, 7, 6, 0))).toBe(false); // 07:00
    expect(quietEnds(alerts, Date.UTC(2030, 0, 7, 3, 10))).toBe(Date.UTC(2030, 0, 7, 6, 0));
  });

  it('the digest at the member’s hour, in their zone', () => {
    const alerts = { ...alertsIn('America/New_York', null), digestHour: 9 };
    expect(nextDigestAt(alerts, Date.UTC(2030, 0, 7, 12, 0))).toBe(Date.UTC(2030, 0, 7, 14, 0));
  });

  it('turn alerts: an entry for each human turn, the last one dropped', () => {
    const game = { id: 'g1', guildId: '1', channelId: '2', ai: { side: 'defenders' as const } };
    expect(turnAlert(game, { ply: 0 }, { turn: 'defenders', ply: 1 }, 5)).toEqual([
      { schedule: 'schedule:turn-alerts', group: '1', member: '2|g1|0', at: null },
    ]);
    expect(turnAlert(game, { ply: 1 }, { turn: 'attackers', ply: 2 }, 5)).toEqual([
      { schedule: 'schedule:turn-alerts', group: '1', member: '2|g1|1', at: null },
      { schedule: 'schedule:turn-alerts', group: '1', member: '2|g1|2', at: 5 },
    ]);
  });
});
