import {
  JOB_PATHS,
  LOG_POLL_INTERVAL_MS,
  hybridJobLogsResponse,
  type HybridJobLogsResponse,
} from '@hivqe/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

export function getHybridJobLogs(jobArn: string): Promise<HybridJobLogsResponse> {
  return apiClient.request(
    `${JOB_PATHS.hybridJobLogs}?${new URLSearchParams({ job_arn: jobArn })}`,
    hybridJobLogsResponse,
  );
}

/**
 * jobs.md 2.3: read when the monitor opens, so that the drawer's header can say how many events there are, and
 * read again once the job has finished (`finished` is part of the key: the finished job's logs are a new read,
 * whatever was read while it ran); polled every 5 seconds while `polling` (the drawer open on a running job).
 */
export function useHybridJobLogs(
  jobArn: string,
  { finished, polling }: { finished: boolean; polling: boolean },
) {
  return useQuery({
    queryKey: [...jobQueryKeys.hybridLogs(jobArn), { finished }],
    queryFn: () => getHybridJobLogs(jobArn),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: polling ? LOG_POLL_INTERVAL_MS : false,
  });
}
