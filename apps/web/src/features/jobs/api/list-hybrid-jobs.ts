import {
  JOB_CACHE_TTL_MS,
  JOB_LIST_FETCH_SIZE,
  JOB_PATHS,
  hybridJobListResponse,
  type HybridJob,
  type HybridJobListResponse,
} from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hybridJobsStorageKey, readStoredJobs, storeJobs } from '../job-caches.ts';
import { jobQueryKeys } from './job-query-keys.ts';

function listHybridJobsPage(nextToken: string | null): Promise<HybridJobListResponse> {
  const query = new URLSearchParams({ max_results: String(JOB_LIST_FETCH_SIZE) });
  if (nextToken) query.set('next_token', nextToken);
  return apiClient.request(`${JOB_PATHS.hybridJobs}?${query}`, hybridJobListResponse);
}

const newestFirst = (a: HybridJob, b: HybridJob) => Date.parse(b.created_at) - Date.parse(a.created_at);

/** Every job of the account: pages of 100 while a next_token comes back, newest first (jobs.md 2.1, 7). */
export async function listAllHybridJobs(): Promise<HybridJob[]> {
  const jobs: HybridJob[] = [];
  let nextToken: string | null = null;
  do {
    const page = await listHybridJobsPage(nextToken);
    jobs.push(...page.jobs);
    nextToken = page.next_token;
  } while (nextToken);
  return jobs.sort(newestFirst);
}

export interface HybridJobsScope {
  userId: string;
  roleArn: string;
  accountId: string;
}

/** The list, cached 30 minutes in memory and in local storage under the user, role and account. */
export function hybridJobsQueryOptions({ userId, roleArn, accountId }: HybridJobsScope) {
  const storageKey = hybridJobsStorageKey(userId, roleArn, accountId);
  return queryOptions({
    queryKey: jobQueryKeys.hybridList(userId, roleArn, accountId),
    queryFn: async () => {
      const jobs = await listAllHybridJobs();
      storeJobs(storageKey, jobs);
      return jobs;
    },
    initialData: () => readStoredJobs(storageKey)?.jobs,
    initialDataUpdatedAt: () => readStoredJobs(storageKey)?.savedAt,
    staleTime: JOB_CACHE_TTL_MS,
    gcTime: JOB_CACHE_TTL_MS,
  });
}

export function useHybridJobs(scope: HybridJobsScope | null) {
  return useQuery({
    ...hybridJobsQueryOptions(scope ?? { userId: '', roleArn: '', accountId: '' }),
    enabled: scope !== null,
  });
}
