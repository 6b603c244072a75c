import {
  ACTIVE_JOBS_POLL_MS,
  JOB_PATHS,
  cancelScanResponse,
  isTerminalJobStatus,
  scanResponse,
  type CancelScanResponse,
  type ScanResponse,
} from '@hivqe/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKeys } from '../api/job-query-keys.ts';
import { invalidateJobCaches } from '../job-caches.ts';

const scanPath = (path: string, scanId: string) => `${path}?${new URLSearchParams({ scan_id: scanId })}`;

export const getScan = (scanId: string): Promise<ScanResponse> =>
  apiClient.request(scanPath(JOB_PATHS.hybridJobScan, scanId), scanResponse);

export const cancelScan = (scanId: string): Promise<CancelScanResponse> =>
  apiClient.request(scanPath(JOB_PATHS.hybridJobScanCancel, scanId), cancelScanResponse, { method: 'POST' });

/** A scan is still filling in while any of its jobs has not reached a terminal status. */
export const scanInProgress = (scan: ScanResponse) =>
  scan.jobs.some((job) => !isTerminalJobStatus(job.status));

/** The scan view's data: asked again every few seconds while a job of the scan is queued or running. */
export const scanQueryOptions = (scanId: string) =>
  queryOptions({
    queryKey: jobQueryKeys.hybridScan(scanId),
    queryFn: () => getScan(scanId),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data !== undefined && scanInProgress(query.state.data) ? ACTIVE_JOBS_POLL_MS : false,
  });

export const useScan = (scanId: string) => useQuery(scanQueryOptions(scanId));

/** Cancelling a scan changes its jobs: the job caches (the scan's among them) are dropped, refused or not. */
export function useCancelScan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelScan, onSettled: () => invalidateJobCaches(queryClient) });
}
