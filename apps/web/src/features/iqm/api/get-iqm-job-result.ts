import { JOB_PATHS, jobIdFromArn, jobResultDocument, type JobResultDocument } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /hi-vqe/iqm-jobs/{id}/result: the job's result document, every molecule of its scan. */
export function getIqmJobResult(jobArn: string): Promise<JobResultDocument> {
  return apiClient.request(JOB_PATHS.iqmJobResult(jobIdFromArn(jobArn)), jobResultDocument);
}
