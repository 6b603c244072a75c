import {
  ACTIVE_JOBS_POLL_MS,
  ACTIVE_JOB_STATUSES,
  DEFAULT_JOB_SORT,
  JOB_PATHS,
  dateFilterParams,
  hybridJobListResponse,
  type HybridJobListResponse,
  type JobSort,
} from '@hivqe/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { HybridJobFilters } from '../hybrid-job-filters.ts';
import { jobQueryKeys } from './job-query-keys.ts';

export interface HybridJobsScope {
  userId: string;
  roleArn: string;
  accountId: string;
}

/** The page the table shows (jobs.md 2.1): the server searches, filters, orders (newest first unless the user
 * sorts by a column) and counts. */
export interface HybridJobsView {
  page: number;
  pageSize: number;
  sort: JobSort;
  filters: HybridJobFilters;
}

/**
 * The query string of one page; the date filter is read against the clock when the page is asked for. The
 * default order is left to the server, which has the same one.
 */
export function hybridJobsPageQuery(
  { page, pageSize, sort, filters }: HybridJobsView,
  now: Date,
): URLSearchParams {
  const query = new URLSearchParams({ max_results: String(pageSize), page: String(page) });
  const narrowing = {
    sort: sort === DEFAULT_JOB_SORT ? '' : sort,
    q: filters.q,
    status_filter: filters.status,
    region: filters.region,
    device: filters.device,
    ...dateFilterParams(filters.date, now),
  };
  for (const [name, value] of Object.entries(narrowing)) if (value) query.set(name, value);
  return query;
}

/** Statuses a job leaves without anyone acting: the active ones and those on their way to an end. */
const STILL_CHANGING = new Set<string>([...ACTIVE_JOB_STATUSES, 'PENDING', 'CANCELLING', 'STOPPING']);

const listHybridJobsPage = (view: HybridJobsView): Promise<HybridJobListResponse> =>
  apiClient.request(
    `${JOB_PATHS.hybridJobs}?${hybridJobsPageQuery(view, new Date())}`,
    hybridJobListResponse,
  );

/**
 * One page, kept in memory only while on screen (gcTime 0: a cache never outlives the state it shows, so
 * coming back to the panel never shows a job as it was): every open and every page change asks the server,
 * and while any job on the page is active the page is asked for again every ACTIVE_JOBS_POLL_MS, so a job
 * that ends does not keep saying RUNNING. The previous page stays up while the next one loads.
 */
export function hybridJobsQueryOptions(
  { userId, roleArn, accountId }: HybridJobsScope,
  view: HybridJobsView,
) {
  return queryOptions({
    queryKey: [...jobQueryKeys.hybridList(userId, roleArn, accountId), view] as const,
    queryFn: () => listHybridJobsPage(view),
    placeholderData: keepPreviousData,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => STILL_CHANGING.has(job.status)) ? ACTIVE_JOBS_POLL_MS : false,
  });
}

export function useHybridJobsPage(scope: HybridJobsScope, view: HybridJobsView) {
  return useQuery(hybridJobsQueryOptions(scope, view));
}
