import {
  JOB_PATHS,
  buildHybridJobPayload,
  createHybridJobResponse,
  type CreateHybridJobResponse,
  type JobForm,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateJobCaches } from '../job-caches.ts';

/** POST /hi-vqe/hybrid-jobs with the payload the contract builds from the form, permission_source included. */
export function createHybridJob(form: JobForm): Promise<CreateHybridJobResponse> {
  return apiClient.request(JOB_PATHS.hybridJobs, createHybridJobResponse, {
    method: 'POST',
    body: buildHybridJobPayload(form),
  });
}

/** jobs.md 4: creating a job drops the job caches and reloads the list. */
export function useCreateHybridJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHybridJob,
    onSuccess: () => invalidateJobCaches(queryClient),
  });
}
