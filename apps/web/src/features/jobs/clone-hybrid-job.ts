import { CLONE_MESSAGES, cloneJobForm, type HybridJob, type JobForm } from '@hivqe/contract';
import type { QueryClient } from '@tanstack/react-query';
import { hybridJobDetailQueryOptions } from './api/get-hybrid-job-detail.ts';

/**
 * Clone (jobs.md 2.4): the job's detail mapped onto the user's default form. Fails with the spec's message
 * when the job has no hyperparameters, or when the detail cannot be fetched.
 */
export async function cloneHybridJob(
  queryClient: QueryClient,
  job: Pick<HybridJob, 'job_arn' | 'status'>,
  base: JobForm,
): Promise<JobForm> {
  const detail = await queryClient
    .fetchQuery(hybridJobDetailQueryOptions(job.job_arn, job.status))
    .catch(() => {
      throw new Error(CLONE_MESSAGES.failed);
    });
  const form = cloneJobForm(detail, base);
  if (form === null) throw new Error(CLONE_MESSAGES.noHyperparameters);
  return form;
}
