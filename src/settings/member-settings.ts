/**
 * A member's settings (/settings), one document per member that follows them across servers:
 * how they see the board (the parts they did not choose follow a server's default board), the
 * language the bot speaks to them, their challenges' defaults, and turn alerts by direct message.
 * Pure: the change a member asks for, checked and applied, and the hours of a time zone. The
 * store is service.ts.
 */

import { isTimeControl, type TimeControl } from '../core/time-controls.ts';
import { isServerVariantId, isVariantId, type VariantId } from '../engine/index.ts';
import { languages } from '../i18n/index.ts';
import { type BoardView, DEFAULT_VIEW, isPaletteName } from '../render/view.ts';

export const ALERT_MODES = ['off', 'turn', 'digest'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** A game that waited for the member when its turn alert came in digest mode. */
export interface WaitingGame {
  guildId: string;
  channelId: string;
  gameId: string;
  ply: number;
}

export interface TurnAlerts {
  mode: AlertMode;
  /** An IANA zone (`Europe/Berlin`); quiet hours and the digest's hour are in it (UTC when null). */
  timeZone: string | null;
  /** No direct message from the hour `from` until the hour `to` (local; may run over midnight). */
  quiet: { from: number; to: number } | null;
  /** The hour of the daily digest (local). */
  digestHour: number;
  /** When Discord refused a direct message (the member's DMs are closed): none is sent until they set alerts again. */
  closedAt: number | null;
}

export interface MemberSettings {
  schema: 1;
  view: BoardView;
  /** The parts of the view the member chose: the others follow a server's default board (server-settings.ts). */
  chosen: ChosenView;
  /** The catalogue to answer in, over the Discord client's (null: the client's). */
  language: string | null;
  challenge: { variant: VariantId | null; time: TimeControl | null };
  alerts: TurnAlerts;
  /** In digest mode: the games whose turn alert came since the last digest. */
  waiting: WaitingGame[];
}

/** A server's default has no side (a public board is no one's), so only these parts can follow it. */
export interface ChosenView {
  palette: boolean;
  largeCoordinates: boolean;
}

export const DEFAULT_SETTINGS: MemberSettings = {
  schema: 1,
  view: DEFAULT_VIEW,
  chosen: { palette: false, largeCoordinates: false },
  language: null,
  challenge: { variant: null, time: null },
  alerts: { mode: 'off', timeZone: null, quiet: null, digestHour: 9, closedAt: null },
  waiting: [],
};

/** What /settings asks to change; absent fields stay as they are. */
export interface SettingsChange {
  reset?: boolean;
  palette?: string;
  flipped?: boolean;
  largeCoordinates?: boolean;
  /** A catalogue's language, or `client` for the Discord client's. */
  language?: string;
  /** A built-in variant's id, or `none`. */
  variant?: string;
  /** A time control as /challenge takes it, or `none`. */
  time?: string;
  alerts?: string;
  timeZone?: string;
  quietFrom?: number;
  /** The same hour as `quietFrom`: no quiet hours. */
  quietTo?: number;
  digestHour?: number;
}

export type SettingsRefusal =
  | { code: 'unknown-palette'; value: string }
  | { code: 'unknown-language'; value: string }
  | { code: 'unknown-variant'; value: string }
  | { code: 'server-variant'; value: string }
  | { code: 'bad-time'; value: string }
  | { code: 'bad-alerts'; value: string }
  | { code: 'bad-time-zone'; value: string }
  | { code: 'bad-hour'; value: number }
  | { code: 'quiet-needs-both' };

export type Changed = { ok: true; settings: MemberSettings } | { ok: false; refusal: SettingsRefusal };

/** A stored document read with today's fields (a document from before a field existed gets its default). */
export function settingsFrom(stored: Partial<MemberSettings> | null | undefined): MemberSettings {
  if (!stored) return DEFAULT_SETTINGS;
  const view = { ...DEFAULT_VIEW, ...stored.view };
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    view,
    // A document from before servers had a default: what differs from the default view was chosen.
    chosen: stored.chosen ?? {
      palette: view.palette !== DEFAULT_VIEW.palette,
      largeCoordinates: view.largeCoordinates !== DEFAULT_VIEW.largeCoordinates,
    },
    challenge: { ...DEFAULT_SETTINGS.challenge, ...stored.challenge },
    alerts: { ...DEFAULT_SETTINGS.alerts, ...stored.alerts },
    waiting: stored.waiting ?? [],
  };
}

const refuse = (refusal: SettingsRefusal): Changed => ({ ok: false, refusal });

