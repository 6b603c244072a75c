import { hybridJob, JOB_CACHE_TTL_MS, type HybridJob } from '@hivqe/contract';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_CACHE_PREFIX } from '../../lib/auth-caches.ts';
import { JOB_QUERY_ROOT } from './api/job-query-keys.ts';

/**
 * The cloud job list is kept in local storage for 30 minutes (jobs.md 9), so a reload shows it at once. Its keys
 * are user caches, so they carry the 'auth_' prefix that logout sweeps (accounts.md 4.4).
 */
const JOB_CACHE_PREFIX = `${AUTH_CACHE_PREFIX}jobs_`;

const storedJobs = z.object({ savedAt: z.number(), jobs: z.array(hybridJob) });
export type StoredJobs = z.infer<typeof storedJobs>;

/** One entry per user, role and account: with the platform's shared default role, users must not share it. */
export const hybridJobsStorageKey = (userId: string, roleArn: string, accountId: string) =>
  `${JOB_CACHE_PREFIX}hybrid:${userId}:${accountId}:${roleArn}`;

/** The stored list while it is younger than 30 minutes; a stale or unreadable entry is dropped. */
export function readStoredJobs(key: string, now = Date.now()): StoredJobs | undefined {
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  const stored = parseStored(text);
  if (stored && now - stored.savedAt < JOB_CACHE_TTL_MS) return stored;
  localStorage.removeItem(key);
  return undefined;
}

function parseStored(text: string): StoredJobs | undefined {
  try {
    const parsed = storedJobs.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the list for the next 30 minutes when the browser has room: local storage holds about 5 MB per
 * origin, which some 10,000 jobs fill. A list too big to keep is simply not cached (and an older entry
 * dropped): the cache saves a reload, it must never fail the load.
 */
export function storeJobs(key: string, jobs: HybridJob[], now = Date.now()): void {
  const entry: StoredJobs = { savedAt: now, jobs };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    localStorage.removeItem(key);
  }
}

/** Drops every stored job list, e.g. when the settings change. */
export function clearJobCaches(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) {
    if (key?.startsWith(JOB_CACHE_PREFIX)) localStorage.removeItem(key);
  }
}

/**
 * After a job is created or cancelled, or the cloud or IQM settings change: the stored lists go and every job
 * query is marked stale, so the lists on screen reload at once and the others on their next use.
 */
export function invalidateJobCaches(queryClient: QueryClient): Promise<void> {
  clearJobCaches();
  return queryClient.invalidateQueries({ queryKey: JOB_QUERY_ROOT });
}
