import {
  JOB_PATHS,
  buildIqmJobPayload,
  createIqmJobResponse,
  type CreateIqmJobResponse,
  type JobForm,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateJobCaches } from '../../jobs/job-caches.ts';

/** POST /hi-vqe/iqm-jobs with the wizard's payload (reading B of jobs.md 3), permission_source included. */
export function createIqmJob(form: JobForm): Promise<CreateIqmJobResponse> {
  return apiClient.request(JOB_PATHS.iqmJobs, createIqmJobResponse, {
    method: 'POST',
    body: buildIqmJobPayload(form, new Date()),
  });
}

export function useCreateIqmJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIqmJob,
    onSuccess: () => invalidateJobCaches(queryClient),
  });
}
