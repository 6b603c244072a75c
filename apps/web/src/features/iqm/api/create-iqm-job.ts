import {
  JOB_PATHS,
  buildIqmJobPayload,
  createIqmJobResponse,
  type CreateIqmJobResponse,
  type JobForm,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { createIdempotencyKeys } from '../../../lib/idempotency-keys.ts';
import { invalidateJobCaches } from '../../jobs/job-caches.ts';

/** POST /hi-vqe/iqm-jobs with the wizard's payload (reading B of jobs.md 3), permission_source included. */
export function createIqmJob(
  form: JobForm,
  keys: ReturnType<typeof createIdempotencyKeys>,
): Promise<CreateIqmJobResponse> {
  const body = buildIqmJobPayload(form, new Date());
  return apiClient.request(JOB_PATHS.iqmJobs, createIqmJobResponse, {
    method: 'POST',
    body,
    headers: keys.headersFor(body),
  });
}

export function useCreateIqmJob() {
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: (form: JobForm) => createIqmJob(form, keys),
    onSuccess: () => {
      keys.succeeded();
      return invalidateJobCaches(queryClient);
    },
  });
}
