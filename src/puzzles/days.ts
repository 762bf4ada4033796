/** Days and streaks of the daily puzzle, in UTC. */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a time, `2026-11-23`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayBefore = (day: string): string => dayOf(dayStart(day) - DAY_MS);

/** The next time at `hour` o'clock UTC after `now`. */
export function nextPostAt(now: number, hour: number): number {
  const today = dayStart(dayOf(now)) + hour * 60 * 60 * 1000;
  return today > now ? today : today + DAY_MS;
}

/** A streak of days as it stands on `today`: broken when its last day is before yesterday. */
export function currentStreak(streak: number, lastDay: string | null, today: string): number {
  return lastDay === today || lastDay === dayBefore(today) ? streak : 0;
}

/** The streak after a solve on `day`. */
export function extended(
  streak: number,
  lastDay: string | null,
  day: string,
): { streak: number; lastDay: string } {
  if (lastDay === day) return { streak, lastDay };
  if (lastDay && lastDay > day) return { streak, lastDay }; // an older day's puzzle, solved late
  return { streak: lastDay === dayBefore(day) ? streak + 1 : 1, lastDay: day };
}
