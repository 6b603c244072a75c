import { JOB_PATHS, iqmJob, jobIdFromArn, type IqmJob } from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { pollUntilTerminal } from '../../jobs/api/get-hybrid-job.ts';
import { jobQueryKeys } from '../../jobs/api/job-query-keys.ts';

/** GET /hi-vqe/iqm-jobs/{id}, where id is the last '/'-segment of the job ARN. */
export function getIqmJob(jobArn: string): Promise<IqmJob> {
  return apiClient.request(JOB_PATHS.iqmJob(jobIdFromArn(jobArn)), iqmJob);
}

/** The job as it is now; the list's copy is shown until the answer arrives. */
export function useIqmJob(job: IqmJob) {
  return useQuery({
    queryKey: jobQueryKeys.iqmJob(jobIdFromArn(job.job_arn)),
    queryFn: () => getIqmJob(job.job_arn),
    placeholderData: job,
  });
}

/** The monitor's view of the job: fetched again every 5 seconds until it reaches a terminal status. */
export function useLiveIqmJob(job: IqmJob) {
  return useQuery({
    queryKey: jobQueryKeys.iqmJob(jobIdFromArn(job.job_arn)),
    queryFn: () => getIqmJob(job.job_arn),
    initialData: job,
    staleTime: 0,
    refetchInterval: pollUntilTerminal,
  });
}
