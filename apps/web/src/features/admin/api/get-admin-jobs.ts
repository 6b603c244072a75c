import { ADMIN_JOBS_PATH, adminJobsResponse, type AdminJobsResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { JOB_QUERY_ROOT } from '../../jobs/api/job-query-keys.ts';

export function getAdminJobs(): Promise<AdminJobsResponse> {
  return apiClient.request(ADMIN_JOBS_PATH, adminJobsResponse);
}

/** Under the job queries' root: a cancel, from here or a job panel, reloads it with every job list. */
export const adminJobsQueryOptions = () =>
  queryOptions({ queryKey: [...JOB_QUERY_ROOT, 'admin', 'unfinished'], queryFn: getAdminJobs });

export function useAdminJobs() {
  return useQuery(adminJobsQueryOptions());
}
