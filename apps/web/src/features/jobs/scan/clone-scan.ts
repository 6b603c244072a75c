import { scanBonds, type JobForm, type ScanResponse } from '@hivqe/contract';
import type { QueryClient } from '@tanstack/react-query';
import { cloneHybridJob } from '../clone-hybrid-job.ts';

/** Clone Scan: the settings of the scan's first job, with every bond length of the scan (issue 11 §3). */
export async function cloneScan(
  queryClient: QueryClient,
  scan: ScanResponse,
  base: JobForm,
): Promise<JobForm> {
  const [first] = scan.jobs;
  const form = await cloneHybridJob(queryClient, first, base);
  return { ...form, ...scanBonds(scan) };
}
