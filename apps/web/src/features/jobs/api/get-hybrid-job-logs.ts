import {
  JOB_PATHS,
  LOG_POLL_INTERVAL_MS,
  hybridJobLogsResponse,
  type HybridJobLogsResponse,
} from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

export function getHybridJobLogs(jobArn: string): Promise<HybridJobLogsResponse> {
  return apiClient.request(
    `${JOB_PATHS.hybridJobLogs}?${new URLSearchParams({ job_arn: jobArn })}`,
    hybridJobLogsResponse,
  );
}

/**
 * jobs.md 2.3: loaded while the drawer is open and polled every 5 seconds unless the job has finished; closing
 * the drawer (enabled false) stops the polling.
 */
export function useHybridJobLogs(jobArn: string, { open, finished }: { open: boolean; finished: boolean }) {
  return useQuery({
    queryKey: jobQueryKeys.hybridLogs(jobArn),
    queryFn: () => getHybridJobLogs(jobArn),
    enabled: open,
    staleTime: 0,
    refetchInterval: open && !finished ? LOG_POLL_INTERVAL_MS : false,
  });
}
