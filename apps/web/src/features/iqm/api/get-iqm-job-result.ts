import { JOB_PATHS, jobIdFromArn, jobResultDocument, type JobResultDocument } from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from '../../jobs/api/job-query-keys.ts';

/** GET /hi-vqe/iqm-jobs/{id}/result: the job's result document, every molecule of its scan. */
export function getIqmJobResult(jobArn: string): Promise<JobResultDocument> {
  return apiClient.request(JOB_PATHS.iqmJobResult(jobIdFromArn(jobArn)), jobResultDocument);
}

/** The result document, fetched each time a view of the job opens (it changes as each molecule finishes). */
export function useIqmJobResult(jobArn: string) {
  return useQuery({
    queryKey: jobQueryKeys.iqmResult(jobIdFromArn(jobArn)),
    queryFn: () => getIqmJobResult(jobArn),
    staleTime: 0,
  });
}
