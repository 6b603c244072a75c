import type { QueryClient } from '@tanstack/react-query';
import { AUTH_CACHE_PREFIX } from '../../lib/auth-caches.ts';
import { JOB_QUERY_ROOT } from './api/job-query-keys.ts';

/**
 * Earlier versions kept the whole cloud job list in local storage (up to some 9 MiB) under this prefix. The
 * list is now asked for page by page and kept in memory only, so these entries are only ever swept.
 */
const LEGACY_JOB_CACHE_PREFIX = `${AUTH_CACHE_PREFIX}jobs_`;

/** Drops the job lists earlier versions stored. */
export function clearJobCaches(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) {
    if (key?.startsWith(LEGACY_JOB_CACHE_PREFIX)) localStorage.removeItem(key);
  }
}

/**
 * After a job is created or cancelled, or the cloud or IQM settings change: every job query is marked stale,
 * so the lists on screen reload at once and the others on their next use.
 */
export function invalidateJobCaches(queryClient: QueryClient): Promise<void> {
  clearJobCaches();
  return queryClient.invalidateQueries({ queryKey: JOB_QUERY_ROOT });
}
