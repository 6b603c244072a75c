import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_SORT, dateFilterParams, jobListFilters, parseJobSort } from './job-list-query.ts';

const NOW = new Date('2025-03-10T15:30:00.000Z');

describe('job list query', () => {
  it('reads a sort as a column and a direction, newest first by default', () => {
    expect(parseJobSort('-ended_at')).toEqual({ column: 'ended_at', descending: true });
    expect(parseJobSort('job_name')).toEqual({ column: 'job_name', descending: false });
    expect(jobListFilters.parse({}).sort).toBe(DEFAULT_JOB_SORT);
    expect(parseJobSort(DEFAULT_JOB_SORT)).toEqual({ column: 'created_at', descending: true });
  });

  it.each(['hyperparameters', '-', '--created_at', 'created_at desc', ''])('refuses sort=%j', (sort) => {
    expect(jobListFilters.safeParse({ sort }).success).toBe(false);
  });

  it.each([
    [{ kind: 'all' } as const, {}],
    [
      { kind: 'today' } as const,
      { created_from: '2025-03-10T00:00:00.000Z', created_to: '2025-03-11T00:00:00.000Z' },
    ],
    [{ kind: 'last7' } as const, { created_from: '2025-03-03T15:30:00.000Z' }],
    [
      { kind: 'custom', from: '2025-03-02', to: '2025-03-05' } as const,
      { created_from: '2025-03-02T00:00:00.000Z', created_to: '2025-03-06T00:00:00.000Z' },
    ],
    [{ kind: 'custom', from: '2025-02-30', to: '' } as const, {}],
  ])('sends the date filter %j as %j', (filter, params) => {
    expect(dateFilterParams(filter, NOW)).toEqual(params);
  });
});
