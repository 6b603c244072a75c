import { JOB_PATHS, cancelHybridJobResponse, type CancelHybridJobResponse } from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateJobCaches } from '../job-caches.ts';

export function cancelHybridJob(jobArn: string): Promise<CancelHybridJobResponse> {
  return apiClient.request(
    `${JOB_PATHS.hybridJobCancel}?${new URLSearchParams({ job_arn: jobArn })}`,
    cancelHybridJobResponse,
    { method: 'POST' },
  );
}

/** jobs.md 2.5: after a cancel the job caches are dropped and the list reloads. */
export function useCancelHybridJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelHybridJob,
    onSuccess: () => invalidateJobCaches(queryClient),
  });
}
