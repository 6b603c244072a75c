import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { clearAuthCaches } from '../../lib/auth-caches.ts';
import { jobQueryKeys } from './api/job-query-keys.ts';
import {
  clearJobCaches,
  hybridJobsStorageKey,
  invalidateJobCaches,
  readStoredJobs,
  storeJobs,
} from './job-caches.ts';
import { hybridJob } from './testing/job-fixtures.ts';

describe('job caches', () => {
  it("drops every stored job list, and nothing that is not one (the session's 'auth_' keys, the theme)", () => {
    const key = hybridJobsStorageKey('ada@example.com', 'arn:aws:iam::123456789012:role/R', '123456789012');
    expect(key.startsWith('auth_jobs_')).toBe(true);
    storeJobs(key, [hybridJob('kept-for-30-minutes')]);
    localStorage.setItem('auth_token', 'access');
    localStorage.setItem('theme', 'colorful');

    clearJobCaches();
    expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe('access');
    expect(localStorage.getItem('theme')).toBe('colorful');
  });

  it("goes with logout's sweep of the 'auth_' caches", () => {
    const key = hybridJobsStorageKey('ada@example.com', 'arn:aws:iam::123456789012:role/R', '123456789012');
    storeJobs(key, [hybridJob('private-list')]);
    clearAuthCaches();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps no list when local storage is full, drops the older one, and does not throw', () => {
    const key = hybridJobsStorageKey('u', 'r', 'a');
    storeJobs(key, [hybridJob('older')], 1_000);
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(() => storeJobs(key, [hybridJob('too-many')], 2_000)).not.toThrow();
    } finally {
      full.mockRestore();
    }
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('reads a stored list for 30 minutes and drops it after, or when it is unreadable', () => {
    const key = hybridJobsStorageKey('u', 'r', 'a');
    storeJobs(key, [hybridJob('one')], 1_000);
    expect(readStoredJobs(key, 1_000 + 29 * 60_000)?.jobs.map((job) => job.job_name)).toEqual(['one']);
    expect(readStoredJobs(key, 1_000 + 30 * 60_000)).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();

    localStorage.setItem(key, '{not json');
    expect(readStoredJobs(key)).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('invalidates every job query of both paths, and only those', async () => {
    const queryClient = new QueryClient();
    const listKey = jobQueryKeys.hybridList('u', 'r', 'a');
    queryClient.setQueryData(listKey, []);
    queryClient.setQueryData(jobQueryKeys.iqmList('u', 'abcdef1234'), { pages: [], pageParams: [] });
    queryClient.setQueryData(['account', 'settings'], {});
    storeJobs(hybridJobsStorageKey('u', 'r', 'a'), []);

    await invalidateJobCaches(queryClient);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(jobQueryKeys.iqmList('u', 'abcdef1234'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['account', 'settings'])?.isInvalidated).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
