/** /settings and the turn alerts' direct messages: the catalogue's `settings` namespace. */
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

type RefusalCode =
  | 'unknown-palette'
  | 'unknown-language'
  | 'unknown-variant'
  | 'server-variant'
  | 'bad-time'
  | 'bad-alerts'
  | 'bad-time-zone'
  | 'bad-hour'
  | 'quiet-needs-both'
  | 'store-unavailable'
  | 'busy'
  | 'server-busy';

export function settingsMessages(language: string) {
  const t = i18n.getFixedT(language, 'settings');
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return {
    title: t('title'),
    palette: (p: { palette: 'classic' | 'colour-blind' | 'high-contrast' }) =>
      t('palette', { palette: t(`palettes.${p.palette}`) }),
    paletteName: (palette: 'classic' | 'colour-blind' | 'high-contrast') => t(`palettes.${palette}`),
    side: (side: Side) => t('side', { context: side }),
    coordinates: (size: 'normal' | 'large') => t('coordinates', { context: size }),
    /** A catalogue's language by its own name ("Deutsch"), or the client's. */
    language: (chosen: string | null) =>
      t('language', { language: chosen ? languageName(chosen) : t('languageClient') }),
    variant: (p: { variant: string | null }) => t('variant', { variant: p.variant ?? t('serverDefault') }),
    time: (p: { time: string | null }) => t('time', { time: p.time ?? t('serverDefault') }),
    alerts: (p: { mode: 'off' | 'turn' | 'digest'; hour: string }) =>
      t('alerts', { context: p.mode, hour: p.hour }),
    timeZone: (p: { zone: string }) => t('timeZone', p),
    quiet: (p: { from: string; to: string } | null) => (p ? t('quiet', p) : t('quietNone')),
    dmsClosed: t('dmsClosed'),
    saved: t('saved'),
    resetDone: t('resetDone'),
    /** A line of the member's board that follows the server's default, as they chose none. */
    followsServer: (p: { line: string }) => t('followsServer', p),
    serverBoard: (p: {
      palette: 'classic' | 'colour-blind' | 'high-contrast';
      coordinates: 'normal' | 'large';
    }) => t('serverBoard', { context: p.coordinates, palette: t(`palettes.${p.palette}`) }),
    serverSaved: t('serverSaved'),
    serverResetDone: t('serverResetDone'),
    serverOnly: t('serverOnly'),
    serverNotManager: t('serverNotManager'),
    refusal: (code: RefusalCode, p: { value?: string | number } = {}) => t(`refusals.${code}`, p),
    turnAlert: (p: { variant: string; opponent: string; number: number; link: string }) => t('turnAlert', p),
    digest: t('digest'),
    digestLine: (p: { variant: string; opponent: string; number: number; link: string }) =>
      t('digestLine', p),
  };

  function languageName(code: string): string {
    try {
      const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
      const here = names.of(code) ?? code;
      return own === here ? own : `${own} (${here})`;
    } catch {
      return code; // not a language tag: said as it is
    }
  }
}

export type SettingsMessages = ReturnType<typeof settingsMessages>;
