import { z } from 'zod';
import { isoTimestamp } from './fields.ts';
import { moleculeResult } from './job-result.ts';
import type { JobBonds } from './job-form.ts';
import { jobStatus } from './statuses.ts';

/**
 * A bond scan (issue 11 §3): the jobs one create made from several bond lengths, sharing a scan id and name.
 * GET /hi-vqe/hybrid-jobs/scan reads it, POST /hi-vqe/hybrid-jobs/scan/cancel cancels its active jobs.
 */

export const SCAN_MESSAGES = {
  /** Also for another user's scan, so scan ids do not leak. */
  notFound: 'Scan not found',
  nothingToCancel: 'No job of this scan is queued or running; there is nothing to cancel.',
  /** 429: the scan's jobs would take the user past MAX_ACTIVE_JOBS_PER_USER; none is created. */
  tooManyActiveJobs: (limit: number, active: number, jobs: number) =>
    `This scan would add ${jobs} jobs to your ${active} active ones (queued or running); one user may have at ` +
    `most ${limit} at once. Create fewer bond lengths, or wait for jobs to finish or cancel some.`,
} as const;

export const scanQuery = z.object({ scan_id: z.uuid({ message: 'scan_id must be a scan id (a UUID)' }) });
export type ScanQuery = z.infer<typeof scanQuery>;

/** How a list item or job says it belongs to a scan; null for a job created alone. */
export const jobScan = z.object({ scan_id: z.string(), scan_name: z.string() }).nullable();
export type JobScan = z.infer<typeof jobScan>;

/** One point of the potential-energy curve: a job, its bond length, and its molecule's result once it has one. */
export const scanJob = z.object({
  job_arn: z.string(),
  job_name: z.string(),
  status: jobStatus,
  failure_reason: z.string().nullable(),
  /** Å, from the bond-length key the job was created under (its geometry_tag). */
  bond_length: z.number(),
  result: moleculeResult,
});
export type ScanJob = z.infer<typeof scanJob>;

export const scanResponse = z.object({
  scan_id: z.string(),
  scan_name: z.string(),
  created_at: isoTimestamp,
  /** By bond length, shortest first. */
  jobs: z.array(scanJob),
});
export type ScanResponse = z.infer<typeof scanResponse>;

export const cancelScanResponse = z.object({
  scan_id: z.string(),
  /** The jobs this call cancelled, each with Braket's cancellationStatus. */
  jobs: z.array(z.object({ job_arn: z.string(), status: z.enum(['CANCELLING', 'CANCELLED']) })),
});
export type CancelScanResponse = z.infer<typeof cancelScanResponse>;

/**
 * Clone of a scan (issue 11 §3): every bond length with its geometry, and the exact energies the user gave, so
 * the form recreates the whole scan; the settings come from a job of the scan (cloneJobForm).
 */
export function scanBonds(scan: ScanResponse): JobBonds {
  const tagged = scan.jobs.flatMap(({ result }) =>
    result.geometry_tag === null ? [] : [{ ...result, geometry_tag: result.geometry_tag }],
  );
  return {
    molecules: Object.fromEntries(tagged.map((job) => [job.geometry_tag, job.molecule_geometry])),
    exactEnergies: Object.fromEntries(
      tagged.flatMap((job) =>
        job.reference?.source === 'user' ? [[job.geometry_tag, job.reference.energy]] : [],
      ),
    ),
  };
}
