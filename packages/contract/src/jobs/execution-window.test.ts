import { describe, expect, it } from 'vitest';
import { isInsideWindow, type ExecutionWindow } from './execution-window.ts';

// 2024-01-01 is a Monday.
const at = (iso: string) => new Date(iso);
const window = (
  executionDay: ExecutionWindow['executionDay'],
  windowStartHour: string,
  windowEndHour: string,
): ExecutionWindow => ({ executionDay, windowStartHour, windowEndHour });

describe('isInsideWindow', () => {
  it('includes both ends, at whole-second precision', () => {
    const morning = window('Everyday', '09:00', '12:00');
    expect(isInsideWindow(morning, at('2024-01-01T08:59:59.999Z'))).toBe(false);
    expect(isInsideWindow(morning, at('2024-01-01T09:00:00.000Z'))).toBe(true);
    expect(isInsideWindow(morning, at('2024-01-01T12:00:00.999Z'))).toBe(true);
    expect(isInsideWindow(morning, at('2024-01-01T12:00:01.000Z'))).toBe(false);
  });

  it('covers the whole last second of an HH:MM:SS end', () => {
    const evening = window('Monday', '18:00', '23:59:59');
    expect(isInsideWindow(evening, at('2024-01-01T23:59:59.999Z'))).toBe(true);
    expect(isInsideWindow(evening, at('2024-01-02T00:00:00.000Z'))).toBe(false);
  });

  it('wraps past midnight into the next day, judged by the day the window starts', () => {
    const overnight = window('Weekdays', '12:00', '03:00');
    expect(isInsideWindow(overnight, at('2024-01-06T02:00:00Z'))).toBe(true); // Saturday: Friday's window
    expect(isInsideWindow(overnight, at('2024-01-08T02:00:00Z'))).toBe(false); // Monday: Sunday has none
    expect(isInsideWindow(overnight, at('2024-01-02T03:00:00Z'))).toBe(true);
    expect(isInsideWindow(overnight, at('2024-01-02T03:00:01Z'))).toBe(false);
    expect(isInsideWindow(overnight, at('2024-01-02T11:59:59Z'))).toBe(false);
    expect(isInsideWindow(overnight, at('2024-01-05T23:00:00Z'))).toBe(true); // Friday evening
    expect(isInsideWindow(overnight, at('2024-01-06T12:00:00Z'))).toBe(false); // Saturday noon
  });

  it('matches day rules: a weekday name, Weekdays, Weekend and Everyday', () => {
    const noon = '2024-01-03T12:00:00Z'; // Wednesday
    const saturdayNoon = '2024-01-06T12:00:00Z';
    expect(isInsideWindow(window('Wednesday', '00:00', '23:59:59'), at(noon))).toBe(true);
    expect(isInsideWindow(window('Thursday', '00:00', '23:59:59'), at(noon))).toBe(false);
    expect(isInsideWindow(window('Weekdays', '00:00', '23:59:59'), at(noon))).toBe(true);
    expect(isInsideWindow(window('Weekdays', '00:00', '23:59:59'), at(saturdayNoon))).toBe(false);
    expect(isInsideWindow(window('Weekend', '00:00', '23:59:59'), at(saturdayNoon))).toBe(true);
    expect(isInsideWindow(window('Weekend', '00:00', '23:59:59'), at(noon))).toBe(false);
    expect(isInsideWindow(window('Everyday', '00:00', '23:59:59'), at(saturdayNoon))).toBe(true);
  });

  it('refuses a malformed time', () => {
    expect(() => isInsideWindow(window('Everyday', '9:00', '12:00'), at('2024-01-01T10:00:00Z'))).toThrow(
      "Invalid execution window time '9:00'",
    );
    expect(() => isInsideWindow(window('Everyday', '09:00', '24:00'), at('2024-01-01T10:00:00Z'))).toThrow(
      'expected HH:MM or HH:MM:SS',
    );
  });
});
