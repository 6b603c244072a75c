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

/**
 * jobs.md 2.5: after a cancel the job caches are dropped and the list reloads; after a refused one too, since
 * the refusal usually means the job changed (it ended) since the list was shown.
 */
export function useCancelHybridJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelHybridJob,
    onSettled: () => invalidateJobCaches(queryClient),
  });
}
