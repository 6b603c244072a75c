import {
  JOB_PATHS,
  buildHybridJobPayload,
  createHybridJobResponse,
  type CreateHybridJobResponse,
  type JobForm,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { createIdempotencyKeys } from '../../../lib/idempotency-keys.ts';
import { invalidateJobCaches } from '../job-caches.ts';

/**
 * POST /hi-vqe/hybrid-jobs with the payload the contract builds from the form, permission_source included;
 * `keys` give the create action's Idempotency-Key, so sending it again after a failure creates no second job.
 */
export function createHybridJob(
  form: JobForm,
  keys: ReturnType<typeof createIdempotencyKeys>,
): Promise<CreateHybridJobResponse> {
  const body = buildHybridJobPayload(form);
  return apiClient.request(JOB_PATHS.hybridJobs, createHybridJobResponse, {
    method: 'POST',
    body,
    headers: keys.headersFor(body),
  });
}

/** jobs.md 4: creating a job drops the job caches and reloads the list. */
export function useCreateHybridJob() {
  const queryClient = useQueryClient();
  const [keys] = useState(createIdempotencyKeys);
  return useMutation({
    mutationFn: (form: JobForm) => createHybridJob(form, keys),
    onSuccess: () => {
      keys.succeeded();
      return invalidateJobCaches(queryClient);
    },
  });
}
