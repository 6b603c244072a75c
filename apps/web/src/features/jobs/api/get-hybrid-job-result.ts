import { JOB_PATHS, jobResultDocument, type JobResultDocument } from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

export function getHybridJobResult(jobArn: string): Promise<JobResultDocument> {
  return apiClient.request(
    `${JOB_PATHS.hybridJobResult}?${new URLSearchParams({ job_arn: jobArn })}`,
    jobResultDocument,
  );
}

/**
 * The job's result document. It changes when a molecule finishes, not at each iteration, so it is not
 * polled: the monitor asks again once the job has ended.
 */
export function useHybridJobResult(jobArn: string) {
  return useQuery({
    queryKey: jobQueryKeys.hybridResult(jobArn),
    queryFn: () => getHybridJobResult(jobArn),
    staleTime: 0,
  });
}
