import {
  JOB_PATHS,
  LOG_POLL_INTERVAL_MS,
  hybridJobMetricsResponse,
  type HybridJobMetricsResponse,
} from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

export function getHybridJobMetrics(jobArn: string): Promise<HybridJobMetricsResponse> {
  return apiClient.request(
    `${JOB_PATHS.hybridJobMetrics}?${new URLSearchParams({ job_arn: jobArn })}`,
    hybridJobMetricsResponse,
  );
}

/** The energy points of the convergence chart, polled every 5 seconds while the job runs. */
export function useHybridJobMetrics(jobArn: string, { finished }: { finished: boolean }) {
  return useQuery({
    queryKey: jobQueryKeys.hybridMetrics(jobArn),
    queryFn: () => getHybridJobMetrics(jobArn),
    staleTime: 0,
    refetchInterval: finished ? false : LOG_POLL_INTERVAL_MS,
  });
}
