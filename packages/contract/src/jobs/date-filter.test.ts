import { describe, expect, it } from 'vitest';
import { DATE_FILTER_OPTIONS, matchesDateFilter, type DateFilter } from './date-filter.ts';

const NOW = new Date('2024-03-15T12:00:00Z');
const matches = (createdAt: string | null | undefined, filter: DateFilter) =>
  matchesDateFilter(createdAt, filter, NOW);

describe('date filter options', () => {
  it('are labelled as the panel shows them', () => {
    expect(DATE_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'All time',
      'Today',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Custom range...',
    ]);
  });
});

describe('matchesDateFilter', () => {
  it('lets everything through All time, even a job without a date', () => {
    expect(matches(undefined, { kind: 'all' })).toBe(true);
    expect(matches('2001-01-01T00:00:00Z', { kind: 'all' })).toBe(true);
  });

  it('keeps a job without a valid created_at out of every other filter', () => {
    for (const kind of ['today', 'last7', 'last30', 'last90', 'custom'] as const) {
      expect(matches(null, { kind })).toBe(false);
      expect(matches('yesterday', { kind })).toBe(false);
    }
  });

  it('takes Today as now’s UTC date', () => {
    expect(matches('2024-03-15T00:00:00Z', { kind: 'today' })).toBe(true);
    expect(matches('2024-03-15T23:59:59Z', { kind: 'today' })).toBe(true);
    expect(matches('2024-03-14T23:59:59.999Z', { kind: 'today' })).toBe(false);
    expect(matches('2024-03-15T01:00:00+02:00', { kind: 'today' })).toBe(false); // 14th, 23:00 UTC
  });

  it.each([
    ['last7', '2024-03-08T12:00:00Z', '2024-03-08T11:59:59.999Z'],
    ['last30', '2024-02-14T12:00:00Z', '2024-02-14T11:59:59.999Z'],
    ['last90', '2023-12-16T12:00:00Z', '2023-12-16T11:59:59.999Z'],
  ] as const)('%s reaches back exactly N × 24 hours', (kind, edge, before) => {
    expect(matches(edge, { kind })).toBe(true);
    expect(matches(before, { kind })).toBe(false);
    expect(matches(NOW.toISOString(), { kind })).toBe(true);
  });

  it('includes both whole days of a custom range', () => {
    const march = { kind: 'custom', from: '2024-03-01', to: '2024-03-10' } as const;
    expect(matches('2024-02-29T23:59:59.999Z', march)).toBe(false);
    expect(matches('2024-03-01T00:00:00Z', march)).toBe(true);
    expect(matches('2024-03-10T23:59:59.999Z', march)).toBe(true);
    expect(matches('2024-03-11T00:00:00Z', march)).toBe(false);
  });

  it('leaves a custom range open at an empty or invalid end', () => {
    expect(matches('1999-01-01T00:00:00Z', { kind: 'custom', to: '2024-03-10' })).toBe(true);
    expect(matches('2030-01-01T00:00:00Z', { kind: 'custom', from: '2024-03-01' })).toBe(true);
    expect(matches('2030-01-01T00:00:00Z', { kind: 'custom', from: '', to: '' })).toBe(true);
    expect(matches('2024-03-01T10:00:00Z', { kind: 'custom', from: '2024-02-30', to: '2024/03/10' })).toBe(
      true,
    );
  });

  it('matches nothing when the range runs backwards', () => {
    expect(matches('2024-03-05T00:00:00Z', { kind: 'custom', from: '2024-03-10', to: '2024-03-01' })).toBe(
      false,
    );
  });
});
