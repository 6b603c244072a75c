/**
 * Braket's device execution windows (GetDevice `deviceCapabilities.service.executionWindows`), in UTC.
 *
 * Reading (docs/decisions.md): an instant is compared at whole-second precision and both ends are inclusive,
 * so '23:59:59' covers that whole last second and '12:00' ends at 12:00:00.999. A window whose start is after
 * its end wraps past midnight: it runs from its start to midnight on a matching day and from midnight to its
 * end on the day after, so 'Weekdays 12:00-03:00' covers Saturday 02:00 (Friday's window) and not Monday
 * 02:00 (Sunday is not a weekday).
 */

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
export type ExecutionDay = 'Everyday' | 'Weekdays' | 'Weekend' | WeekdayName;

export interface ExecutionWindow {
  executionDay: ExecutionDay;
  /** 'HH:MM' or 'HH:MM:SS', UTC. */
  windowStartHour: string;
  windowEndHour: string;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds since midnight of an 'HH:MM' or 'HH:MM:SS' clock time; throws on anything else. */
function clockSeconds(clock: string): number {
  const match = CLOCK.exec(clock);
  if (match === null) throw new Error(`Invalid execution window time '${clock}': expected HH:MM or HH:MM:SS`);
  const [, hours, minutes, seconds = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** Whether a window's day rule covers a UTC weekday (0 = Sunday, as Date.getUTCDay). */
function dayMatches(day: ExecutionDay, weekday: number): boolean {
  switch (day) {
    case 'Everyday':
      return true;
    case 'Weekdays':
      return weekday >= 1 && weekday <= 5;
    case 'Weekend':
      return weekday === 0 || weekday === 6;
    default:
      return WEEKDAY_NAMES[weekday] === day;
  }
}

export function isInsideWindow(window: ExecutionWindow, at: Date): boolean {
  const start = clockSeconds(window.windowStartHour);
  const end = clockSeconds(window.windowEndHour);
  const weekday = at.getUTCDay();
  const second = at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds();
  if (start <= end) return dayMatches(window.executionDay, weekday) && second >= start && second <= end;
  const previousDay = (weekday + 6) % 7;
  return (
    (dayMatches(window.executionDay, weekday) && second >= start) ||
    (dayMatches(window.executionDay, previousDay) && second <= end)
  );
}