/** The settings after `change`, or the first of its options refused, with the reason. */
export function withChange(current: MemberSettings, change: SettingsChange): Changed {
  let next: MemberSettings = change.reset ? { ...DEFAULT_SETTINGS, waiting: current.waiting } : current;
  const view = { ...next.view };
  const chosen = { ...next.chosen };
  if (change.palette !== undefined) {
    if (!isPaletteName(change.palette)) return refuse({ code: 'unknown-palette', value: change.palette });
    view.palette = change.palette;
    chosen.palette = true;
  }
  if (change.flipped !== undefined) view.flipped = change.flipped;
  if (change.largeCoordinates !== undefined) {
    view.largeCoordinates = change.largeCoordinates;
    chosen.largeCoordinates = true;
  }
  next = { ...next, view, chosen };

  if (change.language !== undefined) {
    if (change.language === 'client') next = { ...next, language: null };
    else if (languages.includes(change.language)) next = { ...next, language: change.language };
    else return refuse({ code: 'unknown-language', value: change.language });
  }

  const challenge = { ...next.challenge };
  if (change.variant !== undefined) {
    const variant = change.variant.trim().toLowerCase();
    if (variant === 'none') challenge.variant = null;
    else if (isVariantId(variant)) challenge.variant = variant;
    // A server's own variant is known on that server only, and settings follow the member everywhere.
    else if (isServerVariantId(variant)) return refuse({ code: 'server-variant', value: change.variant });
    else return refuse({ code: 'unknown-variant', value: change.variant });
  }
  if (change.time !== undefined) {
    if (change.time === 'none') challenge.time = null;
    else if (isTimeControl(change.time)) challenge.time = change.time;
    else return refuse({ code: 'bad-time', value: change.time });
  }
  next = { ...next, challenge };

  const alerts = { ...next.alerts };
  if (change.alerts !== undefined) {
    if (!(ALERT_MODES as readonly string[]).includes(change.alerts))
      return refuse({ code: 'bad-alerts', value: change.alerts });
    alerts.mode = change.alerts as AlertMode;
    // Choosing alerts again is the member's word that their DMs are open now.
    alerts.closedAt = null;
  }
  if (change.timeZone !== undefined) {
    const zone = timeZoneNamed(change.timeZone);
    if (!zone) return refuse({ code: 'bad-time-zone', value: change.timeZone });
    alerts.timeZone = zone;
  }
  for (const hour of [change.quietFrom, change.quietTo, change.digestHour]) {
    if (hour !== undefined && !(Number.isInteger(hour) && hour >= 0 && hour <= 23))
      return refuse({ code: 'bad-hour', value: hour });
  }
  if (change.quietFrom !== undefined || change.quietTo !== undefined) {
    const from = change.quietFrom ?? alerts.quiet?.from;
    const to = change.quietTo ?? alerts.quiet?.to;
    if (from === undefined || to === undefined) return refuse({ code: 'quiet-needs-both' });
    // The same hour for both: no quiet hours.
    alerts.quiet = from === to ? null : { from, to };
  }
  if (change.digestHour !== undefined) alerts.digestHour = change.digestHour;
  // Alerts turned off: nothing waits for a digest any more.
  const waiting = alerts.mode === 'digest' ? next.waiting : [];
  return { ok: true, settings: { ...next, alerts, waiting } };
}

/** The zone's canonical IANA name (`europe/berlin` reads as `Europe/Berlin`), or null when there is none such. */
export function timeZoneNamed(name: string): string | null {
  const typed = name.trim();
  if (!typed || typed.length > 64) return null;
  const known = Intl.supportedValuesOf('timeZone');
  const found = known.find((zone) => zone.toLowerCase() === typed.toLowerCase());
  if (found) return found;
  if (typed.toUpperCase() === 'UTC') return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: typed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The local hour and minute at `at` in `zone` (UTC when null). */
export function localTime(at: number, zone: string | null): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone ?? 'UTC',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { hour: value('hour'), minute: value('minute') };
}

export function inQuietHours(alerts: TurnAlerts, at: number): boolean {
  if (!alerts.quiet) return false;
  const { hour } = localTime(at, alerts.timeZone);
  const { from, to } = alerts.quiet;
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

/** Every zone's hours begin on a quarter hour: steps of 15 minutes find the start of any local hour. */
const QUARTER = 15 * 60_000;
const DAY_AND_MORE = 26 * 60 * 60_000;

/** The first quarter hour at or after `at` outside the quiet hours (`at` itself when it is outside). */
export function quietEnds(alerts: TurnAlerts, at: number): number {
  if (!inQuietHours(alerts, at)) return at;
  for (let t = Math.ceil(at / QUARTER) * QUARTER; t < at + DAY_AND_MORE; t += QUARTER) {
    if (!inQuietHours(alerts, t)) return t;
  }
  return at + DAY_AND_MORE;
}

/** The next start of the digest's hour after `at`, in the member's zone, out of quiet hours. */
export function nextDigestAt(alerts: TurnAlerts, at: number): number {
  for (let t = Math.floor(at / QUARTER) * QUARTER + QUARTER; t < at + DAY_AND_MORE; t += QUARTER) {
    const { hour, minute } = localTime(t, alerts.timeZone);
    if (hour === alerts.digestHour && minute === 0) return quietEnds(alerts, t);
  }
  return at + 24 * 60 * 60_000;
}
