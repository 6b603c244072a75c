import { JOB_PATHS, hybridJobDetailResponse, type HybridJobDetailResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from './job-query-keys.ts';

/** The detail call of the Details modal and of Clone; frontend_status is the status the table shows. */
export function getHybridJobDetail(
  jobArn: string,
  frontendStatus?: string,
): Promise<HybridJobDetailResponse> {
  const query = new URLSearchParams({ job_arn: jobArn });
  if (frontendStatus) query.set('frontend_status', frontendStatus);
  return apiClient.request(`${JOB_PATHS.hybridJobDetail}?${query}`, hybridJobDetailResponse);
}

export const hybridJobDetailQueryOptions = (jobArn: string, frontendStatus?: string) =>
  queryOptions({
    queryKey: jobQueryKeys.hybridDetail(jobArn),
    queryFn: () => getHybridJobDetail(jobArn, frontendStatus),
  });

export function useHybridJobDetail(jobArn: string, frontendStatus?: string) {
  return useQuery(hybridJobDetailQueryOptions(jobArn, frontendStatus));
}
