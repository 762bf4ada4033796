/** The Fischer clocks' words (src/game/fischer.ts): the catalogue's `clock` namespace. */

import type { FischerControl } from '../core/time-controls.ts';
import { FISCHER_CONTROLS, type FischerTimeControl } from '../core/time-controls.ts';
import type { Side } from '../engine/index.ts';
import { i18n } from './resources.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A clock's time as players read it: `4:32` under an hour, `0:09.4` under ten seconds (tenths
 * count then), `5:03:12` under a day, and beyond a day the days and `hh:mm` (`days` words them).
 */
export function clockTime(ms: number, days: (p: { days: number; time: string }) => string): string {
  const left = Math.max(0, ms);
  if (left >= DAY) {
    const whole = Math.floor(left / DAY);
    const rest = left - whole * DAY;
    return days({
      days: whole,
      time: `${two(Math.floor(rest / HOUR))}:${two(Math.floor((rest % HOUR) / MINUTE))}`,
    });
  }
  const seconds = Math.floor((left % MINUTE) / SECOND);
  if (left >= HOUR)
    return `${Math.floor(left / HOUR)}:${two(Math.floor((left % HOUR) / MINUTE))}:${two(seconds)}`;
  const clock = `${Math.floor(left / MINUTE)}:${two(seconds)}`;
  return left < 10 * SECOND ? `${clock}.${Math.floor((left % SECOND) / 100)}` : clock;
}

export function clockMessages(language: string) {
  const t = i18n.getFixedT(language, 'clock');
  const days = (p: { days: number; time: string }) => t('days', p);
  const time = (ms: number) => clockTime(ms, days);
  return {
    /** A Fischer time control's name, as /challenge offers it. */
    control: (control: FischerTimeControl): string => t(`controls.${control}`),
    /** A Fischer clock's name: the choice's that it is, else its main time and increment (`1:00 + 0:01`). */
    controlOf(control: FischerControl): string {
      const named = (Object.keys(FISCHER_CONTROLS) as FischerTimeControl[]).find(
        (key) =>
          FISCHER_CONTROLS[key].mainMs === control.mainMs &&
          FISCHER_CONTROLS[key].incrementMs === control.incrementMs,
      );
      return named ? t(`controls.${named}`) : `${time(control.mainMs)} + ${time(control.incrementMs)}`;
    },
    /** A time on the clock, in this language. */
    time,
    /** Both sides' times: "Clocks: attackers 4:32, defenders 5:00." */
    clocks: (left: Record<Side, number>): string =>
      t('clocks', { attackers: time(left.attackers), defenders: time(left.defenders) }),
    /** When the side to move runs out, as a Discord timestamp. */
    runsOut: (p: { when: string }) => t('runsOut', p),
    lowTime: (p: { playerId: string; when: string }) => t('lowTime', p),
    /** After "the defenders ran out of time": why that is a draw. */
    cannotWin: (side: Side): string => t('cannotWin', { context: side }),
    field: t('field'),
  };
}

export type ClockMessages = ReturnType<typeof clockMessages>;
