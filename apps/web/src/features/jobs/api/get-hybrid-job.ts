import {
  FORCE_REFRESH_HEADER,
  JOB_PATHS,
  LOG_POLL_INTERVAL_MS,
  hybridJob,
  isTerminalJobStatus,
  type HybridJob,
} from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

/** One job as it is now; X-Force-Refresh asks the server to skip its own cache. */
export function getHybridJob(jobArn: string): Promise<HybridJob> {
  return apiClient.request(`${JOB_PATHS.hybridJob}?${new URLSearchParams({ job_arn: jobArn })}`, hybridJob, {
    headers: { [FORCE_REFRESH_HEADER]: 'true' },
  });
}

/** A monitored job is fetched again every 5 seconds until it reaches a terminal status. */
export const pollUntilTerminal = (query: { state: { data?: { status: string } } }) =>
  isTerminalJobStatus(query.state.data?.status) ? false : LOG_POLL_INTERVAL_MS;

/**
 * The monitor's view of a job: it starts from the list's copy and is fetched again every 5 seconds until the
 * job reaches a terminal status, so the header and the chart follow the run.
 */
export const hybridJobQueryOptions = (job: HybridJob) =>
  queryOptions({
    queryKey: jobQueryKeys.hybridJob(job.job_arn),
    queryFn: () => getHybridJob(job.job_arn),
    initialData: job,
    staleTime: 0,
    refetchInterval: pollUntilTerminal,
  });

export function useLiveHybridJob(job: HybridJob) {
  return useQuery(hybridJobQueryOptions(job));
}
