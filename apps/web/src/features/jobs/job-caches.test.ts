import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobQueryKeys } from './api/job-query-keys.ts';
import { clearJobCaches, invalidateJobCaches } from './job-caches.ts';

/** A whole-list entry as earlier versions stored it. */
const LEGACY_KEY = 'auth_jobs_hybrid:ada@example.com:123456789012:arn:aws:iam::123456789012:role/R';

describe('job caches', () => {
  it("sweeps the job lists earlier versions stored, and nothing else (the session's 'auth_' keys, the theme)", () => {
    localStorage.setItem(LEGACY_KEY, JSON.stringify({ savedAt: 0, jobs: [] }));
    localStorage.setItem('auth_token', 'access');
    localStorage.setItem('theme', 'colorful');

    clearJobCaches();
    expect(localStorage.getItem(LEGACY_KEY)).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe('access');
    expect(localStorage.getItem('theme')).toBe('colorful');
  });

  it('invalidates every job query of both paths, and only those', async () => {
    const queryClient = new QueryClient();
    const listKey = jobQueryKeys.hybridList('u', 'r', 'a');
    queryClient.setQueryData(listKey, []);
    queryClient.setQueryData(jobQueryKeys.iqmList('u', 'abcdef1234'), { pages: [], pageParams: [] });
    queryClient.setQueryData(['account', 'settings'], {});
    localStorage.setItem(LEGACY_KEY, '{}');

    await invalidateJobCaches(queryClient);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(jobQueryKeys.iqmList('u', 'abcdef1234'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['account', 'settings'])?.isInvalidated).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
