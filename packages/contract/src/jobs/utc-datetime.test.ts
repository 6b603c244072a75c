import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from './utc-datetime.ts';

describe('formatUtcDateTime', () => {
  it('writes YYYY-MM-DD HH:MM:SS UTC, dropping milliseconds', () => {
    expect(formatUtcDateTime('2024-03-15T12:34:56.789Z')).toBe('2024-03-15 12:34:56 UTC');
    expect(formatUtcDateTime(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02 03:04:05 UTC');
  });

  it('converts an offset to UTC', () => {
    expect(formatUtcDateTime('2024-03-15T01:00:00+02:00')).toBe('2024-03-14 23:00:00 UTC');
  });

  it('shows - when absent or not a date', () => {
    expect(formatUtcDateTime(null)).toBe('-');
    expect(formatUtcDateTime(undefined)).toBe('-');
    expect(formatUtcDateTime('')).toBe('-');
    expect(formatUtcDateTime('soon')).toBe('-');
  });
});
