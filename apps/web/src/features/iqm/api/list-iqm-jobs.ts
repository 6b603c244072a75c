import {
  IQM_PAGE_SIZE,
  JOB_CACHE_TTL_MS,
  JOB_PATHS,
  iqmJobListResponse,
  type IqmJobListResponse,
} from '@hivqe/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from '../../jobs/api/job-query-keys.ts';

export function listIqmJobs(nextToken: string | null): Promise<IqmJobListResponse> {
  const query = new URLSearchParams({ max_results: String(IQM_PAGE_SIZE) });
  if (nextToken) query.set('next_token', nextToken);
  return apiClient.request(`${JOB_PATHS.iqmJobs}?${query}`, iqmJobListResponse);
}

export interface IqmJobsScope {
  userId: string;
  /** The API key's last 10 characters. */
  keyTail: string;
}

/** Pages of 10, one more for each 'Load More Jobs' while a next_token comes back; cached 30 minutes per key. */
export function useIqmJobs(scope: IqmJobsScope | null) {
  return useInfiniteQuery({
    queryKey: jobQueryKeys.iqmList(scope?.userId ?? '', scope?.keyTail ?? ''),
    queryFn: ({ pageParam }) => listIqmJobs(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_token,
    enabled: scope !== null,
    staleTime: JOB_CACHE_TTL_MS,
    gcTime: JOB_CACHE_TTL_MS,
  });
}
